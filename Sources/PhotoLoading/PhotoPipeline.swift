import CSDL2
import Foundation
import Geometry
import Gestures
import DecoderSandbox
import Decoding
import ImageFormats
import PhotoFiles
import Rendering
import Cataloguing
import DecodeScheduling
import TextureCaching
import Events

/// The photo pipeline: the `PhotoTextureSupply` the frame loop advances once a frame and the
/// renderer reads textures from. Decoder threads turn files into upright pixels at the size the
/// screen needs; the frame loop turns a bounded number of them into textures each frame; least
/// recently used textures go once a byte budget is full. Three parts, each its own type: the photo
/// library (`PhotoLibrary`: the list, headers, sizes, broken files, folder changes), the decode
/// scheduler (`DecodeScheduler`: the ranking, the queue, pixels waiting within a budget, the
/// thumbnail caches' writes) and the texture cache (`TextureCache`: uploads, textures held, fades,
/// turns); this type sequences them each frame and decides what a finished decode or a changed
/// file means for all three.
///
/// Each frame `prepare` ranks what the scene wants — the thumbnail and the window-sized picture of
/// every photo drawn large, the thumbnails of the visible cells in order, the large photos'
/// neighbours (index ± 1, for paging), then the cells a screen above and below (the scroll
/// direction first) — and makes that ranking the decoder threads' queue, so work for cells scrolled
/// far away is dropped before it starts. Nothing here waits on a decoder: a photo without a texture
/// draws as a placeholder, a large photo without its full picture draws its thumbnail scaled up.
///
/// Headers the catalog left unread at start-up are read on a thread of their own, screen first;
/// their sizes are the news the frame's `advance` returns (`takeNews`), which the frame loop hands
/// to the viewer at its next step. A thumbnail is uploaded only once its photo's size has been
/// handed over, so no cell is drawn with a wrong crop.
///
/// A file that cannot be decoded is marked broken and named in one warning line; it is never tried
/// again (unless the file is replaced). All methods are for the frame loop's thread (SDL renderers
/// are not thread-safe).
///
/// The folders are watched (`PhotoFolderWatcher`): a photo replaced on disk is read again, one
/// removed leaves the list and, when `Limits.addsNewPhotos`, one written or moved into a watched
/// folder joins it in name order. A change of the list reaches the viewer as a `photos` event,
/// the news of the frame's `advance` (recorded in the trace at the loop's next step), or at once
/// from `takePhotoSizeEvents(at:)` for a change the app made itself (Delete, Ctrl+Z, a drop, a
/// sort). This pipeline's indices change when the news is taken; the frame drawn after `advance`
/// was composed with the list before, and the renderer's reads follow that list until the next
/// `prepare` (`drawnList`), so a frame is never drawn with the viewer's list and another one here. Inside,
/// each photo has an id that is never reused (its place in `sources`): textures, jobs and headers
/// are keyed by id, and a decode that finishes for a photo since removed is simply dropped.
public final class PhotoPipeline: PhotoTextureSupply {
    /// Budgets and knobs, with the defaults the app runs with (`PipelineLimits`, in the decode
    /// scheduler's module, which reads most of them).
    public typealias Limits = PipelineLimits

    /// The photos: the list, headers, sizes, broken files, folder changes.
    let library: PhotoLibrary
    /// What is decoded when: the ranking, the queue, pixels waiting for upload, cache writes.
    let scheduler: DecodeScheduler
    /// The textures held: thumbnails and full pictures, bands, fades, departed pictures.
    let textures: TextureCache
    private let limits: Limits
    private let warn: (String) -> Void
    private var stats = PipelineStatistics()
    /// The list the frame about to be drawn was composed with, when the news taken at the end of
    /// its `advance` changed the list (the viewer learns the change at the loop's next step): the
    /// renderer's reads go through it until the next `prepare`.
    private var drawnList: DrawnList?

    /// The list as a frame was composed with it: the ids in order, the pictures of moved photos'
    /// ghosts, the broken photos.
    private struct DrawnList {
        var order: [Int]
        var movedPictures: [Int: Int]
        var broken: Set<Int>
    }

