import Foundation
import TestSupport
import Testing

/// Signals stop a replay or an export cleanly, and a hang-up quits the window's app as Ctrl+C does
/// (issue 33): `replay --frames` went on writing 90 s after Ctrl+C, SIGHUP left ffmpeg orphaned and
/// its log in /tmp, and SIGHUP on `run` lost state.json's update.
@Suite("Signals: replays and exports stop cleanly; a hang-up quits the app as Ctrl+C does", .serialized)
struct StopSignalTests {
    /// A started `photozoom` with its own config and cache folders under `scratch`.
    final class Started {
        let process = Process()
        let exit = ExitSignal()
        let stderr: URL
        init(_ arguments: [String], scratch: URL) throws {
            let binary = try #require(PhotoZoomProcess.binary)
            process.executableURL = binary
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["SDL_VIDEODRIVER": "dummy", "XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path,
                 "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path]) { _, new in new }
            stderr = scratch.appendingPathComponent("stderr")
            FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            let exit = self.exit
            process.terminationHandler = { _ in exit.fire() }
            try process.run()
        }

        /// Waits (at most `seconds`) until `ready()`; whether it became true.
        func waitUntil(seconds: Double, _ ready: () -> Bool) async -> Bool {
            for _ in 0..<Int(seconds * 20) {
                if ready() { return true }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return ready()
        }

        /// Sends `signal` and waits for the exit (killing it after 60 s: then the test fails).
        func stop(with signal: Int32) async -> (exited: Bool, status: Int32, stderr: String) {
            kill(process.processIdentifier, signal)
            let exited = await exit.wait(seconds: 60)
            if !exited { kill(process.processIdentifier, SIGKILL); _ = await exit.wait(seconds: 60) }
            if process.isRunning { return (false, -1, (try? String(contentsOf: stderr, encoding: .utf8)) ?? "") }
            process.waitUntilExit()
            return (exited, process.terminationStatus, (try? String(contentsOf: stderr, encoding: .utf8)) ?? "")
        }

        /// The ids of this process's children now.
        func children() -> [Int32] {
            let pid = process.processIdentifier
            return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { child in
                guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                      let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 2 else { return false }
                return Int32(fields[2]) == pid
            }
        }
    }

    /// A trace of `frames` frames at 60 fps (frames enough to outlast any test).
    static func longTrace(in folder: URL, frames: Int) throws -> String {
        var lines = [ReplayCommandTests.header]
        for k in 1...frames {
            lines.append(#"{"t":"# + String(Double(k) / 60) + #","type":"frame"}"#)
        }
        let path = folder.appendingPathComponent("long.trace.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test("replay --frames stops on SIGINT, SIGTERM and SIGHUP with 128 + the signal, the frames written so far kept",
          arguments: [SIGINT, SIGTERM, SIGHUP])
    func framesStop(_ signal: Int32) async throws {
        let folder = try PhotoZoomProcess.scratchFolder("frames-stop-\(signal)")
        let trace = try Self.longTrace(in: folder, frames: 20_000)
        let frames = folder.appendingPathComponent("frames")
        let app = try Started(["replay", trace, "--frames", frames.path], scratch: folder)
        let drawing = await app.waitUntil(seconds: 120) { ((try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []).count >= 2 }
        #expect(drawing)
        let (exited, status, stderr) = await app.stop(with: signal)
        #expect(exited, "still running 60 s after signal \(signal)")
        #expect(status == 128 + signal, "\(status): \(stderr)")
        #expect(stderr.contains("replay stopped"), "\(stderr)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []
        #expect(!written.isEmpty && written.count < 20_000)
    }

    @Test("replay --video stops on each signal leaving no ffmpeg running and no ffmpeg log in /tmp",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")), arguments: [SIGINT, SIGTERM, SIGHUP])
    func videoStop(_ signal: Int32) async throws {
        let folder = try PhotoZoomProcess.scratchFolder("video-stop-\(signal)")
        let trace = try Self.longTrace(in: folder, frames: 20_000)
        let video = folder.appendingPathComponent("v.mp4").path
        let app = try Started(["replay", trace, "--video", video, "--size", "320x240"], scratch: folder)
        var ffmpeg: [Int32] = []
        let encoding = await app.waitUntil(seconds: 120) {
            ffmpeg = app.children()
            return !ffmpeg.isEmpty && ((try? FileManager.default.attributesOfItem(atPath: video)[.size] as? Int) ?? 0) > 0
        }
        #expect(encoding)
        let pid = app.process.processIdentifier
        let (exited, status, stderr) = await app.stop(with: signal)
        #expect(exited)
        #expect(status == 128 + signal, "\(status): \(stderr)")
        for child in ffmpeg {
            // Gone: not running under anyone (an orphan would be reparented, not ended).
            let alive = await app.waitUntil(seconds: 30) { kill(child, 0) != 0 }
            #expect(alive, "ffmpeg \(child) outlived photozoom")
        }
        let logs = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))?.filter { $0.hasPrefix("photozoom-ffmpeg-\(pid)-") }
        #expect(logs == [], "\(logs ?? [])")
    }

    /// The config folder's state file.
    static func statePath(_ scratch: URL) -> URL { scratch.appendingPathComponent("config/photozoom/state.json") }

    @Test("SIGHUP on run quits as Ctrl+C does: state.json gets the window's size")
    func hangUpWritesState() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("hangup-state")
        // A remembered size the window opens at (a --size would be for that run only, not remembered).
        try FileManager.default.createDirectory(at: Self.statePath(folder).deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"window":{"w":432.4,"h":321}}"#.write(to: Self.statePath(folder), atomically: false, encoding: .utf8)
        // The window is open once the app has drawn its first frame, the first line of its state log
        // (waited for: a busy machine can take seconds to get there); the signal then waits for nothing.
        let states = folder.appendingPathComponent("states.jsonl")
        let app = try Started(["run", "--states", states.path], scratch: folder)
        let drawn = await app.waitUntil(seconds: 120) { ((try? String(contentsOf: states, encoding: .utf8)) ?? "").contains("\n") }
        #expect(drawn, "no frame drawn within 120 s")
        let (exited, status, stderr) = await app.stop(with: SIGHUP)
        #expect(exited && status == 0, "\(status) \(stderr)")
        let text = try String(contentsOf: Self.statePath(folder), encoding: .utf8)
        // Written again: the window's whole points, not the 432.4 read.
        #expect(text.contains(#""w":432}"#) && text.contains(#""h":321"#), "\(text)")
    }

    @Test("a state.json that is a symbolic link stays one: the file it points to gets the new state")
    func stateThroughLink() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("state-link")
        let dotfiles = folder.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let real = dotfiles.appendingPathComponent("photozoom-state.json")
        try #"{"window":{"w":800,"h":600}}"#.write(to: real, atomically: false, encoding: .utf8)
        let state = Self.statePath(folder)
        try FileManager.default.createDirectory(at: state.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: state.path, withDestinationPath: "../../dotfiles/photozoom-state.json")
        let r = try await PhotoZoomProcess.run(["run", "--size", "500x400", "--quit-after", "0.3", PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/Fixtures/Photos").path],
                                               environment: ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: state.path)) == "../../dotfiles/photozoom-state.json")
        let text = try String(contentsOf: real, encoding: .utf8)
        // The folder shown is remembered; the one-off --size is not (the 800×600 stays).
        #expect(text.contains(#""lastFolder""#) && text.contains(#""w":800"#), "\(text)")
    }

