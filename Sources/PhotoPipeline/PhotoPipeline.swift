import CSDL2
import Foundation
import Geometry
import Gestures
import DecoderSandbox
import Decoding
import ImageFormats
import PhotoFiles
import Rendering

/// The photo pipeline: the `PhotoTextureSource` the frame loop draws from. Decoder threads turn
/// files into upright pixels at the size the screen needs; the frame loop turns a bounded number of
/// them into textures each frame; least recently used textures go once a byte budget is full.
///
/// Each frame `prepare` ranks what the scene wants — the thumbnail and the window-sized picture of
/// every photo drawn large, the thumbnails of the visible cells in order, the large photos'
/// neighbours (index ± 1, for paging), then the cells a screen above and below (the scroll
/// direction first) — and makes that ranking the decoder threads' queue, so work for cells scrolled
/// far away is dropped before it starts. Nothing here waits on a decoder: a photo without a texture
/// draws as a placeholder, a large photo without its full picture draws its thumbnail scaled up.
///
/// Headers the catalog left unread at start-up are read on a thread of their own, screen first;
/// the frame loop hands their sizes to the viewer with `takePhotoSizeEvents(at:)`. A thumbnail is
/// shown only once its photo's size has been handed over, so no cell is drawn with a wrong crop.
///
/// A file that cannot be decoded is marked broken and named in one warning line; it is never tried
/// again (unless the file is replaced). All methods are for the frame loop's thread (SDL renderers
/// are not thread-safe).
///
/// The folders are watched (`PhotoFolderWatcher`): a photo replaced on disk is read again, one
/// removed leaves the list and, when `Limits.addsNewPhotos`, one written or moved into a watched
/// folder joins it in name order. A change of the list reaches the viewer as a `photos` event
/// from `takePhotoSizeEvents(at:)` (recorded in the trace), and this pipeline's indices change at
/// that same call, so a frame is never drawn with the viewer's list and another one here. Inside,
/// each photo has an id that is never reused (its place in `sources`): textures, jobs and headers
/// are keyed by id, and a decode that finishes for a photo since removed is simply dropped.
public final class PhotoPipeline: PhotoTextureSupply {
    /// Budgets and knobs, with the defaults the app runs with.
    public struct Limits: Sendable {
        /// Thumbnail textures held (bytes, 4 per pixel).
        public var thumbnailBytes = 48 << 20
        /// Window-sized textures held: four 2560×1600 pictures.
        public var fullBytes = 64 << 20
        /// Decoded pixels waiting for upload.
        public var decodedBytes = 24 << 20
        /// Texture bytes made per frame (at least one texture or band of rows a frame is always
        /// made), so that an upload burst cannot stall a frame of an animation or an input: a
        /// picture larger than this is filled a band of rows a frame (`BandedUpload`; 1 MB took
        /// about 1 ms of the frame loop's CPU on llvmpipe, a whole 1280×800 picture 4–10 ms,
        /// issue 28). Not for the first frame that makes
        /// textures while nothing moves: nothing is on screen yet, and it takes everything decoded
        /// (a second visit's whole screen from the thumbnail cache, docs/pipeline.md "Start-up").
        public var uploadBytesPerFrame = 1 << 20
        /// Decoder threads (each with its own helper process) while nothing moves.
        public var decoderThreads = DecoderThreads.defaultCount
        /// Decoder threads that take new jobs while something moves (an animation or a gesture;
        /// see `isSomethingMoving`), so the frame loop keeps a core; at most `decoderThreads`.
        public var decoderThreadsWhileMoving = DecoderThreads.defaultCountWhileMoving
        /// Images with more pixels are refused before decoding.
        public var pixelLimit = PhotoCatalog.defaultPixelLimit
        /// Cells prefetched above and below the visible ones, in screens.
        public var nearbyScreens = 1.0
        /// Thumbnail sides are rounded up to a multiple of this (pixels), so small cell-size changes
        /// during a resize reuse the thumbnails instead of decoding them again.
        public var thumbnailSideQuantum = 32
        /// The freedesktop thumbnail cache to read thumbnails from first (file managers fill it);
        /// nil to always decode.
        public var sharedThumbnails: FreedesktopThumbnailCache? = .standard
        /// Also write `sharedThumbnails` entries (`large`, and `x-large` for HiDPI cells) from the
        /// thumbnails decoded, once the visible ones are on screen. The app does; tests and
        /// benchmarks ask for it.
        public var writesSharedThumbnails = false
        /// Read and write PhotoZoom's own cache of thumbnails' pixels beside `sharedThumbnails`
        /// (`PixelThumbnailCache`, in the same cache folder), wherever the shared cache is read and
        /// written: a second visit reads each thumbnail with one `pread`.
        public var usesPixelCache = true
        /// Decoded thumbnails held for writing to the cache (bytes); beyond it the oldest are
        /// dropped unwritten (a later visit decodes and writes them).
        public var pendingWriteBytes = 16 << 20
        /// How thumbnails are made (the plain way exists for benchmarks).
        public var thumbnailDecoding = ThumbnailDecoding.scaledDecode
        /// Watch the photos' folders: read a photo replaced on disk again, take out one removed.
        public var watchesFolders = true
        /// Also take in photos that appear in a watched folder (the app does when it shows a folder,
        /// not a list of files named one by one).
        public var addsNewPhotos = false
        /// Where files are decoded (headers read too): in helper processes (the process default),
        /// in this process only when `.inProcess` is asked for by name.
        public var isolation = DecoderIsolation.processDefault

        public init() {}

        /// The helpers' settings when files are read in helper processes (headers too), else nil.
        var helperSettings: DecoderHelperSettings? {
            if case let .helperProcesses(settings) = isolation { return settings }
            return nil
        }
    }

    private struct StoredTexture {
        var texture: Texture
        var target: DecodeTarget
        var isFullSize: Bool
        /// True for a JPEG's embedded preview standing in for the thumbnail.
        var isPreview: Bool { if case .preview = target { true } else { false } }
    }

    /// How long a thumbnail takes to fade in over the preview it replaces (seconds).
    static let previewFadeSeconds = 0.15

    /// Every photo this pipeline has known, by id (removed ones stay, unused).
    private var sources: [DecoderThreads.Source]
    /// The id of the photo at each index of the viewer's list.
    private var order: [Int]
    /// The index of each id in `order` (absent: removed).
    private var indexOfID: [Int: Int]
    /// The folder of each id's file (where a new photo of the same folder goes).
    private var folderOfID: [String]
    /// The folder the catalog's names are relative to, with a trailing "/" (`-r` names photos
    /// `a/x.jpg`); nil when no name is a tail of its path.
    private let namesRoot: String?
    private let limits: Limits
    private let warn: (String) -> Void
    package let queue = DecodeQueue()
    private var started = false
    /// The largest texture side the renderer makes, once a `prepare` has told it.
    private var textureSideLimit: Int?
    /// The largest side of a decoded picture: the helpers' shared memory holds 8192² pixels.
    private static let decodedSideLimit = 8192

