@testable import Shell

extension PhotoPipeline.Limits {
    /// The limits most pipeline tests want: one decoder thread (so results arrive in order), no
    /// shared thumbnail cache (nothing from the user's cache, nothing written to it), decoding in
    /// helper processes when `helpers` is given, else in process.
    static func oneDecoder(helpers: DecoderHelperSettings? = nil) -> Self {
        var limits = Self()
        limits.decoderThreads = 1
        limits.sharedThumbnails = nil
        if let helpers { limits.isolation = .helperProcesses(helpers) }
        return limits
    }
}
