/// Which texture of a photo: the grid thumbnail or the large (window-sized) picture.
enum TextureKind: Hashable, Sendable {
    case thumbnail, full
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
    var key: PhotoTextureKey { PhotoTextureKey(photo: photo, kind: kind) }
}

/// A finished job: pixels or the problem, and the decoder thread's CPU seconds for it (statistics).
struct DecodeOutcome: Sendable {
    var job: DecodeJob
    var result: Result<DecodedImage, ImageProblem>
    var seconds: Double
    /// True when the thumbnail came from the freedesktop thumbnail cache.
    var fromSharedCache = false
}