    @Test("a --size run leaves the remembered size alone: the next plain launch opens at it")
    func sizeIsForOneRun() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("size-one-run")
        let state = Self.statePath(folder)
        try FileManager.default.createDirectory(at: state.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"window":{"w":900,"h":700}}"#.write(to: state, atomically: false, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                           "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
        let oneOff = folder.appendingPathComponent("one-off.trace.jsonl").path
        let r1 = try await PhotoZoomProcess.run(["run", "--size", "400x300", "--quit-after", "0.3", "--record", oneOff], environment: environment)
        #expect(r1.status == 0, "\(r1.stderr)")
        #expect(try String(contentsOfFile: oneOff, encoding: .utf8).hasPrefix(#"{"trace":"photozoom","version":1,"window":{"w":400,"h":300}"#))
        let plain = folder.appendingPathComponent("plain.trace.jsonl").path
        let r2 = try await PhotoZoomProcess.run(["run", "--quit-after", "0.3", "--record", plain], environment: environment)
        #expect(r2.status == 0, "\(r2.stderr)")
        let header = try String(contentsOfFile: plain, encoding: .utf8).prefix(80)
        #expect(header.hasPrefix(#"{"trace":"photozoom","version":1,"window":{"w":900,"h":700}"#), "\(header)")
    }
}
