import Foundation
import DecoderSandbox
import Decoding
import ImageFormats
import PhotoFiles
#if canImport(Glibc)
import Glibc
#endif

/// The decoder threads: each takes the best pending job from the queue, decodes it with its own
/// `PhotoDecoder` and hands the outcome back. They decode at a lower scheduling priority than the
/// frame loop (`ThreadPriority.decodingSteps`), so on a machine with few cores a decode rarely delays a frame; a thread
/// that has only read thumbnail-cache entries so far (about 1 ms each) still runs at the app's
/// priority, so a second visit is not kept waiting behind other programs' work.
package enum DecoderThreads {
    /// What a decoder thread needs to find a photo: its path. (The catalog's header is not passed:
    /// the file may have been replaced since; parsing it again costs microseconds.)
    package struct Source: Sendable {
        package var path: String
        /// The side the cells show (`DecodeJob.shownSide`).
        package var shownSide: Int? = nil

        /// The memberwise initializer, for the other modules of the package.
        package init(path: String, shownSide: Int? = nil) {
            self.path = path
            self.shownSide = shownSide
        }
    }

    /// CPU seconds the calling thread has run: decode costs that other work on the machine does not inflate.
    package static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Threads started beside the regular ones, working only while a decode stalls.
    static let spareCount = 1

    /// One decoder thread per core, at most 8 (each helper maps 256 MiB of shared memory for its
    /// pixels): while nothing moves the frame loop needs little, and every core decodes (issue
    /// 20: 2 on this 2-core machine; issue 43: no longer 4 at most on a machine of more).
    static var defaultCount: Int { defaultCount(cores: ProcessInfo.processInfo.activeProcessorCount) }

    /// The decoder threads for `cores` cores.
    static func defaultCount(cores: Int) -> Int { max(1, min(8, cores)) }

    /// Decoder threads that work while something moves: the frame loop keeps a core (1 on 1–2
    /// cores, else cores − 1, at most 8).
    static var defaultCountWhileMoving: Int { defaultCountWhileMoving(cores: ProcessInfo.processInfo.activeProcessorCount) }

    /// The decoder threads that work while something moves, for `cores` cores.
    static func defaultCountWhileMoving(cores: Int) -> Int { max(1, min(8, cores - 1)) }

    /// Starts `count` threads working on `queue` until it stops (0 starts none: jobs stay queued, for
    /// tests), and one spare that takes jobs only while a decode stalls (`DecodeQueue.next`: one
    /// slow file does not hold the others back, issue 43). With `.helperProcesses` each thread drives
    /// its own helper process (started at its first job), so the threads decode in parallel processes.
    package static func start(count: Int, queue: DecodeQueue, options: DecoderHelperService.Options,
                      isolation: DecoderIsolation) {
        queue.setRegularWorkers(count)
        for worker in 0..<(count > 0 ? count + spareCount : 0) {
            queue.workerStarted()
            // Each thread's helper on its own CPU (`pz_single_cpu`), counted round those allowed.
            var options = options
            options.cpuSlot = worker
            let thread = Thread { [options] in
                let decode = decoding(options: options, isolation: isolation, queue: queue)
                while let job = queue.next(worker: worker) {
                    let (attempt, source) = FileIdentity.around(job.path) { decode(Source(path: job.path, shownSide: job.shownSide), job.target) }
                    var outcome = DecodeOutcome(job: job, result: attempt.result, seconds: attempt.seconds,
                                                fromSharedCache: attempt.fromSharedCache, fromPixelCache: attempt.fromPixelCache, source: source)
                    outcome.fromReusedHelper = attempt.fromReusedHelper
                    queue.finish(worker: worker, outcome)
                }
            }
            thread.name = "photozoom-decoder-\(worker)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// One decoder thread's way to decode a source for a target: its own `PhotoDecoder`, or its
    /// own helper process (given up on when the queue stops).
    package static func decoding(options: DecoderHelperService.Options, isolation: DecoderIsolation,
                         queue: DecodeQueue) -> (Source, DecodeTarget) -> DecodeAttempt {
        switch isolation {
        case .inProcess:
            let decoder = inProcessDecoder(options)
            var lowered = false
            return { source, target in
                let start = threadCPUSeconds()
                let pixelHits = decoder.pixelThumbnailHits
                if let image = decoder.cachedThumbnailWithoutImageLibraries(path: source.path, target: target, shownSide: source.shownSide) {
                    return DecodeAttempt(result: .success(image), seconds: threadCPUSeconds() - start, fromSharedCache: true,
                                         fromPixelCache: decoder.pixelThumbnailHits > pixelHits)
                }
                lowerPriority(&lowered)
                let hits = decoder.sharedThumbnailHits
                let result: Result<DecodedImage, ImageProblem>
                do throws(ImageProblem) {
                    // Opened as for a helper (issue 43): only a photo's file, whatever the decoder.
                    result = .success(try decoder.decode(path: source.path, header: nil, target: target, open: PhotoFile.openToHand))
                } catch {
                    result = .failure(error)
                }
                return DecodeAttempt(result: result, seconds: threadCPUSeconds() - start, fromSharedCache: decoder.sharedThumbnailHits > hits)
            }
        case let .helperProcesses(settings):
            var helperOptions = options
            helperOptions.addressSpaceBytes = settings.addressSpaceBytes
            let helper = DecoderHelper(settings: settings, options: helperOptions)
            // Cache entries are read here first, by PhotoZoom's own parsers: no helper is started
            // while every thumbnail comes from the cache (a second visit).
            let cacheReader = options.thumbnailCache != nil || options.pixelCache != nil ? inProcessDecoder(options) : nil
            var lowered = false
            return { source, target in
                let start = threadCPUSeconds()
                let pixelHits = cacheReader?.pixelThumbnailHits ?? 0
                if let cacheReader, let image = cacheReader.cachedThumbnailWithoutImageLibraries(path: source.path, target: target,
                                                                                                  shownSide: source.shownSide) {
                    return DecodeAttempt(result: .success(image), seconds: threadCPUSeconds() - start, fromSharedCache: true,
                                         fromPixelCache: cacheReader.pixelThumbnailHits > pixelHits)
                }
                lowerPriority(&lowered)  // before the helper starts: it inherits the thread's nice value
                return helper.decode(path: source.path, target: target, shouldGiveUp: { queue.isStopping })
            }
        }
    }

    /// Lowers the calling thread's priority the first time (`lowered` remembers): on Linux the nice
    /// value is per thread (`who` 0 is the calling thread), a helper process started from the
    /// thread inherits it, and an unprivileged thread cannot raise it again, so it is lowered only
    /// when the first real decode comes.
    private static func lowerPriority(_ lowered: inout Bool) {
        guard !lowered else { return }
        ThreadPriority.lowerCallingThread(by: ThreadPriority.decodingSteps)
        lowered = true
    }

    /// A decoder in this process with `options`' limits and thumbnail cache.
    private static func inProcessDecoder(_ options: DecoderHelperService.Options) -> PhotoDecoder {
        PhotoDecoder(pixelLimit: options.pixelLimit, maxTextureSide: options.maxTextureSide, strategy: options.strategy,
                     sharedThumbnails: options.thumbnailCache.map { FreedesktopThumbnailCache(directory: URL(fileURLWithPath: $0)) },
                     pixelThumbnails: options.pixelCache)
    }
}
