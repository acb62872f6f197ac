/// Counters and levels of the photo pipeline, for benchmarks, tests and a HUD. Counts run from the
/// pipeline's start; byte figures are what is held now.
public struct PipelineStatistics: Sendable, Equatable {
    /// Decodes finished, by kind.
    public var thumbnailsDecoded = 0
    public var fullPhotosDecoded = 0
    /// Decoder-thread CPU seconds spent, by kind (sum over threads; other work on the machine does
    /// not inflate them).
    public var thumbnailDecodeSeconds = 0.0
    /// Thumbnails read from the freedesktop thumbnail cache instead of decoded (counted in
    /// `thumbnailsDecoded` too).
    public var thumbnailsFromSharedCache = 0
    /// Of those, thumbnails read from PhotoZoom's own cache of pixels (`PixelThumbnailCache`).
    package var thumbnailsFromPixelCache = 0
    /// Embedded EXIF previews decoded and shown until their thumbnails came (issue 20).
    package var previewsDecoded = 0
    public var fullDecodeSeconds = 0.0
    /// Entries written to the freedesktop thumbnail cache (each size class counts), and writes
    /// that failed quietly (a read-only or full cache).
    package var sharedCacheEntriesWritten = 0
    package var sharedCacheWritesFailed = 0
    /// Entries written to PhotoZoom's own cache of pixels (each size class counts).
    package var pixelCacheEntriesWritten = 0
    /// Photos found broken while decoding (each warned about once).
    package var decodeFailures = 0
    /// Jobs dropped before they started because their cells scrolled away.
    public var jobsCancelled = 0
    /// Decodes that finished after their cell had scrolled away, dropped unused.
    public var decodesDiscarded = 0
    /// Textures made, and their bytes.
    package var uploads = 0
    package var uploadedBytes = 0
    /// Textures dropped to stay within the budget.
    public var evictions = 0
    /// Photo files replaced on disk while shown, and so read again.
    package var filesReplaced = 0
    /// Photos taken out of the list because their files went from the watched folders.
    package var photosRemoved = 0
    /// Photos put into the list because their files appeared in the watched folders.
    package var photosAdded = 0
    /// Held now: textures (thumbnails, full photos) and decoded pixels waiting for upload.
    public var thumbnailTextures = 0
    public var thumbnailTextureBytes = 0
    package var fullTextures = 0
    package var fullTextureBytes = 0
    package var decodedWaitingBytes = 0
    /// Work queued and running now.
    package var pendingJobs = 0
    package var runningJobs = 0

    package init() {}
}
