import ImageFormats
import PhotoFiles

/// One decode's outcome as a decoder thread sees it: pixels or the problem, the CPU seconds the
/// decode took (in whichever process ran it) and whether the shared thumbnail cache supplied it.
package struct DecodeAttempt {
    package var result: Result<DecodedImage, ImageProblem>
    package var seconds = 0.0
    package var fromSharedCache = false
    /// True when PhotoZoom's own cache of pixels supplied it (`fromSharedCache` is then true too).
    package var fromPixelCache = false
    /// The version of the file the pixels came from, when it stayed the same through the decode
    /// (what a thumbnail cache may store them for).
    package var source: FileIdentity?
    /// True when a helper decoded it after it had been handed another photo (issue 43): a photo
    /// that took that helper over could have painted these pixels, so they never go to the shared
    /// thumbnail cache that other programs trust (PhotoZoom's own cache may keep them).
    package var fromReusedHelper = false

    /// The memberwise initializer, for the other modules of the package.
    package init(result: Result<DecodedImage, ImageProblem>, seconds: Double = 0.0, fromSharedCache: Bool = false, fromPixelCache: Bool = false, source: FileIdentity? = nil) {
        self.result = result
        self.seconds = seconds
        self.fromSharedCache = fromSharedCache
        self.fromPixelCache = fromPixelCache
        self.source = source
    }
}