    /// The decoder threads' queue.
    package var queue: DecodeQueue { scheduler.queue }

    /// True while the renderer is one that stands in for another (`WindowHost.isProvisional`):
    /// each texture's pixels are kept so `moveTextures(to:)` can make it again for the next.
    package var keepsPixelsForAnotherRenderer: Bool {
        get { textures.keepsPixelsForAnotherRenderer }
        set { textures.keepsPixelsForAnotherRenderer = newValue }
    }
    /// The format of an opaque picture's texture: ARGB8888, or XRGB8888 (`SDL_PIXELFORMAT_RGB888`,
    /// the same bytes) for a software renderer drawing into a window of that format, which then
    /// scales it straight into the window's pixels (no conversion pass: a grid of 40 thumbnails in
    /// ms instead of tens of ms). Back to ARGB8888 at `moveTextures(to:)`.
    package var opaqueTextureFormat: UInt32 {
        get { textures.opaqueTextureFormat }
        set { textures.opaqueTextureFormat = newValue }
    }
    /// The order the list is shown in: photos added later (the folder watched, Ctrl+Z) take their
    /// place in it, not in name order.
    package var shownOrder: PhotoOrder {
        get { library.shownOrder }
        set { library.shownOrder = newValue }
    }

    /// True while an animation or a gesture runs: from the next `prepare` on, only
    /// `decoderThreadsWhileMoving` decoders take new jobs (a decode under way runs to its end).
    /// The app sets it each frame from the viewer's `isAtRest`.
    public var isSomethingMoving = false

    /// A pipeline for `catalog`'s photos. Files the catalog found broken start broken (already warned).
    /// `folder`: the folder shown, watched with the photos' own folders (when `watchesFolders`)
    /// even while it holds no photo, so that one added to it joins the list.
    public init(catalog: PhotoCatalog, limits: Limits = Limits(), folder: String? = nil, warn: @escaping (String) -> Void) {
        var limits = limits
        limits.pixelLimit = min(limits.pixelLimit, catalog.pixelLimit)
        self.limits = limits
        self.warn = warn
        library = PhotoLibrary(catalog: catalog, pixelLimit: limits.pixelLimit, watchesFolders: limits.watchesFolders,
                               addsNewPhotos: limits.addsNewPhotos, helper: limits.helperSettings, folders: folder.map { [$0] } ?? [])
        scheduler = DecodeScheduler(limits: limits)
        textures = TextureCache(thumbnailBytes: limits.thumbnailBytes, fullBytes: limits.fullBytes)
    }

    /// Stops the threads. Textures are not destroyed here: they belong to the renderer, which frees
    /// them when it is destroyed, and the renderer may already be gone (Swift does not order the
    /// release of a pipeline against the caller's `SDL_DestroyRenderer`). A caller that keeps the
    /// renderer after dropping the pipeline calls `releaseTextures()` first.
    deinit {
        library.stop()
        scheduler.stop()
    }

    /// Destroys every texture made so far (the renderer must still exist); they are made again on demand.
    package func releaseTextures() {
        // A picture half uploaded starts again from its pixels.
        for (key, outcome) in textures.releaseAll() { scheduler.waiting[key] = outcome }
    }

    // MARK: - PhotoTextureSupply

    /// Starts the decoder threads on what `demand`, the first frame's expected scene, will show,
    /// before the window and its renderer exist (creating them takes 0.1–0.2 s on a machine
    /// without a GPU): on a second visit the thumbnail-cache entries are read meanwhile. Only the
    /// shown photos: the cells around the screen would take CPU from the window's making (2.5 ms
    /// an entry, docs/pipeline.md "Start-up") for nothing the first frame draws; the first
    /// `prepare` asks for them. Nothing is uploaded; the first `prepare` takes what is ready and
    /// asks again for what its real demand wants differently (a decode that no longer serves is
    /// dropped, as after a scroll).
    package func prefetch(for demand: SceneDemand) {
        if !scheduler.started { scheduler.start() }
        let shown = Set((demand.visibleCells + demand.largePhotos).compactMap(library.id(at:)))
        let wanted = scheduler.wantedTextures(for: demand, library: library, textures: textures).filter { shown.contains($0.photo) }
        stats.jobsCancelled += scheduler.submitJobs(wanted, library: library, textures: textures)
    }

