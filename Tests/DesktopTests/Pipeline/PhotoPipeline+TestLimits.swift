@testable import DecoderSandbox
@testable import PhotoLoading

extension PhotoPipeline.Limits {
    /// The limits most pipeline tests want: one decoder thread (so results arrive in order), no
    /// shared thumbnail cache (nothing from the user's cache, nothing written to it), decoding as
    /// `isolation` says (a test that decodes in its own process says `.inProcess`).
    static func oneDecoder(_ isolation: DecoderIsolation) -> Self {
        var limits = Self()
        limits.decoderThreads = 1
        limits.sharedThumbnails = nil
        limits.isolation = isolation
        return limits
    }

    /// `oneDecoder` decoding in helper processes started with `helpers`.
    static func oneDecoder(helpers: DecoderHelperSettings) -> Self { oneDecoder(.helperProcesses(helpers)) }
}
