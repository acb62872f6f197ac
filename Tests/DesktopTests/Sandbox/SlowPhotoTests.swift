import Foundation
import Testing
@testable import DecodeScheduling
@testable import DecoderSandbox
@testable import Decoding
@testable import ImageFormats
@testable import PhotoLoading
@testable import Rendering

/// Thumbnails have a tighter budget than the screen, and one slow file cannot hold the decoders
/// (issue 43): a helper that said it took the photo and passes the thumbnail's time limit is slow
/// on that photo; it is stopped once, the photo's cell says it took too long, and the photos after
/// it decode. (Before, every limit was the screen's 20 s, and a photo that passed it was tried
/// again in a new helper: a slow file held its decoder thread 2 × 20 s.) A helper that never said
/// it took the photo stopped answering through no fault of it, and is still replaced and the photo
/// tried again (`HelperSpreadTests`).
@Suite("A slow photo costs one thumbnail time limit and holds no other photo back", .serialized)
struct SlowPhotoTests {
    @Test("a photo its helper took and did not finish within the thumbnail's limit: stopped after that limit, once, and blamed (no second helper)")
    func slowThumbnailStoppedOnce() throws {
        let dir = TestImages.folder()
        let settings = try #require(HelperBinary.takesPhotoThenHangs(in: dir, thumbnailSeconds: 0.5))
        let photo = TestImages.write(TestImages.jpeg(width: 32, height: 24, colour: TestImages.noise), "slow.jpg", in: dir).path
        let helper = DecoderHelper(settings: settings, options: DecoderHelperService.Options())
        let attempt = helper.decode(path: photo, target: .thumbnail(shortSide: 16))
        guard case let .failure(.decoderStopped(detail)) = attempt.result else {
            Issue.record("expected the thumbnail's time limit, got \(attempt.result)")
            return
        }
        // The thumbnail's limit (0.5 s), not the screen's (20 s), and not tried again.
        #expect(detail == "it took longer than 0.5 s and was stopped", "\(detail)")
        #expect(helper.starts == 1 && helper.retries == 0, "\(helper.starts) helpers started, \(helper.retries) retries")
        helper.stop()
    }

    @Test("the photo shown large has the screen's limit: the same slow helper is not stopped at the thumbnail's")
    func screenKeepsItsLimit() {
        var settings = DecoderHelperSettings(executable: "/nonexistent")
        settings.timeLimitSeconds = 20
        settings.thumbnailTimeLimitSeconds = 5
        let helper = DecoderHelper(settings: settings, options: DecoderHelperService.Options())
        #expect(helper.timeLimit(for: .thumbnail(shortSide: 256)) == 5)
        #expect(helper.timeLimit(for: .preview(shortSide: 256)) == 5)
        #expect(helper.timeLimit(for: .screen(width: 1280, height: 800)) == 20)
        // A thumbnail never has longer than the screen.
        settings.thumbnailTimeLimitSeconds = 60
        #expect(DecoderHelper(settings: settings, options: DecoderHelperService.Options()).timeLimit(for: .thumbnail(shortSide: 256)) == 20)
    }

    @Test("one decoder thread, a slow photo first: its cell says it took longer than the thumbnail's limit, once, and the photos after it get their thumbnails")
    func slowPhotoHoldsNoOneBack() throws {
        let dir = TestImages.folder()
        // The first helper takes the first photo and never finishes; later helpers are the real one.
        let settings = try #require(HelperBinary.takesPhotoThenHangs(in: dir, thumbnailSeconds: 0.5, once: true))
        let files = ["a-slow.jpg", "b.jpg", "c.jpg"].map { TestImages.write(TestImages.jpeg(width: 32, height: 24, colour: TestImages.noise), $0, in: dir) }
        let log = WarningLog()
        let catalog = PhotoCatalog(files: files, isolation: .inProcess, warn: log.append)
        let canvas = SoftwareCanvas(width: 96, height: 32)
        let pipeline = PhotoPipeline(catalog: catalog, limits: .oneDecoder(helpers: settings), warn: log.append)
        let demand = SceneDemand(visibleCells: [0, 1, 2], cellPixels: 32, largePhotos: [], windowPixels: (96, 32))
        #expect(pipeline.pump(demand, renderer: canvas.renderer) {
            pipeline.isBroken(0) && pipeline.hasThumbnail(1) && pipeline.hasThumbnail(2)
        })
        #expect(pipeline.brokenReason(0)?.contains("took longer than 0.5 s") == true, "\(pipeline.brokenReason(0) ?? "no reason")")
        #expect(!(pipeline.brokenReason(0) ?? "").contains("twice"))
        #expect(log.lines(naming: "a-slow.jpg").count == 1, "\(log.lines(naming: "a-slow.jpg"))")
        #expect(log.lines(naming: "b.jpg").isEmpty && log.lines(naming: "c.jpg").isEmpty)
        withExtendedLifetime(canvas) {}
    }

    @Test("while something moves (one decoder thread takes jobs), a decode running past a second counts as stalled: a waiting thread takes the next photo")
    func stalledDecodeLetsAnotherThreadWork() throws {
        let queue = DecodeQueue()
        queue.workerStarted()
        queue.workerStarted()
        queue.setActiveWorkers(1)
        let jobs = (0..<2).map { DecodeJob(photo: $0, kind: .thumbnail, target: .thumbnail(shortSide: 128), path: "/p\($0).jpg", shownSide: 128) }
        queue.replacePending(with: jobs)
        // Worker 0 takes the slow photo and does not finish it.
        #expect(queue.next(worker: 0) == jobs[0])
        // Worker 1, above the active count, waits; once worker 0's decode has run a second, it takes the next job.
        let taken = Taken()
        let thread = Thread { taken.set(queue.next(worker: 1)) }
        thread.start()
        let deadline = Date(timeIntervalSinceNow: 10)
        while taken.get() == nil, Date() < deadline { usleep(20_000) }
        #expect(taken.get() == jobs[1], "worker 1 took nothing in 10 s while worker 0's decode ran")
        queue.stop(waitingUpTo: 0)
    }

    /// A job handed across threads.
    final class Taken: @unchecked Sendable {
        private let lock = NSLock()
        private var job: DecodeJob?
        func set(_ j: DecodeJob?) { lock.lock(); job = j; lock.unlock() }
        func get() -> DecodeJob? { lock.lock(); defer { lock.unlock() }; return job }
    }
}
