/// Which texture of a photo: the grid thumbnail, the large (window-sized) picture, or a JPEG's
/// embedded preview shown until the thumbnail is made.
enum TextureKind: Hashable, Sendable {
    case thumbnail, full, preview
}

/// A photo and one of its textures: the key of the texture caches and of decode jobs.
struct PhotoTextureKey: Hashable, Sendable {
    var photo: Int
    var kind: TextureKind
}

/// One unit of decoder work: a photo (the pipeline's id for it), which texture, at what size, and
/// the file to read (so decoder threads need no list of photos that changes under them).
struct DecodeJob: Hashable, Sendable {
    var photo: Int
    var kind: TextureKind
    var target: DecodeTarget
    var path: String
    /// For a thumbnail (or preview) job, the shorter side the cells show, in pixels (the target
    /// may ask more, to write the shared cache's entry from the same decode); a thumbnail of this
    /// side from PhotoZoom's own cache serves (`PixelThumbnailCache`).
    var shownSide: Int?
    var key: PhotoTextureKey { PhotoTextureKey(photo: photo, kind: kind) }
}

/// A finished job: pixels or the problem, and the decoder thread's CPU seconds for it (statistics).
struct DecodeOutcome: Sendable {
    var job: DecodeJob
    var result: Result<DecodedImage, ImageProblem>
    var seconds: Double
    /// True when the thumbnail came from a thumbnail cache: the freedesktop one or PhotoZoom's own.
    var fromSharedCache = false
    /// True when it came from PhotoZoom's own cache of pixels (`PixelThumbnailCache`).
    var fromPixelCache = false
    /// The version of the file decoded (`DecodeAttempt.source`).
    var source: FileIdentity?
}