    private var thumbnails: ByteBudgetCache<Int, StoredTexture>
    private var fulls: ByteBudgetCache<Int, StoredTexture>
    private var thumbnailMark: UInt64 = .max
    private var fullMark: UInt64 = .max
    /// Decoded pixels waiting for upload, by key.
    private var waiting: [PhotoTextureKey: DecodeOutcome] = [:]
    /// Pictures being uploaded a band of rows a frame, not drawn until whole, by key.
    private var banded: [PhotoTextureKey: BandedUpload] = [:]
    private var broken: Set<Int>
    /// Photos shown in part (a file cut short) and warned about: one warning each.
    private var partlyShown: Set<Int> = []
    /// Per photo: its embedded EXIF preview's upright size, when it has one.
    private var previewSizes: [(width: Int, height: Int)?]
    /// Photos whose preview was decoded or failed: not asked for again.
    private var previewTried: Set<Int> = []
    /// Previews being replaced by their thumbnails: the old texture and when the fade began.
    private var fades: [Int: (texture: Texture, start: UInt64)] = [:]
    /// The pictures of photos that left the list, kept while the viewer draws them fading out
    /// (`HandOverFade`), by the number it draws them under: −1 − the index they had. One is
    /// destroyed at the second `prepare` in a row whose scene does not draw it.
    private var departed: [Int: (texture: Texture, spare: Int)] = [:]
    /// True while the renderer is one that stands in for another (`WindowHost.isProvisional`):
    /// each texture's pixels are kept so `moveTextures(to:)` can make it again for the next.
    public var keepsPixelsForAnotherRenderer = false
    /// The format of an opaque picture's texture: ARGB8888, or XRGB8888 (`SDL_PIXELFORMAT_RGB888`,
    /// the same bytes) for a software renderer drawing into a window of that format, which then
    /// scales it straight into the window's pixels (no conversion pass: a grid of 40 thumbnails in
    /// ms instead of tens of ms). Back to ARGB8888 at `moveTextures(to:)`.
    public var opaqueTextureFormat = SDL_PIXELFORMAT_ARGB8888.rawValue
    /// The pixels of each texture made while `keepsPixelsForAnotherRenderer`, by serial.
    private var keptPixels: [UInt64: DecodedImage] = [:]
    /// Keys whose texture could not be made (the full picture of a photo whose thumbnail works).
    private var failedKeys: Set<PhotoTextureKey> = []
    private var lastSubmitted: [DecodeJob] = []
    /// Read the headers the catalog did not (the first), and those of photos added since.
    private var scanners: [HeaderScanner] = []
    private var lastScreen: [Int] = []
    /// Per photo: its size is in the viewer (from the catalog, or handed over since).
    private var sizeDelivered: [Bool]
    /// Per photo: the upright size the viewer has or will be handed, once known.
    private var knownSizes: [(width: Int, height: Int)?]
    /// Sizes learned and not yet handed over, in the order learned.
    private var pendingSizes: [(index: Int, size: Size)] = []
    private var sizePending: Set<Int> = []
    private var lastFirstVisible = 0
    private var scrollingUp = false
    private var stats = PipelineStatistics()
    /// Notices photos replaced, removed or added on disk; nil when the folders cannot be watched.
    private let watcher: PhotoFolderWatcher?
    /// The id of each path in the list.
    private var idOfPath: [String: Int]
    /// Photos gone from disk, not yet taken out of the list (ids).
    private var pendingRemovals: Set<Int> = []
    /// The upright sizes of photos the app took out of the list (`removePhoto(at:)`), by path: put
    /// back (`addPhoto(atPath:)`), a photo joins at its known size, not as one still to be read.
    private var sizesOfRemoved: [String: (width: Int, height: Int)] = [:]
    /// Files new on disk, not yet put into the list, in the order they appeared.
    private var pendingAdditions: [String] = []
    /// The order asked for (`sort(by:)`), applied at the next `takeListChange`.
    private var pendingSort: PhotoOrder?
    /// The order the list is shown in: photos added later (the folder watched, Ctrl+Z) take their
    /// place in it, not in name order.
    package var shownOrder: PhotoOrder = .name
    /// The photo (its id) whose picture a moved photo's ghost draws, by the ghost's number (−1 −
    /// its index before the last change); the textures stay the photo's own.
    private var movedPictures: [Int: Int] = [:]
    /// Decodes started before their photo's file was replaced: their pixels are the old picture's.
    private var staleDecodes: Set<PhotoTextureKey> = []
    /// Writes the shared thumbnail cache; nil when not asked to.
    private let cacheWriter: ThumbnailCacheWriter?
    /// Thumbnails decoded (not read from the cache) and shown, waiting for the visible ones to be
    /// on screen before they go to the writer, oldest first.
    private var pendingWrites: [ThumbnailCacheWriter.Item] = []
    /// The thumbnail side the cells need now (jobs may ask for more, to write the shared cache).
    private var cellSide = 0
    /// Quarter turns (Ctrl+R) waiting for the renderer, applied at the next `prepare` (`turnPictures`).
    private var pendingTurns: [(id: Int, quarterTurns: Int)] = []
    /// Quarter turns clockwise the session gave photos whose files were not written: every later
    /// decode of them is turned so.
    private var sessionTurns: [Int: Int] = [:]
    /// The version of a file PhotoZoom wrote itself (a turn kept): the watcher's news of it is no replacement.
    private var ownWrites: [String: FileIdentity] = [:]
    /// Files PhotoZoom is writing (a turn kept, on a thread of its own): the watcher's news of them waits for the result.
    private var writing: [String: Int] = [:]

    /// True while an animation or a gesture runs: from the next `prepare` on, only
    /// `decoderThreadsWhileMoving` decoders take new jobs (a decode under way runs to its end).
    /// The app sets it each frame from the viewer's `isAtRest`.
    public var isSomethingMoving = false

    /// A pipeline for `catalog`'s photos. Files the catalog found broken start broken (already warned).
    public init(catalog: PhotoCatalog, limits: Limits = Limits(), warn: @escaping (String) -> Void) {
        sources = catalog.entries.map { DecoderThreads.Source(path: $0.url.path) }
        var index: [String: Int] = [:]
        for (i, source) in sources.enumerated() { index[source.path] = i }
        idOfPath = index
        order = Array(sources.indices)
        indexOfID = Dictionary(uniqueKeysWithValues: sources.indices.map { ($0, $0) })
        folderOfID = sources.map { ($0.path as NSString).deletingLastPathComponent }
        namesRoot = Self.namesRoot(of: catalog.entries)
        watcher = limits.watchesFolders ? PhotoFolderWatcher(paths: sources.map(\.path)) : nil
        broken = Set(catalog.entries.indices.filter { catalog.entries[$0].isBroken })
        var limits = limits
        limits.pixelLimit = min(limits.pixelLimit, catalog.pixelLimit)
        self.limits = limits
        self.warn = warn
        cacheWriter = limits.writesSharedThumbnails ? limits.sharedThumbnails.map { ThumbnailCacheWriter(cache: $0, pixels: limits.pixelCache) } : nil
        thumbnails = ByteBudgetCache(budgetBytes: limits.thumbnailBytes)
        fulls = ByteBudgetCache(budgetBytes: limits.fullBytes)
        sizeDelivered = catalog.entries.map(\.hasSize)
        knownSizes = catalog.entries.map { $0.header?.uprightSize }
        previewSizes = catalog.entries.map { $0.header.flatMap(Self.previewSize) }
        let unknown = catalog.entries.indices.filter { !catalog.entries[$0].isKnown }
        if !unknown.isEmpty {
            scanners = [HeaderScanner(urls: catalog.entries.map(\.url), indices: unknown, pixelLimit: limits.pixelLimit, helper: limits.helperSettings)]
        }
    }

    /// Stops the threads. Textures are not destroyed here: they belong to the renderer, which frees
    /// them when it is destroyed, and the renderer may already be gone (Swift does not order the
    /// release of a pipeline against the caller's `SDL_DestroyRenderer`). A caller that keeps the
    /// renderer after dropping the pipeline calls `releaseTextures()` first.
    deinit {
        for scanner in scanners { scanner.stop() }
        queue.stop()
        cacheWriter?.stop()
    }

