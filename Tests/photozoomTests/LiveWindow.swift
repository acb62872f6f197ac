import Foundation
import TestSupport
import Testing
import Events

/// `photozoom run --record --states` in a real X server of its own (`XorgServer`), driven through
/// the server's inputtest devices as a person's hands drive a laptop: the touchpad moves the
/// pointer, clicks, pinches and swipes; the touch screen's fingers land, move and lift; the
/// keyboard quits. Every event goes through the server, which stamps it with its own time and
/// delivers it to the window as it would a real device's (XInput 2.4 gestures, XInput 2.2 touches).
final class LiveWindow: @unchecked Sendable {
    let server: XorgServer
    let folder: URL
    let touchpad: InputTestClient, touchScreen: InputTestClient, keyboard: InputTestClient
    private let app: Process
    private let appExit: ExitSignal
    /// The pointer's position on the screen, pixels (the server starts it at the screen's centre;
    /// the touchpad has no acceleration, so its motion moves it exactly).
    private(set) var pointer = (x: Double(XorgServer.screenSize.width / 2), y: Double(XorgServer.screenSize.height / 2))

    /// The window's size, and its top-left corner on the screen: the app centres its window on
    /// the screen, and no window manager moves it.
    static let windowSize = (width: 800.0, height: 600.0)
    static let windowOrigin = (x: (Double(XorgServer.screenSize.width) - windowSize.width) / 2,
                               y: (Double(XorgServer.screenSize.height) - windowSize.height) / 2)

    var traceFile: URL { folder.appendingPathComponent("live.trace.jsonl") }
    var statesFile: URL { folder.appendingPathComponent("live.states.jsonl") }

    /// Said once when no server can start here (the rest of the suite runs).
    static let skipNotice: Void = {
        if let reason = XorgServer.unavailableReason { print("touchpad and touch-screen end-to-end tests skipped: \(reason)") }
    }()

