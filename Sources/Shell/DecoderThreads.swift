import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The decoder threads: each takes the best pending job from the queue, decodes it with its own
/// `PhotoDecoder` and hands the outcome back. They run at a lower scheduling priority (nice 10) than
/// the frame loop, so on a machine with few cores a decode never delays a frame.
enum DecoderThreads {
    /// What a decoder thread needs to find a photo: its path and catalog header.
    struct Source: Sendable {
        var path: String
        var header: ImageHeader?
    }

    /// CPU seconds the calling thread has run: decode costs that other work on the machine does not inflate.
    static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// 1 decoder thread on 1–2 cores (the frame loop keeps a core), else cores − 1, at most 4.
    static var defaultCount: Int { max(1, min(4, ProcessInfo.processInfo.activeProcessorCount - 1)) }

    /// Starts `count` threads working on `queue` until it stops (0 starts none: jobs stay queued, for tests).
    static func start(count: Int, queue: DecodeQueue, sources: [Source], pixelLimit: Int, maxTextureSide: Int,
                      strategy: ThumbnailDecoding, sharedThumbnails: FreedesktopThumbnailCache?) {
        for worker in 0..<max(0, count) {
            queue.workerStarted()
            let thread = Thread {
                // On Linux the nice value is per thread, and `who` 0 is the calling thread.
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                let decoder = PhotoDecoder(pixelLimit: pixelLimit, maxTextureSide: maxTextureSide, strategy: strategy,
                                           sharedThumbnails: sharedThumbnails)
                while let job = queue.next(worker: worker) {
                    let start = threadCPUSeconds()
                    let hits = decoder.sharedThumbnailHits
                    let result: Result<DecodedImage, ImageProblem>
                    if sources.indices.contains(job.photo) {
                        let source = sources[job.photo]
                        do throws(ImageProblem) {
                            result = .success(try decoder.decode(path: source.path, header: source.header, target: job.target))
                        } catch {
                            result = .failure(error)
                        }
                    } else {
                        result = .failure(.unreadable("no photo \(job.photo)"))
                    }
                    let seconds = threadCPUSeconds() - start
                    queue.finish(worker: worker, DecodeOutcome(job: job, result: result, seconds: seconds,
                                                               fromSharedCache: decoder.sharedThumbnailHits > hits))
                }
            }
            thread.name = "photozoom-decoder-\(worker)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