    /// The frame's work, once a frame before it is drawn (the frame loop's one call,
    /// `PhotoTextureSupply.advance`): the library takes the headers read and the folders' changes,
    /// the scheduler takes the finished decodes, the texture cache uploads within the frame's byte
    /// budget, the scheduler queues what the scene wants next and hands thumbnails to the cache
    /// writer, and the texture cache evicts beyond its budgets.
    public func prepare(for demand: SceneDemand, renderer: OpaquePointer) {
        drawnList = nil  // the scene is composed with the list the viewer was told last
        if scheduler.textureSideLimit == nil { scheduler.textureSideLimit = Self.maxTextureSide(of: renderer) }
        if !scheduler.started { scheduler.start() }
        textures.applyTurns(renderer)
        scheduler.setMoving(isSomethingMoving)
        let wanted = scheduler.wantedTextures(for: demand, library: library, textures: textures)
        var rank: [PhotoTextureKey: Int] = [:]
        for (i, w) in wanted.enumerated() where rank[w.key] == nil { rank[w.key] = i }

        for (id, problem) in library.takeHeaders(screen: (demand.largePhotos + demand.visibleCells).compactMap(library.id(at:))) {
            markBroken(id, problem)
        }
        takeFolderChanges()
        takeFinishedDecodes(rank: rank)
        upload(rank: rank, renderer: renderer)
        stats.jobsCancelled += scheduler.submitJobs(wanted, library: library, textures: textures)
        // By id, as `visible` is: the list's indices and the ids part once a photo has left the list.
        scheduler.handOverWrites(visible: demand.visibleCells.compactMap(library.id(at:))) { textures.hasThumbnail($0) || library.broken.contains($0) }

        // What the scene wants stays (else prefetched cells would be dropped and decoded again
        // every frame when the budget is smaller than a screen and its surroundings).
        var keptThumbnails: Set<Int> = [], keptFulls: Set<Int> = []
        for w in wanted { if w.kind == .full { keptFulls.insert(w.photo) } else { keptThumbnails.insert(w.photo) } }
        stats.evictions += textures.evict(keepingThumbnails: keptThumbnails, fulls: keptFulls)
        textures.endFinishedFades()
        textures.ageDeparted(drawn: demand.largePhotos)
    }

    public func texture(for photo: Int, preferFull: Bool) -> Texture? {
        if photo < 0 {
            if let d = textures.departedTexture(photo) { return d }
            guard let id = (drawnList?.movedPictures ?? library.movedPictures)[photo] else { return nil }
            return textures.texture(of: id, preferFull: preferFull)
        }
        guard let id = drawnID(at: photo) else { return nil }
        // A photo that left in the news just taken: its picture departed under its ghost's number.
        if drawnList != nil, !library.isListed(id) { return textures.departedTexture(-1 - photo) }
        return textures.texture(of: id, preferFull: preferFull)
    }

    public func isBroken(_ photo: Int) -> Bool { drawnID(at: photo).map((drawnList?.broken ?? library.broken).contains) ?? false }

    public func brokenReason(_ photo: Int) -> String? {
        guard isBroken(photo), let id = drawnID(at: photo) else { return nil }
        return library.brokenReasons[id]
    }

    public func fadingOut(for photo: Int) -> (texture: Texture, opacity: Double)? {
        drawnID(at: photo).flatMap(textures.fadingOut(of:))
    }

    /// The id of the photo at `index` of the list the frame being drawn was composed with.
    private func drawnID(at index: Int) -> Int? {
        guard let order = drawnList?.order else { return library.id(at: index) }
        return order.indices.contains(index) ? order[index] : nil
    }

    // MARK: - Observation

