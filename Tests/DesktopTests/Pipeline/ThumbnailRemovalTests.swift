import Foundation
import Testing
@testable import App
@testable import PhotoFiles
@testable import ImageFormats
@testable import Decoding
@testable import PhotoLoading
@testable import Rendering

/// A photo turned in place keeps its modification time, all other programs check of a shared
/// thumbnail: its entries go, in every size and in the failure marks (issue 32).
@Suite("Shared thumbnail entries of a turned photo are removed, every size and fail/ mark; other photos' stay")
struct ThumbnailRemovalTests {
    @Test("entries in normal, large and xx-large and a fail/ mark of kite.jpg go (4 removed); moss.jpg's large entry stays")
    func removesEveryEntryOfTheFile() throws {
        let root = TestImages.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = FreedesktopThumbnailCache(directory: root)
        let kite = "/photos/kite.jpg", moss = "/photos/moss.jpg"
        var made: [String] = []
        for sizeClass in [FreedesktopThumbnailCache.SizeClass.normal, .large, .xxLarge] {
            made.append(cache.entryPath(forFile: kite, sizeClass: sizeClass))
        }
        let name = MD5.hex(Array(FreedesktopThumbnailCache.uri(forPath: kite).utf8)) + ".png"
        made.append(root.appendingPathComponent("fail/gnome-thumbnail-factory/" + name).path)
        let other = cache.entryPath(forFile: moss, sizeClass: .large)
        for path in made + [other] {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
        }
        #expect(cache.removeEntries(forFile: kite) == 4)
        #expect(made.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(cache.removeEntries(forFile: kite) == 0)
    }
}