    /// Destroys every texture made so far (the renderer must still exist); they are made again on demand.
    public func releaseTextures() {
        for fade in fades.values { SDL_DestroyTexture(fade.texture.handle) }
        fades.removeAll()
        for d in departed.values { SDL_DestroyTexture(d.texture.handle) }
        departed.removeAll()
        for t in thumbnails.removeAll() { SDL_DestroyTexture(t.texture.handle) }
        for t in fulls.removeAll() { SDL_DestroyTexture(t.texture.handle) }
        // A picture half uploaded starts again from its pixels.
        for (key, band) in banded {
            SDL_DestroyTexture(band.texture)
            waiting[key] = band.outcome
        }
        banded.removeAll()
    }

    // MARK: - PhotoTextureSource

    /// Starts the decoder threads on what `demand`, the first frame's expected scene, will show,
    /// before the window and its renderer exist (creating them takes 0.1–0.2 s on a machine
    /// without a GPU): on a second visit the thumbnail-cache entries are read meanwhile. Only the
    /// shown photos: the cells around the screen would take CPU from the window's making (2.5 ms
    /// an entry, docs/pipeline.md "Start-up") for nothing the first frame draws; the first
    /// `prepare` asks for them. Nothing is uploaded; the first `prepare` takes what is ready and
    /// asks again for what its real demand wants differently (a decode that no longer serves is
    /// dropped, as after a scroll).
    public func prefetch(for demand: SceneDemand) {
        if !started { start() }
        let shown = Set((demand.visibleCells + demand.largePhotos).compactMap(id(at:)))
        submitJobs(wantedTextures(for: demand).filter { shown.contains($0.photo) })
    }

    public func prepare(for demand: SceneDemand, renderer: OpaquePointer) {
        if textureSideLimit == nil { textureSideLimit = Self.maxTextureSide(of: renderer) }
        if !started { start() }
        applyTurns(renderer)
        let active = isSomethingMoving ? min(limits.decoderThreadsWhileMoving, limits.decoderThreads) : limits.decoderThreads
        queue.setActiveWorkers(active)
        let wanted = wantedTextures(for: demand)
        var rank: [PhotoTextureKey: Int] = [:]
        for (i, w) in wanted.enumerated() where rank[w.key] == nil { rank[w.key] = i }

        takeHeaders(screen: (demand.largePhotos + demand.visibleCells).compactMap(id(at:)))
        takeFolderChanges()
        takeFinishedDecodes(rank: rank)
        upload(rank: rank, renderer: renderer)
        submitJobs(wanted)
        handOverWrites(visible: demand.visibleCells.compactMap(id(at:)))

        // What the scene wants stays (else prefetched cells would be dropped and decoded again
        // every frame when the budget is smaller than a screen and its surroundings).
        var keptThumbnails: Set<Int> = [], keptFulls: Set<Int> = []
        for w in wanted { if w.kind == .full { keptFulls.insert(w.photo) } else { keptThumbnails.insert(w.photo) } }
        for (_, t) in thumbnails.evict(sparingUsesSince: thumbnailMark, keeping: keptThumbnails) {
            SDL_DestroyTexture(t.texture.handle)
            stats.evictions += 1
        }
        for (_, t) in fulls.evict(sparingUsesSince: fullMark, keeping: keptFulls) {
            SDL_DestroyTexture(t.texture.handle)
            stats.evictions += 1
        }
        thumbnailMark = thumbnails.useMark
        fullMark = fulls.useMark
        endFinishedFades()
        for (key, d) in departed {
            if demand.largePhotos.contains(key) {
                departed[key]?.spare = 1
            } else if d.spare > 0 {
                departed[key]?.spare -= 1
            } else {
                SDL_DestroyTexture(d.texture.handle)
                departed[key] = nil
            }
        }
    }

    public func texture(for photo: Int, preferFull: Bool) -> Texture? {
        if photo < 0 {
            if let d = departed[photo] { return d.texture }
            guard let id = movedPictures[photo] else { return nil }
            return (preferFull ? fulls.value(for: id) : nil)?.texture ?? thumbnails.value(for: id)?.texture ?? fulls.value(for: id)?.texture
        }
        guard let id = id(at: photo) else { return nil }
        if preferFull, let t = fulls.value(for: id) { return t.texture }
        if let t = thumbnails.value(for: id) { return t.texture }
        return fulls.value(for: id)?.texture
    }

    public func isBroken(_ photo: Int) -> Bool { id(at: photo).map(broken.contains) ?? false }

    /// The id of the photo at `index` of the viewer's list, nil outside it.
    private func id(at index: Int) -> Int? { order.indices.contains(index) ? order[index] : nil }

