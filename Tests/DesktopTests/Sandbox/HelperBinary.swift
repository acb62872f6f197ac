import Foundation
@testable import DecoderSandbox
import TestSupport

/// The built `photozoom` program, which runs the decoder helpers (`photozoom decode-helper`):
/// beside the test bundle (`.build/debug/photozoom`), else under the package's `.build`.
enum HelperBinary {
    static let path: String? = {
        let root = Repository.root
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent().appendingPathComponent("photozoom")) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("photozoom"))
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("photozoom"))
        candidates.append(root.appendingPathComponent(".build/debug/photozoom"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path
    }()

    /// A stand-in helper in `folder` that reads nothing and never replies, with a time limit of `seconds`.
    static func hung(in folder: URL, timeLimitSeconds seconds: Double) -> DecoderHelperSettings {
        let program = folder.appendingPathComponent("hung-helper")
        FileManager.default.createFile(atPath: program.path, contents: Data("#!/bin/sh\nexec sleep 600\n".utf8))
        chmod(program.path, 0o755)
        var settings = DecoderHelperSettings(executable: program.path)
        settings.timeLimitSeconds = seconds
        return settings
    }

    /// A stand-in helper in `folder` whose first start kills itself (SIGKILL) without replying;
    /// later starts run the built program: a helper that dies on a good file through no fault of it.
    static func diesOnce(in folder: URL) -> DecoderHelperSettings? {
        firstStart(in: folder, named: "dies-once", does: "kill -9 $$")
    }

    /// A stand-in helper in `folder` whose first start never replies (it sleeps); later starts run
    /// the built program: a helper that stops answering through no fault of the photo it was sent.
    static func hangsOnce(in folder: URL, timeLimitSeconds seconds: Double) -> DecoderHelperSettings? {
        var settings = firstStart(in: folder, named: "hangs-once", does: "exec sleep 600")
        settings?.timeLimitSeconds = seconds
        return settings
    }

    /// A stand-in helper in `folder` that says it took the photo (`DecoderHelperMessage.taken`)
    /// and never replies: a decode that takes forever (a slow file), with a thumbnail time limit
    /// of `thumbnailSeconds` and the screen's of 20 s. `once`: only its first start does so; later
    /// starts run the built program.
    static func takesPhotoThenHangs(in folder: URL, thumbnailSeconds: Double, once: Bool = false) -> DecoderHelperSettings? {
        let slow = "printf '\\000\\000\\000\\000'; exec sleep 600"
        var settings: DecoderHelperSettings?
        if once {
            settings = firstStart(in: folder, named: "takes-then-hangs-once", does: slow)
        } else {
            let program = folder.appendingPathComponent("takes-then-hangs")
            FileManager.default.createFile(atPath: program.path, contents: Data("#!/bin/sh\n\(slow)\n".utf8))
            chmod(program.path, 0o755)
            settings = DecoderHelperSettings(executable: program.path)
        }
        settings?.timeLimitSeconds = 20
        settings?.thumbnailTimeLimitSeconds = thumbnailSeconds
        return settings
    }

    /// A stand-in helper `name` in `folder` whose first start runs the shell command `first`;
    /// later starts run the built program.
    private static func firstStart(in folder: URL, named name: String, does first: String) -> DecoderHelperSettings? {
        guard let real = path else { return nil }
        let marker = folder.appendingPathComponent("started-once").path
        let program = folder.appendingPathComponent(name)
        FileManager.default.createFile(atPath: program.path, contents: Data(
            "#!/bin/sh\nif [ -e '\(marker)' ]; then exec '\(real)' \"$@\"; fi\n: > '\(marker)'\n\(first)\n".utf8))
        chmod(program.path, 0o755)
        return DecoderHelperSettings(executable: program.path)
    }

    /// Helper settings running the built program, with these limits.
    static func settings(timeLimitSeconds: Double = 20, addressSpaceBytes: Int = 1 << 30) -> DecoderHelperSettings? {
        guard let path else { return nil }
        var s = DecoderHelperSettings(executable: path)
        s.timeLimitSeconds = timeLimitSeconds
        s.addressSpaceBytes = addressSpaceBytes
        return s
    }
}