    /// Counters and levels now.
    public var statistics: PipelineStatistics {
        var s = stats
        s.thumbnailTextures = textures.thumbnails.count
        s.thumbnailTextureBytes = textures.thumbnails.totalBytes
        s.fullTextures = textures.fulls.count
        s.fullTextureBytes = textures.fulls.totalBytes
        s.decodedWaitingBytes = scheduler.waitingBytes
        s.pendingJobs = queue.pendingJobs().count
        s.runningJobs = queue.runningJobs().count
        s.sharedCacheEntriesWritten = scheduler.cacheWriter?.entriesWritten ?? 0
        s.sharedCacheWritesFailed = scheduler.cacheWriter?.writesFailed ?? 0
        s.pixelCacheEntriesWritten = scheduler.cacheWriter?.pixelEntriesWritten ?? 0
        return s
    }

    /// True when `photo` has a thumbnail texture (its embedded preview does not count).
    public func hasThumbnail(_ photo: Int) -> Bool { library.id(at: photo).map(textures.hasThumbnail) ?? false }

    /// True when `photo` shows its embedded EXIF preview, its thumbnail not made yet.
    package func hasPreview(_ photo: Int) -> Bool { library.id(at: photo).map(textures.hasPreview) ?? false }

    /// True when `photo` has its window-sized texture.
    public func hasFullPhoto(_ photo: Int) -> Bool { library.id(at: photo).map(textures.hasFull) ?? false }

    /// The number of photos in the list (as the viewer has it after the last `takePhotoSizeEvents`).
    public var photoCount: Int { library.order.count }

    /// The folder watcher's inotify queue, readable when a photo file changed (nil when the
    /// folders are not watched): the app wakes its loop on it (`DescriptorWatch`); the next
    /// `prepare` reads it.
    package var folderWatchDescriptor: Int32? { library.folderWatchDescriptor }

    /// True when no header is left to read, no decode is queued, running or waiting for upload,
    /// and no change of the list waits for a later frame (`PhotoLibrary.hasPendingChanges`).
    public var isIdle: Bool { scheduler.isIdle(textures: textures) && !library.isReadingHeaders && !library.hasPendingChanges }

    /// True when no thumbnail is waiting to be written to the shared cache or being written.
    package var isDoneWritingCache: Bool { scheduler.isDoneWritingCache }

    /// True when every photo of `cells` (indices of the list the frame being drawn was composed
    /// with) shows its thumbnail or its broken mark, and no preview is fading out: the picture of
    /// those cells is final.
    package func showsFinalPictures(forCells cells: [Int]) -> Bool {
        !textures.isFading && cells.allSatisfy { cell in drawnID(at: cell).map(textures.hasThumbnail) ?? false || isBroken(cell) }
    }

    // MARK: - The list

    /// The frame's news, at the end of its `advance` (`PhotoTextureSupply.takeNews`): first the
    /// change of the photo list since the last news (a `photos` event; this pipeline's indices
    /// change now, while the frame about to be drawn reads by the list it was composed with), then
    /// the sizes learned. Thumbnails of these photos are uploaded from the next `prepare` on.
    public func takeNews() -> PhotoSupplyNews {
        let before = DrawnList(order: library.order, movedPictures: library.movedPictures, broken: library.broken)
        let news = takeChanges()
        if drawnList == nil, news.kinds.contains(where: { if case .photos = $0 { true } else { false } }) { drawnList = before }
        return news
    }

    /// What the viewer (and the trace) must learn at once, as events stamped `time`: a change the
    /// app made itself (Delete, Ctrl+Z, a drop, a sort: asked and recorded in the loop's step, before
    /// the frame is composed), then the sizes learned. As `takeNews`, without a frame in between.
    public func takePhotoSizeEvents(at time: Double) -> [InputEvent] { takeChanges().events(at: time) }

    /// The change of the list since the last call (applied now), then the sizes learned.
    private func takeChanges() -> PhotoSupplyNews {
        var kinds: [InputEvent.Kind] = []
        if let change = takeListChange() { kinds.append(.photos(change)) }
        return PhotoSupplyNews(kinds + library.takeSizes())
    }

