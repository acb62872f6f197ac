/// Where photo files are decoded: in the app's own decoder threads, or in helper processes that a
/// damaged file can crash, hang or bloat without touching the app.
public enum DecoderIsolation: Sendable {
    /// On the decoder threads, in this process (tests, benchmarks of the decode itself).
    case inProcess
    /// In one helper process per decoder thread, started from `HelperSettings.executable`.
    case helperProcesses(DecoderHelperSettings)

    /// What `PhotoPipeline.Limits` starts with: in process, unless the program that can run the
    /// helper (`photozoom`) says otherwise at start-up.
    nonisolated(unsafe) public static var processDefault = DecoderIsolation.inProcess
}

/// How decoder helpers are started and limited.
public struct DecoderHelperSettings: Sendable {
    /// The program to start (with `decode-helper` and its options): `photozoom` itself.
    public var executable: String
    /// Address space the helper may add to what it holds once started, bytes: a 100 MP image
    /// (the pixel limit) decodes into 400 MB, converted once more for SDL_image's formats.
    public var addressSpaceBytes = 1 << 30
    /// Wall-clock seconds one image may take before its helper is killed.
    public var timeLimitSeconds = 20.0

    public init(executable: String) {
        self.executable = executable
    }

    /// The running `photozoom`: `/proc/self/exe`, which names this program's file even if it was
    /// replaced on disk since.
    public static var thisProgram: DecoderHelperSettings { DecoderHelperSettings(executable: "/proc/self/exe") }
}
