import ImageFormats
import PhotoFiles

/// Which texture of a photo: the grid thumbnail, the large (window-sized) picture, or a JPEG's
/// embedded preview shown until the thumbnail is made.
package enum TextureKind: Hashable, Sendable {
    case thumbnail, full, preview
}

/// A photo and one of its textures: the key of the texture caches and of decode jobs.
package struct PhotoTextureKey: Hashable, Sendable {
    package var photo: Int
    package var kind: TextureKind

    /// The memberwise initializer, for the other modules of the package.
    package init(photo: Int, kind: TextureKind) {
        self.photo = photo
        self.kind = kind
    }
}

/// One unit of decoder work: a photo (the pipeline's id for it), which texture, at what size, and
/// the file to read (so decoder threads need no list of photos that changes under them).
package struct DecodeJob: Hashable, Sendable {
    package var photo: Int
    package var kind: TextureKind
    package var target: DecodeTarget
    package var path: String
    /// For a thumbnail (or preview) job, the shorter side the cells show, in pixels (the target
    /// may ask more, to write the shared cache's entry from the same decode); a thumbnail of this
    /// side from PhotoZoom's own cache serves (`PixelThumbnailCache`).
    package var shownSide: Int?
    package var key: PhotoTextureKey { PhotoTextureKey(photo: photo, kind: kind) }

    /// The memberwise initializer, for the other modules of the package.
    package init(photo: Int, kind: TextureKind, target: DecodeTarget, path: String, shownSide: Int? = nil) {
        self.photo = photo
        self.kind = kind
        self.target = target
        self.path = path
        self.shownSide = shownSide
    }
}

/// A finished job: pixels or the problem, and the decoder thread's CPU seconds for it (statistics).
package struct DecodeOutcome: Sendable {
    package var job: DecodeJob
    package var result: Result<DecodedImage, ImageProblem>
    package var seconds: Double
    /// True when the thumbnail came from a thumbnail cache: the freedesktop one or PhotoZoom's own.
    package var fromSharedCache = false
    /// True when it came from PhotoZoom's own cache of pixels (`PixelThumbnailCache`).
    package var fromPixelCache = false
    /// The version of the file decoded (`DecodeAttempt.source`).
    package var source: FileIdentity?
    /// Decoded by a helper that had been handed another photo before (`DecodeAttempt.fromReusedHelper`).
    package var fromReusedHelper = false

    /// The memberwise initializer, for the other modules of the package.
    package init(job: DecodeJob, result: Result<DecodedImage, ImageProblem>, seconds: Double, fromSharedCache: Bool = false, fromPixelCache: Bool = false, source: FileIdentity? = nil) {
        self.job = job
        self.result = result
        self.seconds = seconds
        self.fromSharedCache = fromSharedCache
        self.fromPixelCache = fromPixelCache
        self.source = source
    }
}