    /// The path of the file of the photo at `index` in the list; nil when there is none.
    public func path(ofPhotoAt index: Int) -> String? { library.id(at: index).map(library.path(of:)) }

    /// The photo at `index` leaves the list at the next `takePhotoSizeEvents` (its file was moved
    /// away by the app: the trash), as one gone from disk does.
    package func removePhoto(at index: Int) { library.removePhoto(at: index) }

    /// The list becomes the files at `paths` at the next `takePhotoSizeEvents` (files dropped on the
    /// window): every photo leaves, each file joins where a listing of its folder puts it.
    /// `folder`: the folder now shown (a folder chosen or dropped), watched from now on in place of
    /// those watched before; nil for files named one by one, whose folders' new photos stay out.
    public func replaceList(with paths: [String], folder: String? = nil) { library.replaceList(with: paths, folder: folder) }

    /// The index in the list of the photo whose file is `path`; nil when none is.
    public func index(ofPath path: String) -> Int? { library.index(ofPath: path) }

    /// The file at `path` joins the list at the next `takePhotoSizeEvents` (put back by the app:
    /// undo of the trash), where a listing of its folder puts it, as one new on disk does.
    package func addPhoto(atPath path: String) { library.addPhoto(atPath: path) }

    /// The list is shown in `order` from the next `takePhotoSizeEvents` on (Shift+S): the change is
    /// a `photos` event with its `order`.
    package func sort(by order: PhotoOrder) { library.sort(by: order) }

    // MARK: - Frame work

    /// The largest texture side `renderer` makes (16384 when it does not say).
    private static func maxTextureSide(of renderer: OpaquePointer) -> Int {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, info.max_texture_width > 0, info.max_texture_height > 0 else { return 16384 }
        return Int(min(info.max_texture_width, info.max_texture_height))
    }

    /// What the folder watcher saw since the last frame: a photo replaced on disk is read again.
    private func takeFolderChanges() {
        guard let replaced = library.takeFolderChanges() else { return }
        for id in replaced {
            forgetPictures(of: id)
            stats.filesReplaced += 1
        }
        scheduler.resubmit()
    }

    /// The list change waiting, applied (`PhotoLibrary.takeListChange`): a photo that leaves keeps
    /// its picture while the viewer fades it out, and everything decoded from it is forgotten.
    private func takeListChange() -> PhotoListChange? {
        let taken = library.takeListChange { id, index in
            textures.depart(id, from: index)
            forgetPictures(of: id)
        }
        guard taken.applied else { return nil }
        scheduler.resubmit()
        stats.photosRemoved += taken.removed
        stats.photosAdded += taken.added
        return taken.change
    }

    /// Forgets everything decoded from `id`'s file, so it is read again: a broken one is tried again
    /// (its new content may be fine), and a size change reaches the viewer through `sizeChanged`
    /// when the new picture is decoded. Decodes under way are dropped when they finish.
    private func forgetPictures(of id: Int) {
        textures.removePictures(of: id)
        textures.removeFade(of: id)
        scheduler.dropDecodes(of: id, path: library.path(of: id), textures: textures, retriesPreview: true)
        library.forgetFile(of: id)
    }

    /// A decode found `photo` at another size than the viewer has: the file was replaced since its
    /// header was read. Its textures (the old picture) are dropped and the new size is handed over
    /// before the new pixels are drawn, so the new picture is never stretched into the old shape.
    private func sizeChanged(_ photo: Int, width: Int, height: Int) {
        textures.removePictures(of: photo)
        for kind in [TextureKind.thumbnail, .full] {
            scheduler.waiting[PhotoTextureKey(photo: photo, kind: kind)] = nil
            textures.dropBanded(PhotoTextureKey(photo: photo, kind: kind))
        }
        library.sizeChanged(photo, width: width, height: height)
    }

