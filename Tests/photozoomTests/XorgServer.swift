import Foundation
import TestSupport
import Testing

/// A real X server of a test's own: Xorg with the dummy video driver (a 1280 × 800 screen in
/// memory) and three `inputtest` devices a test drives through their sockets (`InputTestClient`):
/// a touchpad (a relative pointer that also sends XInput 2.4 pinch and swipe gestures, no
/// pointer acceleration), a touch screen (direct touch, 5 touches) and a keyboard.
///
/// Xorg runs as root (as on CI, root on Debian 12) from packages `xserver-xorg-core` (Xorg and the
/// inputtest driver) and `xserver-xorg-video-dummy`, which `scripts/ensure-deps` installs. It
/// listens on the first free display from :600 (above the :140–:539 the Xvfb scenarios take), with
/// its own configuration (written beside the
/// test's files: no system snippets, no hot-plugged devices) and log, and is stopped by `stop()`.
final class XorgServer: @unchecked Sendable {
    /// The display number (`:600` …).
    let display: Int
    /// The devices' sockets.
    let touchpadSocket: String, touchScreenSocket: String, keyboardSocket: String
    /// The server's log, for failure messages.
    let logFile: URL
    private let process: Process
    private let exit: ExitSignal

    /// The screen's size in pixels.
    static let screenSize = (width: 1280, height: 800)

    static let xorg = "/usr/lib/xorg/Xorg"
    static let modules = ["/usr/lib/xorg/modules/drivers/dummy_drv.so", "/usr/lib/xorg/modules/input/inputtest_drv.so"]

    /// Why no server can start here (one line), or nil when one can: Xorg, the dummy driver and
    /// the inputtest driver installed, and this process root.
    static let unavailableReason: String? = {
        for file in [xorg] + modules where !FileManager.default.fileExists(atPath: file) {
            return "\(file) is missing: run scripts/ensure-deps (xserver-xorg-core, xserver-xorg-video-dummy)"
        }
        return getuid() == 0 ? nil : "Xorg with the dummy driver starts only as root here"
    }()

    /// The configuration for devices whose sockets are in `folder`.
    static func configuration(socketsIn folder: URL) -> String {
        func device(_ name: String, _ type: String, _ extra: String = "") -> String {
            """
            Section "InputDevice"
              Identifier "\(name)"
              Driver "inputtest"
              Option "DeviceType" "\(type)"
              Option "SocketPath" "\(folder.appendingPathComponent("\(name).socket").path)"
            \(extra)EndSection

            """
        }
        return """
        Section "ServerFlags"
          Option "AutoAddDevices" "off"
          Option "AutoEnableDevices" "off"
          Option "BlankTime" "0"
          Option "StandbyTime" "0"
          Option "SuspendTime" "0"
          Option "OffTime" "0"
        EndSection
        Section "Device"
          Identifier "dummy"
          Driver "dummy"
          VideoRam 32768
        EndSection
        Section "Monitor"
          Identifier "monitor"
          HorizSync 5.0-1000.0
          VertRefresh 5.0-200.0
          Modeline "1280x800" 85.25 1280 1368 1496 1712 800 801 804 830
        EndSection
        Section "Screen"
          Identifier "screen"
          Device "dummy"
          Monitor "monitor"
          DefaultDepth 24
          SubSection "Display"
            Depth 24
            Modes "1280x800"
          EndSubSection
        EndSection

        """ + device("touchpad", "PointerGesture", "  Option \"AccelerationScheme\" \"none\"\n")
            + device("touchscreen", "Touch", "  Option \"TouchCount\" \"5\"\n")
            + device("keyboard", "Keyboard")
            + """
        Section "ServerLayout"
          Identifier "layout"
          Screen "screen"
          InputDevice "touchpad" "CorePointer"
          InputDevice "touchscreen" "SendCoreEvents"
          InputDevice "keyboard" "CoreKeyboard"
        EndSection

        """
    }

    private init(display: Int, folder: URL, process: Process, exit: ExitSignal) {
        self.display = display
        touchpadSocket = folder.appendingPathComponent("touchpad.socket").path
        touchScreenSocket = folder.appendingPathComponent("touchscreen.socket").path
        keyboardSocket = folder.appendingPathComponent("keyboard.socket").path
        logFile = folder.appendingPathComponent("xorg.log")
        self.process = process
        self.exit = exit
    }

    /// Starts a server whose files go to `folder`, on the first display from :600 with no lock
    /// file and no socket (another display is tried when one is taken meanwhile); returns once it
    /// accepts connections and its devices' sockets are there (60 s at most).
    static func start(in folder: URL) async throws -> XorgServer {
        let configDirectory = folder.appendingPathComponent("xorg.conf.d", isDirectory: true)
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("xorg.conf")
        try configuration(socketsIn: folder).write(to: config, atomically: false, encoding: .utf8)
        var tried: [String] = []
        for display in 600..<640 where isFree(display) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xorg)
            process.arguments = [":\(display)", "-config", config.path, "-configdir", configDirectory.path, "-noreset",
                                 "-novtswitch", "-sharevts", "-nolisten", "tcp", "-logfile", folder.appendingPathComponent("xorg.log").path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: { () -> URL in
                let url = folder.appendingPathComponent("xorg.stderr")
                FileManager.default.createFile(atPath: url.path, contents: nil)
                return url
            }())
            process.standardInput = FileHandle.nullDevice
            let exit = ExitSignal()
            process.terminationHandler = { _ in exit.fire() }
            try process.run()
            let server = XorgServer(display: display, folder: folder, process: process, exit: exit)
            for _ in 0..<600 {
                if await exit.wait(seconds: 0.1) { break }
                if server.isReady { return server }
            }
            await server.stop()
            let log = (try? String(contentsOf: folder.appendingPathComponent("xorg.stderr"), encoding: .utf8)) ?? ""
            tried.append(":\(display): " + (log.split(separator: "\n").last { $0.contains("(EE)") || $0.contains("Fatal") }.map(String.init) ?? "did not start"))
            if tried.count == 3 { break }
        }
        throw XorgFailure(message: "Xorg did not start (\(tried.joined(separator: "; "))); its log: \(folder.path)/xorg.log")
    }

    struct XorgFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// True when no server holds display `n` (no lock file, no socket).
    static func isFree(_ n: Int) -> Bool {
        !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
    }

    /// The server listens and its three devices' sockets exist.
    private var isReady: Bool {
        [touchpadSocket, touchScreenSocket, keyboardSocket, "/tmp/.X11-unix/X\(display)"].allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    /// Stops the server and waits for it without holding a thread: SIGTERM, then SIGKILL after 2 s
    /// (a child started from the test runner inherits its blocked signals, SIGTERM among them), then
    /// takes away the lock file and socket a killed server leaves, when they are still its own,
    /// so the display is free again.
    func stop() async {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        process.terminate()
        if await !exit.wait(seconds: 2) { kill(pid, SIGKILL) }
        _ = await exit.wait(seconds: 60)
        let lock = "/tmp/.X\(display)-lock"
        if let owner = try? String(contentsOfFile: lock, encoding: .utf8), Int32(owner.trimmingCharacters(in: .whitespacesAndNewlines)) == pid {
            try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(display)")
            try? FileManager.default.removeItem(atPath: lock)
        }
    }
}
