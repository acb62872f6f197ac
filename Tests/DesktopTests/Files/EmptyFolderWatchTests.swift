import Foundation
import Geometry
import Testing
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering
@testable import Viewing
import Events

/// A folder shown with no photo in it yet (issue 42): the folder is watched all the same, so a
/// photo copied in joins the list. Before, the watcher watched the folders of the photos listed,
/// and an empty list had none: a photo added to a folder that was empty at start never appeared.
/// The same holds for a folder the list is replaced with (Ctrl+O's chooser, a drop), and the
/// folder left behind is no longer watched.
@Suite("A folder that was empty when shown: photos added to it appear", .serialized)
struct EmptyFolderWatchTests {
    typealias RGB = TestImages.RGB

    static func jpeg(_ c: RGB) -> [UInt8] { TestImages.jpeg(width: 64, height: 48) { _, _ in c } }

    /// A pipeline that adds new photos to the list, showing `folder` with `catalog`'s photos.
    static func pipeline(_ catalog: PhotoCatalog, folder: String?) -> PhotoPipeline {
        var limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        limits.addsNewPhotos = true
        return PhotoPipeline(catalog: catalog, limits: limits, folder: folder, warn: { Issue.record("warning \($0)") })
    }

    @Test("a photo copied into a folder shown empty joins the list as a photos event")
    func photoAddedToEmptyFolderAppears() throws {
        let dir = TestImages.folder()
        let catalog = PhotoCatalog(files: [], isolation: .inProcess, warn: { _ in })
        let pipeline = Self.pipeline(catalog, folder: dir.path)
        let canvas = SoftwareCanvas(width: 640, height: 400)
        var viewer = Viewer(photos: [], windowSize: Size(640, 400))
        var time = 0.0, events: [InputEvent] = []
        #expect(FolderChangeTests.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { _ in true })
        TestImages.write(Self.jpeg(RGB(200, 30, 30)), "first.jpg", in: dir)
        #expect(FolderChangeTests.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { v in v.photos.count == 1 },
                "the photo copied into the empty folder never joined the list")
        #expect(viewer.photos.map(\.name) == ["first.jpg"])
        let changes = events.compactMap { if case let .photos(c) = $0.kind { c } else { nil } }
        #expect(changes == [PhotoListChange(added: [.init(index: 0, name: "first.jpg")])])
        withExtendedLifetime(canvas) {}
    }

    @Test("after the list is replaced with an empty folder, a photo added there joins it; one added to the folder left behind does not")
    func replacedWithEmptyFolder() throws {
        let old = TestImages.folder(), empty = TestImages.folder("replacedWithEmptyFolderNew")
        TestImages.write(Self.jpeg(RGB(10, 200, 10)), "a.jpg", in: old)
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: old.path), isolation: .inProcess, warn: { _ in })
        let pipeline = Self.pipeline(catalog, folder: old.path)
        let canvas = SoftwareCanvas(width: 640, height: 400)
        var viewer = Viewer(photos: catalog.photos, windowSize: Size(640, 400))
        var time = 0.0, events: [InputEvent] = []
        #expect(FolderChangeTests.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { _ in pipeline.hasThumbnail(0) })
        pipeline.replaceList(with: [], folder: empty.path)
        #expect(FolderChangeTests.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { v in v.photos.isEmpty })
        // One burst: a photo into the folder left behind, then one into the folder shown.
        TestImages.write(Self.jpeg(RGB(10, 10, 200)), "b.jpg", in: old)
        TestImages.write(Self.jpeg(RGB(200, 200, 10)), "new.jpg", in: empty)
        #expect(FolderChangeTests.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { v in v.photos.count == 1 },
                "the photo copied into the folder shown never joined the list")
        #expect(viewer.photos.map(\.name) == ["new.jpg"])
        withExtendedLifetime(canvas) {}
    }
}