    public func fadingOut(for photo: Int) -> (texture: Texture, opacity: Double)? {
        guard let id = id(at: photo), let fade = fades[id] else { return nil }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- fade.start) / 1e9
        return (fade.texture, max(0, 1 - elapsed / Self.previewFadeSeconds))
    }

    // MARK: - Observation

    /// Counters and levels now.
    public var statistics: PipelineStatistics {
        var s = stats
        s.thumbnailTextures = thumbnails.count
        s.thumbnailTextureBytes = thumbnails.totalBytes
        s.fullTextures = fulls.count
        s.fullTextureBytes = fulls.totalBytes
        s.decodedWaitingBytes = waiting.values.reduce(0) { $0 + ((try? $1.result.get())?.byteCount ?? 0) }
        s.pendingJobs = queue.pendingJobs().count
        s.runningJobs = queue.runningJobs().count
        s.sharedCacheEntriesWritten = cacheWriter?.entriesWritten ?? 0
        s.sharedCacheWritesFailed = cacheWriter?.writesFailed ?? 0
        s.pixelCacheEntriesWritten = cacheWriter?.pixelEntriesWritten ?? 0
        return s
    }

    /// True when `photo` has a thumbnail texture (its embedded preview does not count).
    public func hasThumbnail(_ photo: Int) -> Bool { id(at: photo).flatMap { thumbnails.peek($0) }.map { !$0.isPreview } ?? false }

    /// True when `photo` shows its embedded EXIF preview, its thumbnail not made yet.
    public func hasPreview(_ photo: Int) -> Bool { id(at: photo).flatMap { thumbnails.peek($0) }?.isPreview ?? false }

    /// True when `photo` has its window-sized texture.
    public func hasFullPhoto(_ photo: Int) -> Bool { id(at: photo).map(fulls.contains) ?? false }

    /// The number of photos in the list (as the viewer has it after the last `takePhotoSizeEvents`).
    public var photoCount: Int { order.count }

    /// The folder watcher's inotify queue, readable when a photo file changed (nil when the
    /// folders are not watched): the app wakes its loop on it (`DescriptorWatch`); the next
    /// `prepare` reads it.
    public var folderWatchDescriptor: Int32? { watcher?.descriptor }

    /// True when no header is left to read and no decode is queued, running or waiting for upload.
    public var isIdle: Bool { waiting.isEmpty && banded.isEmpty && queue.isIdle && !scanners.contains { $0.isBusy } }

    /// True when no thumbnail is waiting to be written to the shared cache or being written.
    public var isDoneWritingCache: Bool { pendingWrites.isEmpty && (cacheWriter?.isIdle ?? true) }

    /// What the viewer (and the trace) must learn, as events stamped `time`: first the change of the
    /// photo list since the last call (a `photos` event; this pipeline's indices change now), then
    /// the sizes learned. Thumbnails of these photos are drawn from the next frame on.
    public func takePhotoSizeEvents(at time: Double) -> [InputEvent] {
        defer { pendingSizes.removeAll(); sizePending.removeAll() }
        var events: [InputEvent] = []
        if let change = takeListChange() { events.append(InputEvent(time: time, kind: .photos(change))) }
        for update in pendingSizes {
            guard let index = indexOfID[update.index] else { continue }
            sizeDelivered[update.index] = true
            events.append(InputEvent(time: time, kind: .photoSize(index: index, size: update.size)))
        }
        return events
    }

    /// The path of the file of the photo at `index` in the list; nil when there is none.
    public func path(ofPhotoAt index: Int) -> String? { id(at: index).map { sources[$0].path } }

    /// The photo at `index` leaves the list at the next `takePhotoSizeEvents` (its file was moved
    /// away by the app: the trash), as one gone from disk does.
    public func removePhoto(at index: Int) {
        guard let id = id(at: index) else { return }
        pendingRemovals.insert(id)
        if let size = knownSizes[id], sizeDelivered[id] { sizesOfRemoved[sources[id].path] = size }
    }

    /// The list becomes the files at `paths` at the next `takePhotoSizeEvents` (files dropped on the
    /// window): every photo leaves, each file joins where a listing of its folder puts it.
    public func replaceList(with paths: [String]) {
        pendingRemovals.formUnion(order)
        for path in paths where !pendingAdditions.contains(path) { pendingAdditions.append(path) }
    }

    /// The index in the list of the photo whose file is `path`; nil when none is.
    public func index(ofPath path: String) -> Int? { idOfPath[path].flatMap { indexOfID[$0] } }

    /// The file at `path` joins the list at the next `takePhotoSizeEvents` (put back by the app:
    /// undo of the trash), where a listing of its folder puts it, as one new on disk does.
    public func addPhoto(atPath path: String) {
        if !pendingAdditions.contains(path) { pendingAdditions.append(path) }
    }

    // MARK: - Frame work

    /// The largest texture side `renderer` makes (16384 when it does not say).
    private static func maxTextureSide(of renderer: OpaquePointer) -> Int {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, info.max_texture_width > 0, info.max_texture_height > 0 else { return 16384 }
        return Int(min(info.max_texture_width, info.max_texture_height))
    }

    /// Starts the decoder threads. Their pictures are at most 8192 pixels a side (the helpers'
    /// shared memory); a renderer that makes smaller textures bounds the jobs instead
    /// (`textureSideLimit`), so the threads may start before the renderer exists (`prefetch`).
    private func start() {
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

    /// What the scene wants, best first.
    private func wantedTextures(for demand: SceneDemand) -> [DecodeJob] {
        let count = order.count
        let quantum = max(1, limits.thumbnailSideQuantum)
        let side = (max(16, demand.cellPixels) + quantum - 1) / quantum * quantum
        cellSide = side
        // A full picture fits the window and the largest texture the renderer makes.
        let sideLimit = min(Self.decodedSideLimit, textureSideLimit ?? Self.decodedSideLimit)
        let screen = DecodeTarget.screen(width: min(sideLimit, max(16, demand.windowPixels.width)),
                                         height: min(sideLimit, max(16, demand.windowPixels.height)))
        var out: [DecodeJob] = []
        func thumbnail(_ p: Int) {
            guard let id = id(at: p) else { return }
            out.append(DecodeJob(photo: id, kind: .thumbnail, target: .thumbnail(shortSide: thumbnailSide(id, cell: side)), path: sources[id].path,
                                 shownSide: side))
        }
        func full(_ p: Int) {
            guard let id = id(at: p) else { return }
            out.append(DecodeJob(photo: id, kind: .full, target: screen, path: sources[id].path))
        }

        func preview(_ p: Int) {
            guard let id = id(at: p), !previewTried.contains(id), thumbnails.peek(id) == nil, let size = previewSizes[id],
                  let photo = knownSizes[id], Self.isUseful(preview: size, photo: photo, cell: side) else { return }
            out.append(DecodeJob(photo: id, kind: .preview, target: .preview(shortSide: thumbnailSide(id, cell: side)), path: sources[id].path,
                                 shownSide: side))
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
        return out.filter { !broken.contains($0.photo) && !failedKeys.contains($0.key) }
    }

    /// The shorter side to decode `photo`'s thumbnail at for cells of `cell` pixels: the cell's, or,
    /// when writing the shared cache, the side of the entry to write (`large` or `x-large`, at
    /// least the cell's), so the entry comes from this decode. The DCT scale is the same or one
    /// step finer; a texture a little larger than the cell costs a few kilobytes.
    private func thumbnailSide(_ photo: Int, cell: Int) -> Int {
        guard cacheWriter != nil, let size = knownSizes[photo],
              let sizeClass = FreedesktopThumbnailCache.writtenClass(forShortSide: cell, width: size.width, height: size.height)
        else { return cell }
        return FreedesktopThumbnailCache.entryShortSide(sizeClass, width: size.width, height: size.height)
    }

    /// Once every visible cell has its thumbnail (or is broken), hands the decoded thumbnails held
    /// for the shared cache to its writer.
    private func handOverWrites(visible: [Int]) {
        guard let cacheWriter, !pendingWrites.isEmpty,
              visible.allSatisfy({ hasThumbnail($0) || broken.contains($0) }) else { return }
        cacheWriter.enqueue(pendingWrites)
        pendingWrites.removeAll()
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

    /// Takes the headers read since the last frame: sizes to hand over, or broken photos.
    private func takeHeaders(screen: [Int]) {
        guard !scanners.isEmpty else { return }
        let first = screen != lastScreen ? screen.filter { !sizeDelivered[$0] } : nil
        lastScreen = screen
        for scanner in scanners {
            if let first { scanner.readFirst(first) }
            scanner.start()
            for result in scanner.take() where indexOfID[result.index] != nil && !pendingRemovals.contains(result.index) {
                if let problem = result.problem { markBroken(result.index, problem) }
                if let header = result.header {
                    previewSizes[result.index] = Self.previewSize(header)
                    learnSize(result.index, width: header.uprightSize.width, height: header.uprightSize.height)
                }
            }
        }
        // A scanner of photos added later is done with once it has read them all.
        if scanners.count > 1 { scanners = [scanners[0]] + scanners.dropFirst().filter(\.isBusy) }
    }

    /// Sorts out what the folder watcher saw since the last frame, by what is on disk now (events
    /// of one frame for one name — deleted and written again, written twice — come to one): a
    /// photo of the list that is still there was replaced and is read again; one that is gone
    /// waits to leave the list; a new image file waits to join it (`takeListChange`).
    private func takeFolderChanges() {
        guard let watcher else { return }
        let touched = watcher.changedPaths()
        guard !touched.isEmpty else { return }
        for path in touched {
            if writing[path] != nil { continue }
            if let own = ownWrites[path], FileIdentity(path: path) == own { continue }
            let exists = FileSystemPath.linkStatus(path) != nil
            if let id = idOfPath[path] {
                if exists {
                    pendingRemovals.remove(id)
                    forgetPictures(of: id)
                    stats.filesReplaced += 1
                } else {
                    pendingRemovals.insert(id)
                }
            } else if exists {
                if limits.addsNewPhotos, PhotoFolder.isImageName((path as NSString).lastPathComponent), !pendingAdditions.contains(path) {
                    pendingAdditions.append(path)
                }
            } else {
                pendingAdditions.removeAll { $0 == path }
            }
        }
        lastSubmitted = []
    }

    /// Forgets everything decoded from `id`'s file, so it is read again: a broken one is tried again
    /// (its new content may be fine), and a size change reaches the viewer through `sizeChanged`
    /// when the new picture is decoded. Decodes under way are dropped when they finish.
    private func forgetPictures(of id: Int) {
        if let t = thumbnails.remove(id) { SDL_DestroyTexture(t.texture.handle) }
        if let t = fulls.remove(id) { SDL_DestroyTexture(t.texture.handle) }
        if let fade = fades.removeValue(forKey: id) { SDL_DestroyTexture(fade.texture.handle) }
        previewTried.remove(id)
        partlyShown.remove(id)
        dropDecodes(of: id)
        if broken.remove(id) != nil, knownSizes[id] == nil { sizeDelivered[id] = false }
    }

    /// Drops the decodes of `id`'s picture as it was: those waiting, those under way (finished and
    /// not yet taken too, dropped when taken), and the pixels held for the thumbnail caches.
    private func dropDecodes(of id: Int) {
        let running = queue.startedJobs()
        for kind in [TextureKind.thumbnail, .full, .preview] {
            let key = PhotoTextureKey(photo: id, kind: kind)
            waiting[key] = nil
            dropBanded(key)
            failedKeys.remove(key)
            if running.contains(where: { $0.key == key }) { staleDecodes.insert(key) }
        }
        pendingWrites.removeAll { $0.path == sources[id].path }
        cacheWriter?.forget(path: sources[id].path)
    }

    /// Applies the removals and additions waiting since the last call to the list (the indices the
    /// viewer and this pipeline use change here, together) and returns them as the viewer's
    /// `PhotoListChange`; nil when there are none.
    ///
    /// A new photo goes among the photos of its folder in natural name order (as a fresh listing
    /// would put it), after the last of them when it sorts after them all, at the end of the list
    /// when its folder has none left. Its size is not known yet: its header is read on a thread of
    /// its own and arrives as a `photoSize` event.
    private func takeListChange() -> PhotoListChange? {
        let removedIDs = pendingRemovals.filter { indexOfID[$0] != nil }
        // A file whose photo leaves in this change joins again as a new photo (a drop of the folder shown).
        let additions = pendingAdditions.filter { path in idOfPath[path].map { removedIDs.contains($0) } ?? true }
        // Photos added to a list not in name order are placed by sorting it again in its order.
        let sort = pendingSort ?? (additions.isEmpty || shownOrder == .name ? nil : shownOrder)
        pendingRemovals.removeAll()
        pendingAdditions.removeAll()
        pendingSort = nil
        guard !removedIDs.isEmpty || !additions.isEmpty || sort != nil else { return nil }
        let indexBefore = indexOfID
        movedPictures = [:]

        let removed = removedIDs.compactMap { indexOfID[$0] }.sorted()
        for id in removedIDs {
            // Its picture stays while the viewer fades it out where it was drawn.
            if let index = indexOfID[id], let kept = fulls.remove(id) ?? thumbnails.remove(id) {
                if let old = departed.updateValue((kept.texture, 1), forKey: -1 - index) { SDL_DestroyTexture(old.texture.handle) }
            }
            forgetPictures(of: id)
            broken.remove(id)
            idOfPath[sources[id].path] = nil
            pendingSizes.removeAll { $0.index == id }
            sizePending.remove(id)
        }
        order = order.filter { !removedIDs.contains($0) }

        var newIDs: [Int] = []
        for path in additions {
            let id = sources.count
            sources.append(DecoderThreads.Source(path: path))
            folderOfID.append((path as NSString).deletingLastPathComponent)
            let known = sizesOfRemoved.removeValue(forKey: path)
            sizeDelivered.append(known != nil)
            knownSizes.append(known)
            previewSizes.append(nil)
            idOfPath[path] = id
            order.insert(id, at: insertionIndex(of: id))
            newIDs.append(id)
        }
        indexOfID = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        if !newIDs.isEmpty {
            scanners.append(HeaderScanner(urls: sources.map { URL(fileURLWithPath: $0.path) }, indices: newIDs, pixelLimit: limits.pixelLimit,
                                          helper: limits.helperSettings))
        }
        lastSubmitted = []
        lastScreen = []
        stats.photosRemoved += removed.count
        stats.photosAdded += newIDs.count
        let added = newIDs.map { id in
            PhotoListChange.Addition(index: indexOfID[id]!, name: addedName(sources[id].path),
                                     size: knownSizes[id].map { Size(Double($0.width), Double($0.height)) } ?? .zero)
        }.sorted { $0.index < $1.index }
        guard let sort else { return PhotoListChange(removed: removed, added: added) }
        // The sort, after the removals and additions: name order first, then what the files say.
        let byName = order.sorted { PhotoOrder.nameOrder(sources[$0].path, sources[$1].path) }
        let sorted = sort.arrange(byName.map { PhotoOrder.Facts(path: sources[$0].path) }).map { byName[$0] }
        let permutation = sorted.map { indexOfID[$0]! }
        order = sorted
        indexOfID = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        // A photo that moves leaves its picture where it was, fading (the viewer's ghost, −1 − its old index).
        for (id, old) in indexBefore where indexOfID[id].map({ $0 != old }) == true { movedPictures[-1 - old] = id }
        let change = PhotoListChange(removed: removed, added: added, order: permutation)
        return change.isEmpty ? nil : change
    }

    /// The list is shown in `order` from the next `takePhotoSizeEvents` on (Shift+S): the change is
    /// a `photos` event with its `order`.
    public func sort(by order: PhotoOrder) {
        pendingSort = order
        shownOrder = order
    }

    /// The folder that `entries`' names are relative to: the path of the first entry whose path
    /// ends in "/" + its name, less that name.
    static func namesRoot(of entries: [PhotoCatalog.Entry]) -> String? {
        for entry in entries {
            let path = entry.url.path
            if path.hasSuffix("/" + entry.name) { return String(path.dropLast(entry.name.count)) }
        }
        return nil
    }

    /// The name a photo added at `path` gets, as the catalog named its photos: its path under the
    /// folder opened (`b/new.jpg` when a subfolder of a `-r` folder gains it), else its file name.
    private func addedName(_ path: String) -> String {
        if let root = namesRoot, path.hasPrefix(root), path.count > root.count { return String(path.dropFirst(root.count)) }
        return (path as NSString).lastPathComponent
    }

    /// Where in `order` the new photo `id` goes: among its folder's photos (already in natural
    /// order, found by bisection), else at the end.
    private func insertionIndex(of id: Int) -> Int {
        let folder = folderOfID[id]
        let siblings = order.indices.filter { folderOfID[order[$0]] == folder }
        guard let last = siblings.last else { return order.count }
        let name = (sources[id].path as NSString).lastPathComponent
        var lo = 0, hi = siblings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let other = (sources[order[siblings[mid]]].path as NSString).lastPathComponent
            if PhotoFolder.naturalOrder(other, name) { lo = mid + 1 } else { hi = mid }
        }
        return lo < siblings.count ? siblings[lo] : last + 1
    }

    /// Queues a photo's size for the viewer unless it has it or it is queued.
    private func learnSize(_ photo: Int, width: Int, height: Int) {
        knownSizes[photo] = (width, height)
        guard !sizeDelivered[photo], sizePending.insert(photo).inserted else { return }
        pendingSizes.append((photo, Size(Double(width), Double(height))))
    }

    /// A decode found `photo` at another size than the viewer has: the file was replaced since its
    /// header was read. Its textures (the old picture) are dropped and the new size is handed over
    /// before the new pixels are drawn, so the new picture is never stretched into the old shape.
    private func sizeChanged(_ photo: Int, width: Int, height: Int) {
        if let t = thumbnails.remove(photo) { SDL_DestroyTexture(t.texture.handle) }
        if let t = fulls.remove(photo) { SDL_DestroyTexture(t.texture.handle) }
        for kind in [TextureKind.thumbnail, .full] {
            waiting[PhotoTextureKey(photo: photo, kind: kind)] = nil
            dropBanded(PhotoTextureKey(photo: photo, kind: kind))
        }
        sizeDelivered[photo] = false
        sizePending.remove(photo)
        pendingSizes.removeAll { $0.index == photo }
        learnSize(photo, width: width, height: height)
    }

    /// Moves finished decodes into the waiting list (if still wanted) or marks their photos broken.
    private func takeFinishedDecodes(rank: [PhotoTextureKey: Int]) {
        for finished in queue.takeFinished() {
            var outcome = finished
            // A thumbnail from PhotoZoom's own cache is at the cells' side, not the job's (which
            // may ask more to write the shared cache): larger cells ask again.
            if outcome.fromPixelCache, let side = outcome.job.shownSide, case .thumbnail = outcome.job.target {
                outcome.job.target = .thumbnail(shortSide: side)
            }
            var job = outcome.job
            // Stale: the file was replaced since the decode began, the photo left (or is leaving) the list, or its file is being written.
            if staleDecodes.remove(job.key) != nil || indexOfID[job.photo] == nil || pendingRemovals.contains(job.photo)
                || writing[sources[job.photo].path] != nil {
                stats.decodesDiscarded += 1
                continue
            }
            if job.kind == .preview {
                previewTried.insert(job.photo)
                // No preview is no problem: the thumbnail follows.
                guard case .success = outcome.result else { continue }
                if outcome.fromSharedCache {
                    // The cache had the thumbnail itself: it is the thumbnail.
                    var thumbnail = outcome
                    thumbnail.job = DecodeJob(photo: job.photo, kind: .thumbnail, target: job.target.asThumbnail, path: job.path,
                                              shownSide: job.shownSide)
                    outcome = thumbnail
                    job = thumbnail.job
                } else {
                    stats.previewsDecoded += 1
                }
            }
            switch outcome.result {
            case let .failure(problem):
                stats.decodeFailures += 1
                markBroken(job.photo, problem)
            case var .success(image):
                if let turns = sessionTurns[job.photo], let turned = Self.turned(image, quarterTurns: turns) {
                    image = turned
                    outcome.result = .success(turned)
                }
                if let known = knownSizes[job.photo], known != (image.fullWidth, image.fullHeight) {
                    sizeChanged(job.photo, width: image.fullWidth, height: image.fullHeight)
                }
                learnSize(job.photo, width: image.fullWidth, height: image.fullHeight)
                if let problem = image.partialBecause, partlyShown.insert(job.photo).inserted {
                    warn(problem.partialWarning(path: sources[job.photo].path))
                }
                if outcome.fromSharedCache { stats.thumbnailsFromSharedCache += 1 }
                if outcome.fromPixelCache { stats.thumbnailsFromPixelCache += 1 }
                switch job.kind {
                case .thumbnail: stats.thumbnailsDecoded += 1; stats.thumbnailDecodeSeconds += outcome.seconds
                case .full: stats.fullPhotosDecoded += 1; stats.fullDecodeSeconds += outcome.seconds
                case .preview: break
                }
                if rank[job.key] != nil && !broken.contains(job.photo) {
                    dropBanded(job.key)  // a newer picture for it (asked again: it no longer served)
                    waiting[job.key] = outcome
                } else {
                    stats.decodesDiscarded += 1
                }
            }
        }
        // Drop waiting pixels no longer wanted, then the worst-ranked ones beyond the budget.
        for key in waiting.keys where rank[key] == nil {
            waiting[key] = nil
            stats.decodesDiscarded += 1
        }
        for key in banded.keys where rank[key] == nil {
            dropBanded(key)
            stats.decodesDiscarded += 1
        }
        var bytes = waiting.values.reduce(0) { $0 + ((try? $1.result.get())?.byteCount ?? 0) }
        if bytes > limits.decodedBytes {
            for key in waiting.keys.sorted(by: { rank[$0]! > rank[$1]! }) where bytes > limits.decodedBytes && waiting.count > 1 {
                bytes -= (try? waiting[key]?.result.get())?.byteCount ?? 0
                waiting[key] = nil
                stats.decodesDiscarded += 1
            }
        }
    }

    /// Makes textures from waiting pixels, best-ranked first, within the per-frame byte budget. A
    /// picture larger than a whole frame's budget (a window-sized one) is filled a band of rows a
    /// frame (`BandedUpload`) and stored, to be drawn, once whole; at least one band or texture a
    /// frame is always made.
    private func upload(rank: [PhotoTextureKey: Int], renderer: OpaquePointer) {
        // Before the first texture nothing is drawn but placeholders: if nothing moves, no
        // animation frame is at stake, and every thumbnail ready goes on screen at once.
        var budget = stats.uploads == 0 && !isSomethingMoving ? Int.max : limits.uploadBytesPerFrame
        var first = true
        for key in Set(waiting.keys).union(banded.keys).sorted(by: { rank[$0]! < rank[$1]! }) {
            if let band = banded[key] {
                let rows = band.rows(within: budget, atLeastOne: first)
                guard rows > 0 else { break }
                first = false
                let bytes = band.fill(rows: rows)
                budget -= bytes
                stats.uploadedBytes += bytes
                if band.isComplete {
                    banded[key] = nil
                    store(band.texture, of: band.image, for: key, outcome: band.outcome)
                }
                continue
            }
            guard let outcome = waiting[key], case let .success(image) = outcome.result else { continue }
            guard sizeDelivered[key.photo] else { continue }  // its crop would be wrong until the viewer has the size
            // Larger than a whole frame's budget: a band at a time, from this frame on.
            let inBands = image.byteCount > budget && image.byteCount > limits.uploadBytesPerFrame
            if !first && image.byteCount > budget && (!inBands || budget < image.byteCount / image.height) { break }
            waiting[key] = nil
            // A preview only stands in: never over a thumbnail made meanwhile.
            if key.kind == .preview, hasThumbnail(key.photo) { continue }
            SDLError.clear()
            guard let tex = makeTexture(renderer, image, filled: !inBands) else {
                first = false
                budget -= image.byteCount
                if key.kind == .preview { continue }
                let problem = ImageProblem.cannotUpload("\(image.width)×\(image.height): \(SDLError.reason)")
                if key.kind == .full && thumbnails.contains(key.photo) {
                    failedKeys.insert(key)
                    warn(problem.warning(path: sources[key.photo].path).replacingOccurrences(of: "; showing a placeholder", with: "; showing the thumbnail"))
                } else {
                    markBroken(key.photo, problem)
                }
                continue
            }
            if inBands {
                let band = BandedUpload(texture: tex, image: image, outcome: outcome)
                let bytes = band.fill(rows: band.rows(within: budget, atLeastOne: first))
                first = false
                budget -= bytes
                stats.uploadedBytes += bytes
                banded[key] = band
                if band.isComplete {  // a picture of one band's rows
                    banded[key] = nil
                    store(tex, of: image, for: key, outcome: outcome)
                }
                continue
            }
            first = false
            budget -= image.byteCount
            stats.uploadedBytes += image.byteCount
            store(tex, of: image, for: key, outcome: outcome)
        }
    }

    /// Stores the whole texture `tex` of `image` for `key`, to be drawn from now on.
    private func store(_ tex: OpaquePointer, of image: DecodedImage, for key: PhotoTextureKey, outcome: DecodeOutcome) {
        let stored = StoredTexture(texture: Texture(handle: tex, width: image.width, height: image.height,
                                                    hasTransparency: image.hasTransparency),
                                   target: outcome.job.target, isFullSize: image.isFullSize)
        if keepsPixelsForAnotherRenderer { keptPixels[stored.texture.serial] = image }
        let replaced = key.kind == .full
            ? fulls.insert(stored, for: key.photo, bytes: image.byteCount)
            : thumbnails.insert(stored, for: key.photo, bytes: image.byteCount)
        if let replaced {
            // A thumbnail replacing its preview fades in over it (no visible jump).
            if replaced.isPreview && key.kind == .thumbnail {
                if let old = fades.removeValue(forKey: key.photo) { SDL_DestroyTexture(old.texture.handle) }
                fades[key.photo] = (replaced.texture, DispatchTime.now().uptimeNanoseconds)
            } else {
                SDL_DestroyTexture(replaced.texture.handle)
            }
        }
        // A part of a photo is not stored: the whole file may follow (a copy under way).
        // One read from the shared cache goes to PhotoZoom's own (the next visit reads it faster).
        if cacheWriter != nil, key.kind == .thumbnail, !outcome.fromPixelCache, image.partialBecause == nil, sessionTurns[key.photo] == nil {
            holdForWriting(image, photo: key.photo, outcome: outcome)
        }
        stats.uploads += 1
    }

    /// Drops the band upload of `key`, if any (its photo changed or left, or it is no longer wanted).
    private func dropBanded(_ key: PhotoTextureKey) {
        if let band = banded.removeValue(forKey: key) { SDL_DestroyTexture(band.texture) }
    }

    /// A texture of `image`'s pixels, blended, or nil (SDL's error set).
    /// `filled` false: made, its pixels to come (`BandedUpload`).
    private func makeTexture(_ renderer: OpaquePointer, _ image: DecodedImage, filled: Bool = true) -> OpaquePointer? {
        // The same bytes either way: an opaque picture's alpha byte is 255, and XRGB ignores it.
        let format = image.hasTransparency ? SDL_PIXELFORMAT_ARGB8888.rawValue : opaqueTextureFormat
        guard let tex = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                          Int32(image.width), Int32(image.height)) else { return nil }
        if filled { SDL_UpdateTexture(tex, nil, image.surface.pointee.pixels, image.surface.pointee.pitch) }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        return tex
    }

    /// Makes every texture again for `renderer` from the pixels kept since
    /// `keepsPixelsForAnotherRenderer` was set, each with its old serial (a picture drawn with the
    /// new one is the same picture, `PictureState`), and stops keeping pixels. The old renderer and
    /// its textures are gone already (`WindowHost.finishOpening()`). A texture whose pixels were not
    /// kept, or that the new renderer cannot make, is dropped: a frame that wants it asks again.
    public func moveTextures(to renderer: OpaquePointer) {
        func remade(_ old: Texture) -> Texture? {
            guard let image = keptPixels[old.serial], let handle = makeTexture(renderer, image) else { return nil }
            return Texture(handle: handle, width: old.width, height: old.height, hasTransparency: old.hasTransparency, sameAs: old.serial)
        }
        func remade(_ stored: StoredTexture) -> StoredTexture? {
            remade(stored.texture).map { var s = stored; s.texture = $0; return s }
        }
        thumbnails.replaceValues { _, stored in remade(stored) }
        fulls.replaceValues { _, stored in remade(stored) }
        fades = fades.compactMapValues { fade in remade(fade.texture).map { (texture: $0, start: fade.start) } }
        departed = departed.compactMapValues { d in remade(d.texture).map { (texture: $0, spare: d.spare) } }
        keptPixels.removeAll()
        // Pictures half uploaded to the old renderer (gone with its textures) start again from their pixels.
        for (key, band) in banded { waiting[key] = band.outcome }
        banded.removeAll()
        keepsPixelsForAnotherRenderer = false
        opaqueTextureFormat = SDL_PIXELFORMAT_ARGB8888.rawValue
        textureSideLimit = nil
    }

    /// True when every photo of `cells` (indices of the viewer's list) shows its thumbnail or its
    /// broken mark, and no preview is fading out: the picture of those cells is final.
    public func showsFinalPictures(forCells cells: [Int]) -> Bool {
        fades.isEmpty && cells.allSatisfy { hasThumbnail($0) || isBroken($0) }
    }

    /// Keeps a decoded thumbnail for the shared cache, within `pendingWriteBytes` (oldest dropped).
    private func holdForWriting(_ image: DecodedImage, photo: Int, outcome: DecodeOutcome) {
        // Stored only for the version of the file decoded (one replaced meanwhile is decoded again).
        guard let source = outcome.source else { return }
        let path = sources[photo].path
        pendingWrites.removeAll { $0.path == path }
        pendingWrites.append(ThumbnailCacheWriter.Item(path: path, image: image, source: source, writesShared: !outcome.fromSharedCache,
                                                       shownSide: outcome.job.shownSide))
        var bytes = pendingWrites.reduce(0) { $0 + $1.image.byteCount }
        while bytes > limits.pendingWriteBytes, pendingWrites.count > 1 {
            bytes -= pendingWrites.removeFirst().image.byteCount
        }
    }

    /// Queues the wanted textures that are not made, waiting or being decoded, best first.
    private func submitJobs(_ wanted: [DecodeJob]) {
        let running = queue.startedJobs()
        var seen: Set<PhotoTextureKey> = []
        var jobs: [DecodeJob] = []
        // A photo whose file is being written (a turn kept) is not read until the write is done:
        // a decode then could read either version, and only one is turned for the session.
        for job in wanted where !broken.contains(job.photo) && writing[sources[job.photo].path] == nil && seen.insert(job.key).inserted {
            // A thumbnail that covers the cell serves, even when this job asks more to write the cache.
            var need = job.target
            if case let .thumbnail(side) = job.target { need = .thumbnail(shortSide: min(cellSide, side)) }
            if job.kind == .preview {
                // Wanted only while the cell shows nothing; not while its thumbnail is on the way.
                let thumbnailKey = PhotoTextureKey(photo: job.photo, kind: .thumbnail)
                if thumbnails.peek(job.photo) != nil || waiting[job.key] != nil || waiting[thumbnailKey] != nil
                    || running.contains(where: { $0.key == job.key }) { continue }
                jobs.append(job)
                continue
            }
            let cache = job.kind == .full ? fulls : thumbnails
            if let t = cache.peek(job.photo), serves(t.target, isFullSize: t.isFullSize, need) { continue }
            if let w = waiting[job.key], case let .success(image) = w.result,
               serves(w.job.target, isFullSize: image.isFullSize, need) { continue }
            if let band = banded[job.key], serves(band.outcome.job.target, isFullSize: band.image.isFullSize, need) { continue }
            if running.contains(where: { $0.key == job.key && serves($0.target, isFullSize: false, need) }) { continue }
            jobs.append(job)
        }
        if jobs != lastSubmitted {
            stats.jobsCancelled += queue.replacePending(with: jobs)
            lastSubmitted = jobs
        }
    }

    /// Marks `photo` broken: one warning line, its textures dropped, never decoded again.
    private func markBroken(_ photo: Int, _ problem: ImageProblem) {
        guard broken.insert(photo).inserted else { return }
        warn(problem.warning(path: sources[photo].path))
        if let t = thumbnails.remove(photo) { SDL_DestroyTexture(t.texture.handle) }
        if let t = fulls.remove(photo) { SDL_DestroyTexture(t.texture.handle) }
        for kind in [TextureKind.thumbnail, .full, .preview] {
            waiting[PhotoTextureKey(photo: photo, kind: kind)] = nil
            dropBanded(PhotoTextureKey(photo: photo, kind: kind))
        }
        if let fade = fades.removeValue(forKey: photo) { SDL_DestroyTexture(fade.texture.handle) }
    }

    // MARK: - Embedded previews

    /// The upright size of `header`'s embedded preview, when it has one.
    private static func previewSize(_ header: ImageHeader) -> (width: Int, height: Int)? {
        header.preview.map { header.orientation.uprightSize(width: $0.width, height: $0.height) }
    }

    /// True when a preview of `preview`'s size is worth showing in cells of `cell` pixels for a
    /// photo of `photo`'s: its shorter side at least half the cell's (a 160×120 camera preview in
    /// a 155-px cell; not in a 310-px HiDPI one, where it would look blurred), and the photo's
    /// shape within 2 % (cameras letterbox a 3:2 photo's 4:3 preview with black bars).
    static func isUseful(preview: (width: Int, height: Int), photo: (width: Int, height: Int), cell: Int) -> Bool {
        guard preview.width > 0, preview.height > 0, photo.width > 0, photo.height > 0 else { return false }
        let previewAspect = Double(preview.width) / Double(preview.height), photoAspect = Double(photo.width) / Double(photo.height)
        return 2 * min(preview.width, preview.height) >= cell && abs(previewAspect / photoAspect - 1) <= 0.02
    }

    /// Destroys the previews whose thumbnails have finished fading in.
    private func endFinishedFades() {
        let now = DispatchTime.now().uptimeNanoseconds
        for (photo, fade) in fades where Double(now &- fade.start) / 1e9 >= Self.previewFadeSeconds {
            SDL_DestroyTexture(fade.texture.handle)
            fades[photo] = nil
        }
    }
    // MARK: - Turns (Ctrl+R)

    /// Photo `index` turned `quarterTurns` × 90° clockwise: its textures turn at the next `prepare`
    /// (before a frame draws them: the viewer turns its geometry at the same instant), its size
    /// swaps sides, decodes begun before the turn are dropped, and every later decode of it is
    /// turned so, until its file is written with the turn (`wroteTurns`).
    package func turnPictures(ofPhotoAt index: Int, quarterTurns: Int) {
        guard let id = id(at: index) else { return }
        let k = ((quarterTurns % 4) + 4) % 4
        guard k != 0 else { return }
        sessionTurns[id] = ((sessionTurns[id] ?? 0) + k) % 4
        if sessionTurns[id] == 0 { sessionTurns[id] = nil }
        dropDecodes(of: id)
        if k % 2 == 1, let known = knownSizes[id] { knownSizes[id] = (known.height, known.width) }
        pendingTurns.append((id, k))
    }

    /// The file at `path` is being written with turns this session gave its photo (on a thread
    /// of its own): until `wroteTurns` or `writeFailed`, the watcher's news of it is not a replacement.
    package func writesTurns(ofFile path: String) {
        writing[path, default: 0] += 1
    }

    /// The file at `path` was written with `quarterTurns` of the turns this session gave its photo:
    /// those now decode from the file (decodes begun before are dropped), at version `written`.
    package func wroteTurns(ofFile path: String, quarterTurns: Int, written: FileIdentity?) {
        endWrite(path)
        if let written { ownWrites[path] = written }
        guard let id = idOfPath[path] else { return }
        let left = (((sessionTurns[id] ?? 0) - quarterTurns) % 4 + 4) % 4
        sessionTurns[id] = left == 0 ? nil : left
        dropDecodes(of: id)
    }

    /// Writing the file at `path` failed: it is as it was, and its photo stays turned for the session.
    package func writeFailed(ofFile path: String) {
        endWrite(path)
    }

    private func endWrite(_ path: String) {
        writing[path] = (writing[path] ?? 1) > 1 ? writing[path]! - 1 : nil
    }

    /// Removes the shared thumbnail cache's entries of the file at `path`, which was turned keeping
    /// its modification time (the only version other programs check). PhotoZoom's own entries
    /// also check the status-change time, which the turn moved: they are never read again.
    package func removeSharedThumbnails(ofFile path: String) {
        limits.sharedThumbnails?.removeEntries(forFile: path)
    }

    /// The quarter turns this session gave photo `index` that its file does not have.
    package func sessionTurns(ofPhotoAt index: Int) -> Int { id(at: index).flatMap { sessionTurns[$0] } ?? 0 }

    /// Turns the textures of the turns waiting, on `renderer` (a texture it cannot turn is dropped:
    /// the photo is decoded again, turned).
    private func applyTurns(_ renderer: OpaquePointer) {
        guard !pendingTurns.isEmpty else { return }
        for (id, k) in pendingTurns {
            if let fade = fades.removeValue(forKey: id) { SDL_DestroyTexture(fade.texture.handle) }
            func turned(_ stored: StoredTexture) -> StoredTexture? {
                keptPixels[stored.texture.serial] = nil
                let new = Self.turned(stored.texture, quarterTurns: k, renderer: renderer)
                SDL_DestroyTexture(stored.texture.handle)
                return new.map { var s = stored; s.texture = $0; return s }
            }
            thumbnails.replaceValues { key, stored in key == id ? turned(stored) : stored }
            fulls.replaceValues { key, stored in key == id ? turned(stored) : stored }
        }
        pendingTurns.removeAll()
    }

    /// A copy of `texture` turned `quarterTurns` × 90° clockwise, drawn into a target texture on
    /// the GPU texel for texel (nearest sampling, no blending); nil when the renderer cannot.
    static func turned(_ texture: Texture, quarterTurns: Int, renderer: OpaquePointer) -> Texture? {
        let k = ((quarterTurns % 4) + 4) % 4
        let (w, h) = k % 2 == 1 ? (texture.height, texture.width) : (texture.width, texture.height)
        var format: UInt32 = 0
        SDL_QueryTexture(texture.handle, &format, nil, nil, nil)
        guard let target = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h)) else { return nil }
        let previous = SDL_GetRenderTarget(renderer)
        var scale = SDL_ScaleModeNearest
        SDL_GetTextureScaleMode(texture.handle, &scale)
        SDL_SetTextureScaleMode(texture.handle, SDL_ScaleModeNearest)
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
        var ok = SDL_SetRenderTarget(renderer, target) == 0
        // SDL turns the copy about its destination's centre: the unturned rectangle centred in the turned one.
        var dst = SDL_FRect(x: Float(w - texture.width) / 2, y: Float(h - texture.height) / 2,
                            w: Float(texture.width), h: Float(texture.height))
        if ok { ok = SDL_RenderCopyExF(renderer, texture.handle, nil, &dst, Double(k) * 90, nil, SDL_FLIP_NONE) == 0 }
        SDL_SetRenderTarget(renderer, previous)
        SDL_SetTextureScaleMode(texture.handle, scale)
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
        guard ok else {
            SDL_DestroyTexture(target)
            return nil
        }
        SDL_SetTextureBlendMode(target, SDL_BLENDMODE_BLEND)
        return Texture(handle: target, width: w, height: h, hasTransparency: texture.hasTransparency)
    }

    /// `image` turned `quarterTurns` × 90° clockwise (a decode of a photo turned for the session only).
    package static func turned(_ image: DecodedImage, quarterTurns: Int) -> DecodedImage? {
        let orientation = ExifOrientation.up.turned(clockwise: quarterTurns)
        guard let surface = SurfaceOps.oriented(image.surface, orientation) else { return nil }
        let full = orientation.uprightSize(width: image.fullWidth, height: image.fullHeight)
        return DecodedImage(surface: surface, fullWidth: full.width, fullHeight: full.height,
                            hasTransparency: image.hasTransparency, partialBecause: image.partialBecause)
    }
}

extension PhotoPipeline.Limits {
    /// PhotoZoom's own cache of pixels, beside the shared cache; nil without one or when not used.
    package var pixelCache: PixelThumbnailCache? {
        usesPixelCache ? sharedThumbnails.map { PixelThumbnailCache(besideSharedCacheAt: $0.directory) } : nil
    }

}