    /// Moves finished decodes into the waiting list (if still wanted) or marks their photos broken.
    private func takeFinishedDecodes(rank: [PhotoTextureKey: Int]) {
        let finished = scheduler.takeFinished(library: library)
        stats.decodesDiscarded += finished.discarded
        stats.previewsDecoded += finished.previews
        for var outcome in finished.outcomes {
            let job = outcome.job
            switch outcome.result {
            case let .failure(problem):
                stats.decodeFailures += 1
                markBroken(job.photo, problem)
            case var .success(image):
                if let turns = library.sessionTurns[job.photo], let turned = Self.turned(image, quarterTurns: turns) {
                    image = turned
                    outcome.result = .success(turned)
                }
                if let known = library.knownSizes[job.photo], known != (image.fullWidth, image.fullHeight) {
                    sizeChanged(job.photo, width: image.fullWidth, height: image.fullHeight)
                }
                library.learnSize(job.photo, width: image.fullWidth, height: image.fullHeight)
                if let problem = image.partialBecause, library.notePartlyShown(job.photo) {
                    warn(problem.partialWarning(path: library.path(of: job.photo)))
                }
                if outcome.fromSharedCache { stats.thumbnailsFromSharedCache += 1 }
                if outcome.fromPixelCache { stats.thumbnailsFromPixelCache += 1 }
                switch job.kind {
                case .thumbnail: stats.thumbnailsDecoded += 1; stats.thumbnailDecodeSeconds += outcome.seconds
                case .full: stats.fullPhotosDecoded += 1; stats.fullDecodeSeconds += outcome.seconds
                case .preview: break
                }
                if rank[job.key] != nil && !library.broken.contains(job.photo) {
                    textures.dropBanded(job.key)  // a newer picture for it (asked again: it no longer served)
                    scheduler.waiting[job.key] = outcome
                } else {
                    stats.decodesDiscarded += 1
                }
            }
        }
        // Drop waiting pixels no longer wanted, then the worst-ranked ones beyond the budget.
        stats.decodesDiscarded += scheduler.trimWaiting(rank: rank, textures: textures)
    }

    /// Makes textures from waiting pixels, best-ranked first, within the per-frame byte budget
    /// (`TextureCache.upload`). A thumbnail decoded (not read from PhotoZoom's own cache) is held
    /// for the thumbnail caches' writer.
    private func upload(rank: [PhotoTextureKey: Int], renderer: OpaquePointer) {
        // Before the first texture nothing is drawn but placeholders: if nothing moves, no
        // animation frame is at stake, and every thumbnail ready goes on screen at once.
        let budget = stats.uploads == 0 && !isSomethingMoving ? Int.max : limits.uploadBytesPerFrame
        let done = textures.upload(from: scheduler.waiting, isSizeDelivered: { library.sizeDelivered[$0] }, rank: rank, budget: budget,
                                   bandBytes: limits.uploadBytesPerFrame, renderer: renderer) { key, image in
            let problem = ImageProblem.cannotUpload("\(image.width)×\(image.height): \(SDLError.reason)")
            if key.kind == .full && textures.thumbnails.contains(key.photo) {
                scheduler.failedKeys.insert(key)
                warn(problem.warning(path: library.path(of: key.photo)).replacingOccurrences(of: "; showing a placeholder", with: "; showing the thumbnail"))
            } else {
                markBroken(key.photo, problem)
            }
        }
        stats.uploadedBytes += done.bytes
        for (key, image, outcome) in done.stored {
            // A part of a photo is not stored: the whole file may follow (a copy under way).
            // One read from the shared cache goes to PhotoZoom's own (the next visit reads it faster).
            if scheduler.cacheWriter != nil, key.kind == .thumbnail, !outcome.fromPixelCache, image.partialBecause == nil,
               library.sessionTurns[key.photo] == nil {
                scheduler.holdForWriting(image, path: library.path(of: key.photo), outcome: outcome)
            }
            stats.uploads += 1
        }
    }

