import CSDL2
import Foundation
import Geometry
import Gestures
import Testing
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering
@testable import Viewing
import Events

/// Photos added to and removed from a watched folder while PhotoZoom runs (issue 19): the pipeline
/// turns inotify's events into one `photos` event per frame, its own indices change with the
/// viewer's, and a removed photo's decodes and warnings stop.
@Suite("Photos added to and removed from a watched folder", .serialized)
struct FolderChangeTests {
    typealias RGB = TestImages.RGB

    static func jpeg(_ w: Int, _ h: Int, _ c: RGB) -> [UInt8] { TestImages.jpeg(width: w, height: h) { _, _ in c } }

    /// A pipeline on `catalog` that adds new photos (one decoder), a software canvas for it and a
    /// viewer on the catalog's photos: one watched session.
    static func watching(_ catalog: PhotoCatalog, warn: @escaping (String) -> Void) -> (PhotoPipeline, SoftwareCanvas, Viewer) {
        var limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        limits.addsNewPhotos = true
        return (PhotoPipeline(catalog: catalog, limits: limits, warn: warn), SoftwareCanvas(width: 640, height: 400),
                Viewer(photos: catalog.photos, windowSize: Size(640, 400)))
    }

    /// Frames until `done` (the pipeline's own loop, like the app's: take events, then prepare),
    /// at most `frameLimit`: a bound on work, not on time (a decode on a busy machine may take
    /// seconds; each frame yields the processor for at least half a millisecond meanwhile).
    ///
    /// No test here sleeps before its frames to let the watcher "see" a change: inotify queues an
    /// event inside the system call that makes it (`write` + `close`, `unlink`, `rename`), so once
    /// that call has returned the next `changedPaths()` reads it, and one frame takes a whole burst.
    static let frameLimit = 60_000

    static func run(_ pipeline: PhotoPipeline, _ viewer: inout Viewer, canvas: SoftwareCanvas, time: inout Double,
                    events: inout [InputEvent], until done: (Viewer) -> Bool) -> Bool {
        for _ in 0..<frameLimit {
            time += 1.0 / 60
            for e in pipeline.takePhotoSizeEvents(at: time) {
                events.append(e)
                viewer.handle(e)
            }
            viewer.handle(.frame(time))
            let scene = viewer.scene()
            pipeline.prepare(for: SceneDemand(visibleCells: scene.cells.map(\.photo), cellPixels: 32,
                                              largePhotos: scene.photos.map(\.photo), windowPixels: (640, 400)),
                             renderer: canvas.renderer)
            if done(viewer) && pipeline.isIdle { return true }
            usleep(500)
        }
        return false
    }

