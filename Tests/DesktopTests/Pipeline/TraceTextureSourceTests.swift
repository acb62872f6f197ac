import Foundation
import Geometry
import Testing
@testable import PhotoLoading
import Viewing
import Drawing

@Suite("Replay finds a trace's photos by their path under the folder; older traces' bare names still match")
struct TraceTextureSourceTests {
    static func photo(_ name: String) -> Photo { Photo(name: name, pixelSize: Size(4, 3)) }

    @Test("a/x.jpg and b/x.jpg are two files, each matched to its own; a path the folder lacks matches nothing")
    func relativeNames() throws {
        let dir = try PhotoSelectionTests.tree("replaynames", ["x.jpg", "a/x.jpg", "b/x.jpg"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = ["a/x.jpg", "b/x.jpg", "x.jpg", "c/x.jpg"].map(Self.photo)
        let folder = try TraceTextureSource.folder(for: photos, path: dir.path)
        let source = TraceTextureSource(photos: photos, folder: folder, warn: { _ in })
        let matched = source.fileIndex.map { $0.map { folder.names[$0] } }
        #expect(matched == ["a/x.jpg", "b/x.jpg", "x.jpg", nil])
        #expect(source.missingCount == 1)
    }

    @Test("an older trace's bare names match the folder's own files first, else the first file of that name in a subfolder")
    func bareNames() throws {
        let dir = try PhotoSelectionTests.tree("replaybare", ["x.jpg", "a/x.jpg", "a/y.jpg", "b/y.jpg"])
        defer { try? FileManager.default.removeItem(at: dir) }
        // Every bare name is at the top: the folder is listed flat, as before.
        let top = [Self.photo("x.jpg")]
        #expect(try TraceTextureSource.folder(for: top, path: dir.path).names == ["x.jpg"])
        // y.jpg is only in subfolders: listed deep, matched to the first in natural order (a/).
        let deep = ["x.jpg", "y.jpg"].map(Self.photo)
        let folder = try TraceTextureSource.folder(for: deep, path: dir.path)
        let source = TraceTextureSource(photos: deep, folder: folder, warn: { _ in })
        #expect(source.fileIndex.map { $0.map { folder.names[$0] } } == ["x.jpg", "a/y.jpg"])
    }
}