    /// Makes every texture again for `renderer` from the pixels kept since
    /// `keepsPixelsForAnotherRenderer` was set, each with its old serial (a picture drawn with the
    /// new one is the same picture, `PictureState`), and stops keeping pixels. The old renderer and
    /// its textures are gone already (`WindowHost.finishOpening()`). A texture whose pixels were not
    /// kept, or that the new renderer cannot make, is dropped: a frame that wants it asks again.
    package func moveTextures(to renderer: OpaquePointer) {
        // Pictures half uploaded to the old renderer (gone with its textures) start again from their pixels.
        for (key, outcome) in textures.moveTextures(to: renderer) { scheduler.waiting[key] = outcome }
        scheduler.textureSideLimit = nil
    }

    /// Marks `photo` broken: one warning line, its textures dropped, never decoded again.
    private func markBroken(_ photo: Int, _ problem: ImageProblem) {
        guard library.markBroken(photo, reason: problem.message) else { return }
        warn(problem.warning(path: library.path(of: photo)))
        textures.removePictures(of: photo)
        for kind in [TextureKind.thumbnail, .full, .preview] {
            scheduler.waiting[PhotoTextureKey(photo: photo, kind: kind)] = nil
            textures.dropBanded(PhotoTextureKey(photo: photo, kind: kind))
        }
        textures.removeFade(of: photo)
    }

    // MARK: - Turns (Ctrl+R)

    /// Photo `index` turned `quarterTurns` × 90° clockwise: its textures turn at the next `prepare`
    /// (before a frame draws them: the viewer turns its geometry at the same instant), its size
    /// swaps sides, decodes begun before the turn are dropped, and every later decode of it is
    /// turned so, until its file is written with the turn (`wroteTurns`).
    package func turnPictures(ofPhotoAt index: Int, quarterTurns: Int) {
        guard let id = library.id(at: index) else { return }
        let k = ((quarterTurns % 4) + 4) % 4
        guard k != 0 else { return }
        library.turn(id, quarterTurns: k)
        scheduler.dropDecodes(of: id, path: library.path(of: id), textures: textures)
        textures.turn(id, quarterTurns: k)
    }

    /// The file at `path` is being written with turns this session gave its photo (on a thread
    /// of its own): until `wroteTurns` or `writeFailed`, the watcher's news of it is not a replacement.
    package func writesTurns(ofFile path: String) { library.writesTurns(ofFile: path) }

    /// The file at `path` was written with `quarterTurns` of the turns this session gave its photo:
    /// those now decode from the file (decodes begun before are dropped), at version `written`.
    package func wroteTurns(ofFile path: String, quarterTurns: Int, written: FileIdentity?) {
        guard let id = library.wroteTurns(ofFile: path, quarterTurns: quarterTurns, written: written) else { return }
        scheduler.dropDecodes(of: id, path: library.path(of: id), textures: textures)
    }

    /// Writing the file at `path` failed: it is as it was, and its photo stays turned for the session.
    package func writeFailed(ofFile path: String) { library.endWrite(path) }

    /// Removes the shared thumbnail cache's entries of the file at `path`, which was turned keeping
    /// its modification time (the only version other programs check). PhotoZoom's own entries
    /// also check the status-change time, which the turn moved: they are never read again.
    package func removeSharedThumbnails(ofFile path: String) {
        limits.sharedThumbnails?.removeEntries(forFile: path)
    }

    /// The quarter turns this session gave photo `index` that its file does not have.
    package func sessionTurns(ofPhotoAt index: Int) -> Int { library.id(at: index).flatMap { library.sessionTurns[$0] } ?? 0 }

    /// `image` turned `quarterTurns` × 90° clockwise (a decode of a photo turned for the session only).
    package static func turned(_ image: DecodedImage, quarterTurns: Int) -> DecodedImage? {
        let orientation = ExifOrientation.up.turned(clockwise: quarterTurns)
        guard let surface = SurfaceOps.oriented(image.surface, orientation) else { return nil }
        let full = orientation.uprightSize(width: image.fullWidth, height: image.fullHeight)
        return DecodedImage(surface: surface, fullWidth: full.width, fullHeight: full.height,
                            hasTransparency: image.hasTransparency, partialBecause: image.partialBecause)
    }
}
