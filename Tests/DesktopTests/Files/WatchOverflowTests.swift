import Foundation
import Geometry
import Testing
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering
@testable import Viewing

/// More changes at once than inotify's queue holds (16,384 events by default,
/// /proc/sys/fs/inotify/max_queued_events) lose events, and the kernel says so with one
/// IN_Q_OVERFLOW (issue 43): the folders shown are then listed again, so every photo that arrived
/// joins, and one that left goes.
@Suite("A flood of folder changes that overflows inotify's queue loses no photo", .serialized)
struct WatchOverflowTests {
    @Test("queue limit + 500 photos linked into the folder shown before the watch is read, one removed: all join, the removed one goes")
    func overflowRelists() throws {
        let limit = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16_384
        try #require(limit <= 100_000, "inotify's queue holds \(limit) events here: too many files to make")
        let dir = TestImages.folder()
        let photo = TestImages.write(TestImages.jpeg(width: 16, height: 12) { _, _ in TestImages.RGB(9, 9, 9) }, "a.jpg", in: dir)
        TestImages.write(TestImages.jpeg(width: 16, height: 12) { _, _ in TestImages.RGB(9, 9, 9) }, "b.jpg", in: dir)
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { _ in })
        var limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        limits.addsNewPhotos = true
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { _ in })
        var viewer = Viewer(photos: catalog.photos, windowSize: Size(640, 400))
        let added = limit + 500
        let source = Array(photo.path.utf8CString)
        for i in 0..<added { #expect(link(source, dir.path + "/n\(i).jpg") == 0) }
        #expect(unlink(dir.path + "/b.jpg") == 0)
        var time = 0.0
        let canvas = SoftwareCanvas(width: 640, height: 400)
        let names = LinkedPhotosAppearTests.names(after: 2_000, pipeline, &viewer, canvas: canvas, time: &time) {
            $0.count == added + 1 && !$0.contains("b.jpg")
        }
        #expect(names.count == added + 1)
        #expect(!names.contains("b.jpg"))
        withExtendedLifetime(canvas) {}
    }
}