    @Test("a photo copied in, one deleted and one renamed away reach the viewer as photos events in name order; textures follow their photos")
    func addedAndRemoved() throws {
        let dir = TestImages.folder()
        let colours = [RGB(220, 20, 20), RGB(20, 220, 20), RGB(20, 20, 220), RGB(220, 220, 20)]
        let names = ["img2.jpg", "img4.jpg", "img10.jpg", "img12.jpg"]
        for (n, c) in zip(names, colours) { TestImages.write(Self.jpeg(64, 48, c), n, in: dir) }
        let log = WarningLog()
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: log.append)
        var limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        limits.addsNewPhotos = true
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: log.append)
        let canvas = SoftwareCanvas(width: 640, height: 400)
        var viewer = Viewer(photos: catalog.photos, windowSize: Size(640, 400))
        var time = 0.0, events: [InputEvent] = []
        #expect(Self.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { _ in (0..<4).allSatisfy(pipeline.hasThumbnail) })
        #expect(viewer.photos.map(\.name) == names)

        // One frame's burst: a portrait photo copied in (natural order puts img3 after img2), img4
        // deleted, img12 renamed out of sight (a hidden name), a text file and a half-written photo
        // (still open) ignored.
        TestImages.write(Self.jpeg(48, 64, RGB(250, 250, 250)), "img3.jpg", in: dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("img4.jpg"))
        try FileManager.default.moveItem(at: dir.appendingPathComponent("img12.jpg"), to: dir.appendingPathComponent(".img12.jpg"))
        try Data("notes".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        let black = Self.jpeg(64, 48, RGB(0, 0, 0))
        let partial = open(dir.appendingPathComponent("img5.jpg").path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(partial >= 0 && write(partial, black, 100) == 100)
        events = []
        #expect(Self.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { v in
            v.photos.count == 3 && v.photos[1].pixelSize == Size(48, 64) && (0..<3).allSatisfy(pipeline.hasThumbnail)
        })
        #expect(viewer.photos.map(\.name) == ["img2.jpg", "img3.jpg", "img10.jpg"])
        let changes = events.compactMap { if case let .photos(c) = $0.kind { c } else { nil } }
        #expect(changes == [PhotoListChange(removed: [1, 3], added: [.init(index: 1, name: "img3.jpg")])])
        #expect(events.contains(where: { $0.kind == .photoSize(index: 1, size: Size(48, 64)) }))
        // Each index draws its own photo: img3's texture is the portrait one, img10's the blue landscape.
        let t1 = try #require(pipeline.texture(for: 1, preferFull: false)), t2 = try #require(pipeline.texture(for: 2, preferFull: false))
        #expect(t1.height > t1.width && t2.width > t2.height)
        #expect(pipeline.statistics.photosAdded == 1 && pipeline.statistics.photosRemoved == 2)

        // The half-written photo joins when its writer closes it.
        let rest = Array(black.dropFirst(100))
        #expect(write(partial, rest, rest.count) == rest.count && close(partial) == 0)
        #expect(Self.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { v in v.photos.count == 4 && pipeline.hasThumbnail(2) })
        #expect(viewer.photos.map(\.name) == ["img2.jpg", "img3.jpg", "img5.jpg", "img10.jpg"])
        #expect(log.lines.isEmpty, "\(log.lines)")
        withExtendedLifetime(canvas) {}
    }

    @Test("under -r a photo added to a subfolder is named by its path under the folder opened, as its neighbours are")
    func addedInSubfolderKeepsItsPath() throws {
        let dir = TestImages.folder()
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
            TestImages.write(Self.jpeg(64, 48, RGB(9, 9, 9)), "x.jpg", in: dir.appendingPathComponent(sub))
        }
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path, recursive: true), isolation: .inProcess, warn: { _ in })
        let (pipeline, canvas, start) = Self.watching(catalog, warn: { Issue.record("warning \($0)") })
        var viewer = start, time = 0.0, events: [InputEvent] = []
        #expect(Self.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { _ in pipeline.hasThumbnail(1) })
        #expect(viewer.photos.map(\.name) == ["a/x.jpg", "b/x.jpg"])
        // b/ gains y.jpg, which sorts after b/x.jpg: index 2, named b/y.jpg (not a bare y.jpg).
        TestImages.write(Self.jpeg(64, 48, RGB(9, 9, 9)), "y.jpg", in: dir.appendingPathComponent("b"))
        events = []
        #expect(Self.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { v in v.photos.count == 3 })
        #expect(viewer.photos.map(\.name) == ["a/x.jpg", "b/x.jpg", "b/y.jpg"])
        let changes = events.compactMap { if case let .photos(c) = $0.kind { c } else { nil } }
        #expect(changes == [PhotoListChange(added: [.init(index: 2, name: "b/y.jpg")])])
        withExtendedLifetime(canvas) {}
    }

    @Test("a photo named one by one on the command line does not bring its folder's new photos in")
    func fileListsDoNotGrow() throws {
        let dir = TestImages.folder()
        let a = TestImages.write(Self.jpeg(64, 48, RGB(1, 2, 3)), "a.jpg", in: dir)
        let catalog = PhotoCatalog(files: [a], isolation: .inProcess, warn: { _ in })
        let pipeline = PhotoPipeline(catalog: catalog, limits: .oneDecoder(.inProcess), warn: { Issue.record("warning \($0)") })
        let canvas = SoftwareCanvas(width: 640, height: 400)
        var viewer = Viewer(photos: catalog.photos, windowSize: Size(640, 400))
        var time = 0.0, events: [InputEvent] = []
        #expect(Self.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { _ in pipeline.hasThumbnail(0) })
        TestImages.write(Self.jpeg(64, 48, RGB(1, 2, 3)), "b.jpg", in: dir)
        for _ in 0..<5 { _ = Self.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { _ in true } }
        #expect(viewer.photos.map(\.name) == ["a.jpg"] && events.isEmpty)
        withExtendedLifetime(canvas) {}
    }

    @Test("a photo copied into a folder shown by date modified takes its place by date, not by name")
    func addedIntoSortedList() throws {
        let dir = TestImages.folder()
        // Modified: c oldest, a, then b newest; the new photo (0.jpg, first by name) is newer still.
        let dated = [("a.jpg", 1_600_000_000.0), ("b.jpg", 1_600_000_100.0), ("c.jpg", 1_500_000_000.0)]
        for (n, t) in dated {
            TestImages.write(Self.jpeg(64, 48, RGB(90, 90, 90)), n, in: dir)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: t)],
                                                  ofItemAtPath: dir.appendingPathComponent(n).path)
        }
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { _ in })
        var (pipeline, canvas, viewer) = Self.watching(catalog, warn: { _ in })
        var time = 0.0, events: [InputEvent] = []
        pipeline.sort(by: .dateModified)
        #expect(Self.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { $0.photos.map(\.name) == ["c.jpg", "a.jpg", "b.jpg"] })
        TestImages.write(Self.jpeg(64, 48, RGB(200, 90, 90)), "0.jpg", in: dir)
        #expect(Self.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { $0.photos.count == 4 })
        // By name it would come first; by date modified (now) it is last.
        #expect(viewer.photos.map(\.name) == ["c.jpg", "a.jpg", "b.jpg", "0.jpg"])
        withExtendedLifetime(canvas) {}
    }
}
