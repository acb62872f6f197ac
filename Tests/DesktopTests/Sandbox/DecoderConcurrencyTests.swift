import Foundation
import Testing
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import DecodeScheduling
@testable import Rendering

/// Issue 20, "both cores": two decoders while nothing moves, one while something does.
@Suite("Decoder concurrency: every decoder while nothing moves, fewer while something does", .serialized)
struct DecoderConcurrencyTests {
    /// A pipeline over `count` noisy 384×288 JPEGs (a few milliseconds each to decode, so both
    /// decoder threads are busy at once when both may work), two decoder threads, one while moving.
    func makePipeline(count: Int) throws -> PhotoPipeline {
        let dir = TestImages.folder()
        let bytes = TestImages.jpeg(width: 384, height: 288, colour: TestImages.noise)
        for i in 0..<count { TestImages.write(bytes, String(format: "p%03d.jpg", i), in: dir) }
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { Issue.record("unexpected warning: \($0)") })
        var limits = PhotoPipeline.Limits.oneDecoder(.inProcess)
        limits.decoderThreads = 2
        limits.decoderThreadsWhileMoving = 1
        return PhotoPipeline(catalog: catalog, limits: limits, warn: { Issue.record("unexpected warning: \($0)") })
    }

    @Test("while something moves only one decoder takes jobs; once it stops, the second takes them too")
    func oneWhileMovingThenTwo() throws {
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let pipeline = try makePipeline(count: 16)
        pipeline.isSomethingMoving = true
        let first = SceneDemand(visibleCells: Array(0..<8), cellPixels: 96, largePhotos: [], windowPixels: (64, 64))
        #expect(pipeline.pump(first, renderer: canvas.renderer) { pipeline.isIdle && (0..<8).allSatisfy(pipeline.hasThumbnail) })
        // 8 visible + 8 prefetched below: every job went to decoder 0, never two at once.
        #expect(pipeline.queue.jobsTaken() == [0: 16])
        #expect(pipeline.queue.mostRunningAtOnce() == 1)

        // A pipeline at rest from its first frame: its 24 decodes are shared, decoder 1 takes some.
        let more = try makePipeline(count: 24)
        more.isSomethingMoving = false
        let all = SceneDemand(visibleCells: Array(0..<12), cellPixels: 96, largePhotos: [], windowPixels: (64, 64))
        #expect(more.pump(all, renderer: canvas.renderer) { more.isIdle && (0..<12).allSatisfy(more.hasThumbnail) })
        let taken = more.queue.jobsTaken()
        #expect(taken.values.reduce(0, +) == 24)
        #expect((taken[1] ?? 0) > 0)
        withExtendedLifetime(canvas) {}
    }

    @Test("a decoder held back while something moves takes jobs again the frame motion stops")
    func heldBackThenReleased() throws {
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let pipeline = try makePipeline(count: 24)
        let demand = SceneDemand(visibleCells: Array(0..<12), cellPixels: 96, largePhotos: [], windowPixels: (64, 64))
        pipeline.isSomethingMoving = true
        // A few frames of motion: decoder 0 works alone.
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { (pipeline.queue.jobsTaken()[0] ?? 0) >= 3 })
        #expect(pipeline.queue.jobsTaken()[1] == nil)
        pipeline.isSomethingMoving = false
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { pipeline.isIdle && (0..<12).allSatisfy(pipeline.hasThumbnail) })
        #expect((pipeline.queue.jobsTaken()[1] ?? 0) > 0)
        withExtendedLifetime(canvas) {}
    }

    @Test("a job a decoder takes between the frame loop's look at the started jobs and its new list is not queued again (no decode twice)")
    func jobTakenMeanwhileIsNotQueuedAgain() throws {
        let queue = DecodeQueue()
        let jobs = (0..<3).map { DecodeJob(photo: $0, kind: .thumbnail, target: .thumbnail(shortSide: 128), path: "/p\($0).jpg", shownSide: 128) }
        queue.replacePending(with: jobs)
        // The frame loop looks: nothing started yet.
        #expect(queue.startedJobs().isEmpty)
        // Meanwhile a decoder takes the best job.
        let taken = try #require(queue.next(worker: 0))
        #expect(taken == jobs[0])
        // The frame loop's new list, made from its look, still names it: it is not pending again.
        queue.replacePending(with: jobs)
        #expect(queue.pendingJobs() == Array(jobs[1...]))
        // Finished and not yet taken by the frame loop, the same.
        queue.finish(worker: 0, DecodeOutcome(job: taken, result: .failure(.unsupported("test")), seconds: 0))
        queue.replacePending(with: jobs)
        #expect(queue.pendingJobs() == Array(jobs[1...]))
        // Once the frame loop has taken it, a new list may ask it again (a photo replaced meanwhile).
        _ = queue.takeFinished()
        queue.replacePending(with: jobs)
        #expect(queue.pendingJobs() == jobs)
    }
}
