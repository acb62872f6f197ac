import Foundation

/// Where photo files are decoded: in the app's own decoder threads, or in helper processes that a
/// damaged file can crash, hang or bloat without touching the app.
public enum DecoderIsolation: Sendable {
    /// On the decoder threads, in this process (tests, benchmarks of the decode itself).
    case inProcess
    /// In one helper process per decoder thread, started from `HelperSettings.executable`.
    case helperProcesses(DecoderHelperSettings)

    /// What `PhotoPipeline.Limits` and `PhotoCatalog` start with: helper processes, whoever uses the
    /// engine. `photozoom` sets its own program (`thisProgram`) at start-up; any other client (a
    /// benchmark, a test bundle) gets the `photozoom` built or installed beside it
    /// (`besideThisProgram`), and without one every decode fails with a warning: a photo is never
    /// decoded in the client's own process unless it asks for `.inProcess` by name.
    nonisolated(unsafe) public static var processDefault = DecoderIsolation.helperProcesses(.besideThisProgram)
}

/// How decoder helpers are started and limited.
public struct DecoderHelperSettings: Sendable {
    /// The program to start (with `decode-helper` and its options): `photozoom` itself.
    public var executable: String
    /// Address space the helper may add to what it holds once started, bytes: a 100 MP image
    /// (the pixel limit) decodes into 400 MB, converted once more for SDL_image's formats.
    public var addressSpaceBytes = 1 << 30
    /// Wall-clock seconds one image may take before its helper is killed: the photo shown large.
    public var timeLimitSeconds = 20.0
    /// Wall-clock seconds a thumbnail (or an embedded preview) may take: a tighter budget than the
    /// screen's (issue 43), so one slow file holds its decoder thread a few seconds, once, and its
    /// cell then says it took too long; opened, the photo has the screen's budget.
    public var thumbnailTimeLimitSeconds = 10.0

    public init(executable: String) {
        self.executable = executable
    }

    /// The running `photozoom`: `/proc/self/exe`, which names this program's file even if it was
    /// replaced on disk since.
    package static var thisProgram: DecoderHelperSettings { DecoderHelperSettings(executable: "/proc/self/exe") }

    /// The `photozoom` in the running program's folder (`.build/<config>/photozoom` beside a
    /// benchmark or the test bundle, `bin/photozoom` beside an installed tool).
    package static var besideThisProgram: DecoderHelperSettings {
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return DecoderHelperSettings(executable: URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent("photozoom").path)
    }
}
