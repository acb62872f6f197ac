/// One decode's outcome as a decoder thread sees it: pixels or the problem, the CPU seconds the
/// decode took (in whichever process ran it) and whether the shared thumbnail cache supplied it.
struct DecodeAttempt {
    var result: Result<DecodedImage, ImageProblem>
    var seconds = 0.0
    var fromSharedCache = false
    /// True when PhotoZoom's own cache of pixels supplied it (`fromSharedCache` is then true too).
    var fromPixelCache = false
    /// The version of the file the pixels came from, when it stayed the same through the decode
    /// (what a thumbnail cache may store them for).
    var source: FileIdentity?
}
