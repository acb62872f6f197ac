import Foundation
import DecoderSandbox
import Decoding
import Rendering
import Cataloguing
import TextureCaching

/// What is decoded when: each frame it ranks what the scene wants and makes that ranking the
/// decoder threads' queue (work for cells scrolled far away is dropped before it starts), takes the
/// decodes that finished into pixels waiting for upload (within a byte budget, best-ranked kept),
/// and holds decoded thumbnails for the thumbnail caches' writer until the screen is filled.
/// It reads the photo library and the texture cache and changes neither: what a finished decode
/// means for them is the pipeline's (`PhotoPipeline`). For the frame loop's thread only.
package final class DecodeScheduler {
    package let queue = DecodeQueue()
    private let limits: PipelineLimits
    package private(set) var started = false
    /// The largest texture side the renderer makes, once a frame has told it.
    package var textureSideLimit: Int?
    /// The largest side of a decoded picture: the helpers' shared memory holds 8192² pixels.
    static let decodedSideLimit = 8192
    /// Decoded pixels waiting for upload, by key.
    package let waiting = WaitingPixels()
    /// Keys whose texture could not be made (the full picture of a photo whose thumbnail works).
    package var failedKeys: Set<PhotoTextureKey> = []
    /// Decodes started before their photo's file was replaced: their pixels are the old picture's.
    private var staleDecodes: Set<PhotoTextureKey> = []
    /// Photos whose preview was decoded or failed: not asked for again.
    private var previewTried: Set<Int> = []
    private var lastSubmitted: [DecodeJob] = []
    /// Writes the shared thumbnail cache; nil when not asked to.
    package let cacheWriter: ThumbnailCacheWriter?
    /// Thumbnails decoded (not read from the cache) and shown, waiting for the visible ones to be
    /// on screen before they go to the writer, oldest first.
    private var pendingWrites: [ThumbnailCacheWriter.Item] = []
    /// The thumbnail side the cells need now (jobs may ask for more, to write the shared cache).
    private var cellSide = 0
    private var lastFirstVisible = 0
    private var scrollingUp = false

    package init(limits: PipelineLimits) {
        self.limits = limits
        cacheWriter = limits.writesSharedThumbnails ? limits.sharedThumbnails.map { ThumbnailCacheWriter(cache: $0, pixels: limits.pixelCache) } : nil
    }

    /// Stops the decoder threads and the cache writer.
    package func stop() {
        queue.stop()
        cacheWriter?.stop()
    }

    /// Starts the decoder threads. Their pictures are at most 8192 pixels a side (the helpers'
    /// shared memory); a renderer that makes smaller textures bounds the jobs instead
    /// (`textureSideLimit`), so the threads may start before the renderer exists (`prefetch`).
    package func start() {
        started = true
        var options = DecoderHelperService.Options()
        options.pixelLimit = limits.pixelLimit
        options.maxTextureSide = Self.decodedSideLimit
        options.strategy = limits.thumbnailDecoding
        options.thumbnailCache = limits.sharedThumbnails?.directory.path
        options.pixelCache = limits.pixelCache
        // No read root: the helpers read only the photos the app hands them as descriptors (issue 33).
        options.readRoots = []
        DecoderThreads.start(count: limits.decoderThreads, queue: queue, options: options, isolation: limits.isolation)
    }

    /// While something moves only `decoderThreadsWhileMoving` decoders take new jobs.
    package func setMoving(_ moving: Bool) {
        queue.setActiveWorkers(moving ? min(limits.decoderThreadsWhileMoving, limits.decoderThreads) : limits.decoderThreads)
    }

    /// The next submission goes to the queue even if it equals the last (the list or the files changed).
    package func resubmit() { lastSubmitted = [] }

    /// True when no decode is queued, running or waiting for upload (bands included: `textures`).
    package func isIdle(textures: TextureCache) -> Bool { waiting.isEmpty && textures.banded.isEmpty && queue.isIdle }

    /// True when no thumbnail is waiting to be written to the shared cache or being written.
    package var isDoneWritingCache: Bool { pendingWrites.isEmpty && (cacheWriter?.isIdle ?? true) }

    /// Bytes of decoded pixels waiting for upload.
    package var waitingBytes: Int { waiting.values.reduce(0) { $0 + ((try? $1.result.get())?.byteCount ?? 0) } }

    // MARK: - What the scene wants

    /// What the scene wants, best first: the thumbnail and the window-sized picture of every photo
    /// drawn large, embedded previews of the visible cells, their thumbnails, the large photos'
    /// neighbours (index ± 1, for paging), then the cells a screen above and below (the scroll
    /// direction first).
    package func wantedTextures(for demand: SceneDemand, library: PhotoLibrary, textures: TextureCache) -> [DecodeJob] {
        let count = library.order.count
        let quantum = max(1, limits.thumbnailSideQuantum)
        let side = (max(16, demand.cellPixels) + quantum - 1) / quantum * quantum
        cellSide = side
        // A full picture fits the window and the largest texture the renderer makes.
        let sideLimit = min(Self.decodedSideLimit, textureSideLimit ?? Self.decodedSideLimit)
        let screen = DecodeTarget.screen(width: min(sideLimit, max(16, demand.windowPixels.width)),
                                         height: min(sideLimit, max(16, demand.windowPixels.height)))
        var out: [DecodeJob] = []
        func thumbnail(_ p: Int) {
            guard let id = library.id(at: p) else { return }
            out.append(DecodeJob(photo: id, kind: .thumbnail, target: .thumbnail(shortSide: thumbnailSide(id, cell: side, library: library)),
                                 path: library.path(of: id), shownSide: side))
        }
        func full(_ p: Int) {
            guard let id = library.id(at: p) else { return }
            out.append(DecodeJob(photo: id, kind: .full, target: screen, path: library.path(of: id)))
        }
        func preview(_ p: Int) {
            guard let id = library.id(at: p), !previewTried.contains(id), textures.thumbnails.peek(id) == nil,
                  let size = library.previewSizes[id], let photo = library.knownSizes[id],
                  Self.isUseful(preview: size, photo: photo, cell: side) else { return }
            out.append(DecodeJob(photo: id, kind: .preview, target: .preview(shortSide: thumbnailSide(id, cell: side, library: library)),
                                 path: library.path(of: id), shownSide: side))
        }

        for p in demand.largePhotos { thumbnail(p); full(p) }
        // Embedded previews first: each a few milliseconds, so the screen fills at once.
        for p in demand.visibleCells { preview(p) }
        for p in demand.visibleCells { thumbnail(p) }
        for p in demand.largePhotos { thumbnail(p - 1); thumbnail(p + 1); full(p + 1); full(p - 1) }

        if let lo = demand.visibleCells.min(), let hi = demand.visibleCells.max() {
            if lo != lastFirstVisible { scrollingUp = lo < lastFirstVisible }
            lastFirstVisible = lo
            let n = Int((Double(demand.visibleCells.count) * limits.nearbyScreens).rounded(.up))
            let below = (hi + 1)..<min(count, hi + 1 + n)
            let above = stride(from: lo - 1, through: max(0, lo - n), by: -1)
            if scrollingUp { above.forEach(thumbnail); below.forEach(thumbnail) } else { below.forEach(thumbnail); above.forEach(thumbnail) }
        }
        return out.filter { !library.broken.contains($0.photo) && !failedKeys.contains($0.key) }
    }

    /// The shorter side to decode `photo`'s thumbnail at for cells of `cell` pixels: the cell's, or,
    /// when writing the shared cache, the side of the entry to write (`large` or `x-large`, at
    /// least the cell's), so the entry comes from this decode. The DCT scale is the same or one
    /// step finer; a texture a little larger than the cell costs a few kilobytes.
    private func thumbnailSide(_ photo: Int, cell: Int, library: PhotoLibrary) -> Int {
        guard cacheWriter != nil, let size = library.knownSizes[photo],
              let sizeClass = FreedesktopThumbnailCache.writtenClass(forShortSide: cell, width: size.width, height: size.height)
        else { return cell }
        return FreedesktopThumbnailCache.entryShortSide(sizeClass, width: size.width, height: size.height)
    }

    /// True when a texture made for `made` serves a request for `wanted`.
    private func serves(_ made: DecodeTarget, isFullSize: Bool, _ wanted: DecodeTarget) -> Bool {
        if isFullSize { return true }
        switch (made, wanted) {
        case let (.thumbnail(a), .thumbnail(b)): return a >= b
        case let (.screen(aw, ah), .screen(bw, bh)): return aw >= bw && ah >= bh
        default: return false
        }
    }

    /// Queues the wanted textures that are not made, waiting or being decoded, best first; returns
    /// how many queued jobs were cancelled.
    package func submitJobs(_ wanted: [DecodeJob], library: PhotoLibrary, textures: TextureCache) -> Int {
        let running = queue.startedJobs()
        var seen: Set<PhotoTextureKey> = []
        var jobs: [DecodeJob] = []
        // A photo whose file is being written (a turn kept) is not read until the write is done:
        // a decode then could read either version, and only one is turned for the session.
        for job in wanted where !library.broken.contains(job.photo) && !library.isWriting(library.path(of: job.photo))
            && seen.insert(job.key).inserted {
            // A thumbnail that covers the cell serves, even when this job asks more to write the cache.
            var need = job.target
            if case let .thumbnail(side) = job.target { need = .thumbnail(shortSide: min(cellSide, side)) }
            if job.kind == .preview {
                // Wanted only while the cell shows nothing; not while its thumbnail is on the way.
                let thumbnailKey = PhotoTextureKey(photo: job.photo, kind: .thumbnail)
                if textures.thumbnails.peek(job.photo) != nil || waiting[job.key] != nil || waiting[thumbnailKey] != nil
                    || running.contains(where: { $0.key == job.key }) { continue }
                jobs.append(job)
                continue
            }
            let cache = job.kind == .full ? textures.fulls : textures.thumbnails
            if let t = cache.peek(job.photo), serves(t.target, isFullSize: t.isFullSize, need) { continue }
            if let w = waiting[job.key], case let .success(image) = w.result,
               serves(w.job.target, isFullSize: image.isFullSize, need) { continue }
            if let band = textures.banded[job.key], serves(band.outcome.job.target, isFullSize: band.image.isFullSize, need) { continue }
            if running.contains(where: { $0.key == job.key && serves($0.target, isFullSize: false, need) }) { continue }
            jobs.append(job)
        }
        guard jobs != lastSubmitted else { return 0 }
        lastSubmitted = jobs
        return queue.replacePending(with: jobs)
    }

    // MARK: - Embedded previews

    /// True when a preview of `preview`'s size is worth showing in cells of `cell` pixels for a
    /// photo of `photo`'s: its shorter side at least half the cell's (a 160×120 camera preview in
    /// a 155-px cell; not in a 310-px HiDPI one, where it would look blurred), and the photo's
    /// shape within 2 % (cameras letterbox a 3:2 photo's 4:3 preview with black bars).
    static func isUseful(preview: (width: Int, height: Int), photo: (width: Int, height: Int), cell: Int) -> Bool {
        guard preview.width > 0, preview.height > 0, photo.width > 0, photo.height > 0 else { return false }
        let previewAspect = Double(preview.width) / Double(preview.height), photoAspect = Double(photo.width) / Double(photo.height)
        return 2 * min(preview.width, preview.height) >= cell && abs(previewAspect / photoAspect - 1) <= 0.02
    }

    // MARK: - Finished decodes

    /// What became of the decodes that finished since the last frame: those to use, in the order
    /// they finished (the others were stale: counted in `discarded`).
    package struct Finished {
        package var outcomes: [DecodeOutcome] = []
        package var discarded = 0
        package var previews = 0
    }

    /// Takes the decodes that finished: a stale one (the file was replaced since the decode began,
    /// the photo left or is leaving the list, or its file is being written) is dropped; a preview
    /// that failed is no problem (the thumbnail follows); a preview the shared cache answered with
    /// the thumbnail itself is the thumbnail.
    package func takeFinished(library: PhotoLibrary) -> Finished {
        var finished = Finished()
        for done in queue.takeFinished() {
            var outcome = done
            // A thumbnail from PhotoZoom's own cache is at the cells' side, not the job's (which
            // may ask more to write the shared cache): larger cells ask again.
            if outcome.fromPixelCache, let side = outcome.job.shownSide, case .thumbnail = outcome.job.target {
                outcome.job.target = .thumbnail(shortSide: side)
            }
            let job = outcome.job
            if staleDecodes.remove(job.key) != nil || !library.isListed(job.photo) || library.isWriting(library.path(of: job.photo)) {
                finished.discarded += 1
                continue
            }
            if job.kind == .preview {
                previewTried.insert(job.photo)
                guard case .success = outcome.result else { continue }
                if outcome.fromSharedCache {
                    outcome.job = DecodeJob(photo: job.photo, kind: .thumbnail, target: job.target.asThumbnail, path: job.path,
                                            shownSide: job.shownSide)
                } else {
                    finished.previews += 1
                }
            }
            finished.outcomes.append(outcome)
        }
        return finished
    }

    /// Drops waiting pixels no longer wanted (and bands: `textures`), then the worst-ranked ones
    /// beyond the budget; returns how many were dropped.
    package func trimWaiting(rank: [PhotoTextureKey: Int], textures: TextureCache) -> Int {
        var dropped = 0
        for key in waiting.keys where rank[key] == nil {
            waiting[key] = nil
            dropped += 1
        }
        for key in textures.banded.keys where rank[key] == nil {
            textures.dropBanded(key)
            dropped += 1
        }
        var bytes = waitingBytes
        if bytes > limits.decodedBytes {
            for key in waiting.keys.sorted(by: { rank[$0]! > rank[$1]! }) where bytes > limits.decodedBytes && waiting.count > 1 {
                bytes -= (try? waiting[key]?.result.get())?.byteCount ?? 0
                waiting[key] = nil
                dropped += 1
            }
        }
        return dropped
    }

    /// Drops the decodes of `id`'s picture as it was: those waiting, those under way (finished and
    /// not yet taken too, dropped when taken), bands (`textures`), and the pixels held for the
    /// thumbnail caches; its preview may be asked for again when `retriesPreview`.
    package func dropDecodes(of id: Int, path: String, textures: TextureCache, retriesPreview: Bool = false) {
        if retriesPreview { previewTried.remove(id) }
        let running = queue.startedJobs()
        for kind in [TextureKind.thumbnail, .full, .preview] {
            let key = PhotoTextureKey(photo: id, kind: kind)
            waiting[key] = nil
            textures.dropBanded(key)
            failedKeys.remove(key)
            if running.contains(where: { $0.key == key }) { staleDecodes.insert(key) }
        }
        pendingWrites.removeAll { $0.path == path }
        cacheWriter?.forget(path: path)
    }

    // MARK: - Writing the thumbnail caches

    /// Keeps a decoded thumbnail of the file at `path` for the thumbnail caches, within
    /// `pendingWriteBytes` (oldest dropped).
    package func holdForWriting(_ image: DecodedImage, path: String, outcome: DecodeOutcome) {
        // Stored only for the version of the file decoded (one replaced meanwhile is decoded again).
        guard let source = outcome.source else { return }
        pendingWrites.removeAll { $0.path == path }
        // The shared cache, which other programs trust, only from a decode nothing hostile can have
        // touched: not one from the cache, nor one by a helper handed another photo before (issue 43).
        pendingWrites.append(ThumbnailCacheWriter.Item(path: path, image: image, source: source,
                                                       writesShared: !outcome.fromSharedCache && !outcome.fromReusedHelper,
                                                       shownSide: outcome.job.shownSide))
        var bytes = pendingWrites.reduce(0) { $0 + $1.image.byteCount }
        while bytes > limits.pendingWriteBytes, pendingWrites.count > 1 {
            bytes -= pendingWrites.removeFirst().image.byteCount
        }
    }

    /// Once every visible cell (`isShown`) has its thumbnail or is broken, hands the decoded
    /// thumbnails held for the caches to their writer. `visible` are the visible cells' photo ids
    /// and `isShown` is asked by id (not by the list's index: the two differ once a photo has left).
    package func handOverWrites(visible: [Int], isShown: (Int) -> Bool) {
        guard let cacheWriter, !pendingWrites.isEmpty, visible.allSatisfy(isShown) else { return }
        cacheWriter.enqueue(pendingWrites)
        pendingWrites.removeAll()
    }
}
