import DecoderSandbox
import Decoding
import ImageFormats

/// The photo pipeline's budgets and knobs, with the defaults the app runs with
/// (`PhotoPipeline.Limits`).
public struct PipelineLimits: Sendable {
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
    package var nearbyScreens = 1.0
    /// Thumbnail sides are rounded up to a multiple of this (pixels), so small cell-size changes
    /// during a resize reuse the thumbnails instead of decoding them again.
    package var thumbnailSideQuantum = 32
    /// The freedesktop thumbnail cache to read thumbnails from first (file managers fill it);
    /// nil to always decode.
    public var sharedThumbnails: FreedesktopThumbnailCache? = .standard
    /// Also write `sharedThumbnails` entries (`large`, and `x-large` for HiDPI cells) from the
    /// thumbnails decoded, once the visible ones are on screen. The app does; tests and
    /// benchmarks ask for it.
    package var writesSharedThumbnails = false
    /// Read and write PhotoZoom's own cache of thumbnails' pixels beside `sharedThumbnails`
    /// (`PixelThumbnailCache`, in the same cache folder), wherever the shared cache is read and
    /// written: a second visit reads each thumbnail with one `pread`.
    package var usesPixelCache = true
    /// Decoded thumbnails held for writing to the cache (bytes); beyond it the oldest are
    /// dropped unwritten (a later visit decodes and writes them).
    package var pendingWriteBytes = 16 << 20
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
    package var helperSettings: DecoderHelperSettings? {
        if case let .helperProcesses(settings) = isolation { return settings }
        return nil
    }
}

extension PipelineLimits {
    /// PhotoZoom's own cache of pixels, beside the shared cache; nil without one or when not used.
    package var pixelCache: PixelThumbnailCache? {
        usesPixelCache ? sharedThumbnails.map { PixelThumbnailCache(besideSharedCacheAt: $0.directory) } : nil
    }
}