    /// A server and the app's window on it (with `feel`, a feel file's text, as its `--feel`), the
    /// window's first frames drawn and OpenGL's hand-over past; nil (said in one line) when no X
    /// server can start here. With `holdingHandOver`, the hand-over waits for the test
    /// (`waitForHandOverStart()`, `letHandOverGo()`) and this returns as soon as the app runs.
    static func start(_ name: String, feel: String? = nil, holdingHandOver: Bool = false) async throws -> LiveWindow? {
        guard XorgServer.unavailableReason == nil else {
            _ = skipNotice
            return nil
        }
        let binary = try #require(PhotoZoomProcess.binary, "photozoom is not built next to the tests; run `swift build` first")
        // Short: the devices' socket paths must fit in 108 bytes.
        let folder = URL(fileURLWithPath: "/tmp/pz-xorg-\(getpid())-\(name)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var feelFile: URL?
        if let feel {
            feelFile = folder.appendingPathComponent("feel.json")
            try feel.write(to: feelFile!, atomically: false, encoding: .utf8)
        }
        let server = try await XorgServer.start(in: folder)
        do {
            let window = try await LiveWindow(server: server, folder: folder, binary: binary, feel: feelFile, holdingHandOver: holdingHandOver)
            if !holdingHandOver { try await window.waitUntilDrawing() }
            return window
        } catch {
            await server.stop()
            throw error
        }
    }

    private init(server: XorgServer, folder: URL, binary: URL, feel: URL?, holdingHandOver: Bool) async throws {
        self.server = server
        self.folder = folder
        touchpad = try InputTestClient(path: server.touchpadSocket)
        touchScreen = try InputTestClient(path: server.touchScreenSocket)
        keyboard = try InputTestClient(path: server.keyboardSocket)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", "--record", folder.appendingPathComponent("live.trace.jsonl").path,
                             "--states", folder.appendingPathComponent("live.states.jsonl").path,
                             "--size", "\(Int(Self.windowSize.width))x\(Int(Self.windowSize.height))"]
            + (feel.map { ["--feel", $0.path] } ?? [])
        let isolated = ["DISPLAY": ":\(server.display)", "SDL_VIDEODRIVER": "x11",
                        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
            .merging(holdingHandOver ? ["PHOTOZOOM_TEST_HAND_OVER_HOLD": folder.path] : [:]) { _, new in new }
        process.environment = ProcessInfo.processInfo.environment.merging(isolated) { _, new in new }
        let stderr = folder.appendingPathComponent("app.stderr")
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let exit = ExitSignal()
        process.terminationHandler = { _ in exit.fire() }
        try process.run()
        app = process
        appExit = exit
    }

    /// Frames in the live state log so far.
    var frameCount: Int { frames }

    /// Lines in the live state log so far.
    private var frames: Int {
        ((try? String(contentsOf: statesFile, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// Waits until the state log has `count` lines (120 s at most).
    func waitForFrames(_ count: Int) async throws {
        for _ in 0..<1200 where frames < count {
            if await appExit.wait(seconds: 0.1) { break }
        }
        let stderr = (try? String(contentsOf: folder.appendingPathComponent("app.stderr"), encoding: .utf8)) ?? ""
        try #require(frames >= count, "photozoom drew \(frames) frames, not \(count), within 120 s: \(stderr)")
    }

    /// Waits until the live state log's last frame is in `phase` (120 s at most, as the Xvfb
    /// scenarios' waits): on a busy machine frames come late, and a scenario that measures the
    /// presented photo must start from it.
    func waitForPhase(_ phase: String) async throws {
        var last = ""
        for _ in 0..<1200 {
            last = ((try? String(contentsOf: statesFile, encoding: .utf8)) ?? "").split(separator: "\n").last.map(String.init) ?? ""
            if last.contains("\"phase\":\"\(phase)\"") { return }
            try await pause(0.1)
        }
        Issue.record("the window did not reach \(phase) within 120 s; its last frame: \(last)")
    }

    /// Whether this machine has Mesa's OpenGL driver (the app hands over to it after its first frames).
    static let hasOpenGL = FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so")

    /// The first frames, then OpenGL's hand-over (the frame loop waits while the accelerated
    /// renderer is made, docs/pipeline.md): input is sent once it is over. The driver is loaded as
    /// the renderer starts to be made (120 s at most where Mesa's driver is installed, else 3 s);
    /// the hand-over is over once a frame is logged after that, or once the log has stood still
    /// for 10 s (the loop at rest, waiting on input: making the renderer took 4 s in one loaded
    /// run, where a log standing still for 2 s was no sign of rest). (A gesture sent while the
    /// renderer was being made lost its last events: that run's pinch reached the app as its
    /// begin and five of ten updates, no end; the cause, SDL's pointer grab for a click read
    /// late, is gone: docs/touchpad.md.) Without a driver: frames flowing again, or the log
    /// still for 2 s.
    private func waitUntilDrawing() async throws {
        try await waitForFrames(5)
        var loaded = false
        for _ in 0..<(Self.hasOpenGL ? 1200 : 30) {
            // Read to its end: `String(contentsOfFile:)` stops at the first 4 KiB of a /proc file
            // (the size it reports is 0), before the GL libraries, so this wait never saw them.
            let maps = FileHandle(forReadingAtPath: "/proc/\(app.processIdentifier)/maps")
                .map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
            if maps.contains("libGLX_mesa") || maps.contains("_dri.so") { loaded = true; break }
            try await Task.sleep(for: .milliseconds(100))
        }
        try await waitForFramesOrRest(frames + (loaded ? 1 : 5), still: loaded ? 100 : 20)
        try await Task.sleep(for: .milliseconds(300))
    }

    /// Waits until the state log has `count` lines, or until it has not grown for `still` tenths
    /// of a second: after the hand-over the loop steps every interval for 4 s, then waits on input
    /// with no timeout (issue 28), so a log that stands still is a loop at rest, which input wakes.
    private func waitForFramesOrRest(_ count: Int, still limit: Int) async throws {
        var last = frames, still = 0
        for _ in 0..<1200 where frames < count && still < limit {
            if await appExit.wait(seconds: 0.1) { break }
            let now = frames
            still = now == last ? still + 1 : 0
            last = now
        }
    }

    /// Waits until the app, started `holdingHandOver`, holds its renderer hand-over: the software
    /// renderer is gone and the accelerated one not yet made (120 s at most).
    func waitForHandOverStart() async throws {
        let started = folder.appendingPathComponent("hand-over-started").path
        for _ in 0..<1200 where !FileManager.default.fileExists(atPath: started) {
            if await appExit.wait(seconds: 0.1) { break }
        }
        let stderr = (try? String(contentsOf: folder.appendingPathComponent("app.stderr"), encoding: .utf8)) ?? ""
        try #require(FileManager.default.fileExists(atPath: started), "the app did not start its renderer hand-over within 120 s: \(stderr)")
    }

    /// Lets the held hand-over go on: the accelerated renderer is made.
    func letHandOverGo() throws {
        try Data().write(to: folder.appendingPathComponent("hand-over-go"))
    }

    /// Waits `seconds` of real time.
    func pause(_ seconds: Double) async throws {
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
    }

    // MARK: - The touchpad

    /// Moves the pointer to (x, y) in window points with one touchpad motion.
    func movePointer(toWindow x: Double, _ y: Double) throws {
        let target = (x: Self.windowOrigin.x + x, y: Self.windowOrigin.y + y)
        try touchpad.send(.motion(dx: target.x - pointer.x, dy: target.y - pointer.y))
        try touchpad.sync()
        pointer = target
    }

    /// A click of the touchpad's button (pressed for 60 ms).
    func click() async throws {
        try touchpad.send(.button(1, press: true))
        try touchpad.sync()
        try await pause(0.06)
        try touchpad.send(.button(1, press: false))
        try touchpad.sync()
    }

    /// One step of a touchpad pinch: the scale since the begin, the turn since the last step in
    /// degrees (clockwise on screen), the centre's travel in points.
    struct PinchStep {
        var scale: Double
        var angle = 0.0
        var dx = 0.0, dy = 0.0
    }

    /// A touchpad pinch with `fingers` fingers: the begin, one update per step every `interval`
    /// seconds, and the end (the server's cancelled end when `cancelled`) right after the last.
    func pinch(_ steps: [PinchStep], fingers: UInt16 = 2, interval: Double = 0.012, cancelled: Bool = false) async throws {
        try touchpad.send(.pinch(phase: .begin, fingers: fingers, dx: 0, dy: 0, scale: 1, angleDegrees: 0))
        try touchpad.sync()
        for step in steps {
            try await pause(interval)
            try touchpad.send(.pinch(phase: .update, fingers: fingers, dx: step.dx, dy: step.dy, scale: step.scale, angleDegrees: step.angle))
            try touchpad.sync()
        }
        try touchpad.send(.pinch(phase: cancelled ? .cancelled : .end, fingers: fingers, dx: 0, dy: 0,
                                 scale: steps.last?.scale ?? 1, angleDegrees: 0))
        try touchpad.sync()
    }

    /// A touchpad swipe with `fingers` fingers: `steps` updates of (dx, dy) every `interval`
    /// seconds, then the end.
    func swipe(dx: Double, dy: Double, steps: Int, fingers: UInt16 = 3, interval: Double = 0.012) async throws {
        try touchpad.send(.swipe(phase: .begin, fingers: fingers, dx: 0, dy: 0))
        try touchpad.sync()
        for _ in 0..<steps {
            try await pause(interval)
            try touchpad.send(.swipe(phase: .update, fingers: fingers, dx: dx, dy: dy))
            try touchpad.sync()
        }
        try touchpad.send(.swipe(phase: .end, fingers: fingers, dx: 0, dy: 0))
        try touchpad.sync()
    }

    // MARK: - The touch screen

    /// The touch screen's axis value for a window coordinate: 0…65535 spans the screen.
    private static func axis(_ screen: Double, of length: Int) -> Double {
        min(65_535, max(0, (screen / Double(length) * 65_536).rounded()))
    }

    /// Touch `id` begins, moves or ends at (x, y) in window points.
    func touch(_ id: UInt32, _ phase: InputTestMessage.TouchPhase, atWindow x: Double, _ y: Double) throws {
        try touchScreen.send(.touch(id: id, phase: phase, x: Self.axis(Self.windowOrigin.x + x, of: XorgServer.screenSize.width),
                                    y: Self.axis(Self.windowOrigin.y + y, of: XorgServer.screenSize.height)))
        try touchScreen.sync()
    }

    // MARK: - The end

    /// What the session left: the trace, the live state log, the replay's state log and the
    /// replay's summary.
    struct Outcome {
        /// The session's folder (its trace is `live.trace.jsonl`).
        var folder: URL
        var trace: String
        var live: String
        var replayed: String
        var summary: String
        /// The state log of the trace replayed with a frame every 1/60 s (`DenseReplay`), once read.
        var dense: [Substring] = []

        /// The summary's releases: "pinch zoom … → zoom" lines, each as (line, decision).
        var releases: [(line: String, decision: String)] {
            summary.split(separator: "\n").compactMap { line in
                guard line.contains(" released at "), let arrow = line.range(of: "→ ") else { return nil }
                return (String(line), String(line[arrow.upperBound...].prefix { $0 != ";" && $0 != " " }))
            }
        }

        /// The trace's touchpad events, in order.
        var touchpadLines: [Substring] { trace.split(separator: "\n").filter { $0.contains(#""type":"touchpad""#) } }

        /// The phase in the live state log's last line.
        var finalPhase: String? {
            guard let last = live.split(separator: "\n").last, let r = last.range(of: #""phase":""#) else { return nil }
            return String(last[r.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// `q` on the keyboard; once the app has quit by itself (120 s at most), the server is stopped,
    /// and the trace is replayed into a state log and summarised.
    func quit() async throws -> Outcome {
        try keyboard.send(.key(code: 24, press: true))
        try keyboard.send(.key(code: 24, press: false))
        try keyboard.sync()
        let quitted = await appExit.wait(seconds: 120)
        if !quitted {
            app.terminate()
            _ = await appExit.wait(seconds: 60)
        }
        await server.stop()
        let stderr = (try? String(contentsOf: folder.appendingPathComponent("app.stderr"), encoding: .utf8)) ?? ""
        try #require(quitted, "photozoom did not quit within 120 s of the q key: \(stderr)")
        try #require(app.terminationStatus == 0, "photozoom exited with \(app.terminationStatus): \(stderr)")
        let replayedFile = folder.appendingPathComponent("replay.states.jsonl")
        let replay = try await PhotoZoomProcess.run(["replay", traceFile.path, "--states", replayedFile.path])
        try #require(replay.status == 0, "replay failed: \(replay.stderr)")
        let summary = try await PhotoZoomProcess.run(["replay", traceFile.path, "--summary"])
        try #require(summary.status == 0, "replay --summary failed: \(summary.stderr)")
        return Outcome(folder: folder, trace: try String(contentsOf: traceFile, encoding: .utf8), live: try String(contentsOf: statesFile, encoding: .utf8),
                       replayed: try String(contentsOf: replayedFile, encoding: .utf8), summary: summary.stdout)
    }

    /// Stops the app and the server after a failure before `quit()`.
    func abandon() async {
        if app.isRunning { app.terminate(); _ = await appExit.wait(seconds: 10) }
        await server.stop()
    }
}
