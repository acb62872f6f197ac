import CSandbox
import Foundation
import Testing
@testable import DecoderSandbox
@testable import PhotoFiles
import Drawing

/// The decoder sandbox probed from the inside (issue 33). `sandbox-probe` is started exactly as the
/// app starts a decoder helper (`pz_spawn_helper`: a session of its own, descriptors 0–3 only) and
/// sets itself up with the helpers' own code (`pz_helper_setup`: limits, namespaces, capabilities,
/// Landlock, the allow-list filter); then it attempts one escape. Each escape the issue found
/// working in a real helper must fail: an errno, or the process killed by SIGSYS.
@Suite("The decoder sandbox from the inside", .serialized)
struct SandboxProbeTests {
    /// What one attempt got.
    enum Outcome: Equatable, CustomStringConvertible {
        case succeeded(Int)
        case errno(Int32)
        case signal(Int32)
        case setupFailed(String)

        var description: String {
            switch self {
            case let .succeeded(v): return "succeeded (\(v))"
            case let .errno(e): return "errno \(e) (\(String(cString: strerror(e))))"
            case let .signal(s): return "killed by signal \(s) (\(String(cString: strsignal(s))))"
            case let .setupFailed(text): return "set-up failed: \(text)"
            }
        }

        var isDenied: Bool {
            switch self {
            case .errno, .signal: return true
            default: return false
            }
        }
    }

    static let probe: String? = HelperBinary.path.map { ($0 as NSString).deletingLastPathComponent + "/sandbox-probe" }
        .flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }

    /// A photo folder the probe may read, and a file outside it (mode 0644) it must not touch.
    struct Scene {
        let inside: String
        let outside: String
        init() {
            let root = TestImages.folder()
            let photos = root.appendingPathComponent("photos"), other = root.appendingPathComponent("elsewhere")
            try? FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            try? FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            _ = TestImages.write(TestImages.jpeg(width: 8, height: 8, colour: TestImages.noise), "photo.jpg", in: photos)
            _ = TestImages.write(TestImages.jpeg(width: 8, height: 8, colour: TestImages.noise), "sibling.jpg", in: photos)
            let secret = TestImages.write(Array("secret\n".utf8), "secret.txt", in: other)
            chmod(secret.path, 0o644)
            inside = photos.path
            outside = secret.path
        }
    }

    /// Runs the probe on `escape`; its outcome and the namespaces etc. that held (`PZ_HELD_*` bits).
    /// How the probe sets itself up: as a helper reading beneath the photo folder, with the filter
    /// alone, or as the app's helpers do (handed its photo, `handing`, as a descriptor; no read root).
    enum SetUp: Equatable {
        case readRoot
        case filterOnly
        case handed(String)
        /// Handed its photo, with the limits and the filter alone (no namespaces, no Landlock).
        case handedFilterOnly(String)
    }

    static func attempt(_ escape: String, in scene: Scene, standardInput: Int32? = nil, filterOnly: Bool = false) throws -> (Outcome, held: Int32) {
        try attempt(escape, in: scene, standardInput: standardInput, setUp: filterOnly ? .filterOnly : .readRoot)
    }

    static func attempt(_ escape: String, in scene: Scene, standardInput: Int32? = nil, setUp: SetUp) throws -> (Outcome, held: Int32) {
        let probe = try #require(Self.probe, "sandbox-probe is not built beside the tests; run `swift build` first")
        var request: [Int32] = [-1, -1], reply: [Int32] = [-1, -1]
        #expect(pz_socket_pair(&request) == 0 && pz_pipe(&reply) == 0)
        switch setUp {
        case let .handed(path), let .handedFilterOnly(path):
            // The photo, opened here and sent with one byte, as the app sends a request.
            let photo = open(path, O_RDONLY | O_CLOEXEC)
            #expect(photo >= 0)
            var byte: UInt8 = 1
            #expect(pz_send_with_descriptor(request[1], &byte, 1, photo) == 1)
            close(photo)
        default:
            break
        }
        let shared = pz_shared_memory("probe", 4096)
        let mode: [String] = switch setUp {
        case .readRoot: []
        case .filterOnly: ["filter-only"]
        case .handed: ["handed"]
        case .handedFilterOnly: ["handed-filter-only"]
        }
        let arguments = [probe, escape, String(getpid()), scene.outside, scene.inside] + mode
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in cArguments { free(p) } }
        var pid: pid_t = 0
        let rc = pz_spawn_helper(probe, &cArguments, standardInput ?? request[0], reply[1], shared, &pid)
        for fd in [request[0], reply[1], shared] { close(fd) }
        defer { close(request[1]); close(reply[0]) }
        guard rc == 0 else { return (.setupFailed("spawn: \(String(cString: strerror(rc)))"), 0) }
        var text = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(reply[0], $0.baseAddress!, 512) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            text += buffer[0..<n]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
        let held = lines.first.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int32($0) } } ?? 0
        guard lines.first?.hasSuffix("setup 0") == true else { return (.setupFailed(lines.first ?? "no output, status \(status)"), held) }
        if status & 0x7F != 0 { return (.signal(status & 0x7F), held) }
        guard lines.count >= 2 else { return (.setupFailed("no result, exit \(status >> 8)"), held) }
        let parts = lines[1].split(separator: " ")
        if parts.first == "errno", let e = Int32(parts[1]) { return (.errno(e), held) }
        return (.succeeded(Int(parts[1]) ?? 0), held)
    }

    @Test("the probe's own instruments: with nothing attempted it reports success, and it reads the photo it is handed")
    func controls() throws {
        let scene = Scene()
        #expect(try Self.attempt("none", in: scene).0 == .succeeded(0))
        let (read, _) = try Self.attempt("read-inside", in: scene)
        guard case let .succeeded(fd) = read else {
            Issue.record("reading the photo folder: \(read)")
            return
        }
        #expect(fd >= 3)
    }

    /// The issue's escapes (and a few of their kin), each to be denied.
    static let escapes = ["mknod", "fchmodat2", "chmod", "utimes", "open-outside", "open-write", "fork", "clone-process",
                          "kill-app", "proc-app-mem", "process_vm_readv", "pidfd_open", "pidfd_getfd", "pdeathsig-reset",
                          "setsid", "open-tty", "x32-getpid", "socket", "setrlimit", "fcntl-setown", "openat2"]

    @Test("every escape fails inside the sandbox: an errno or SIGSYS; the file outside keeps its mode and time", arguments: escapes)
    func escapeFails(_ escape: String) throws {
        let scene = Scene()
        var before = stat()
        stat(scene.outside, &before)
        let (outcome, held) = try Self.attempt(escape, in: scene)
        print("sandbox probe: \(escape): \(outcome) (held \(held))")
        #expect(outcome.isDenied, "\(escape): \(outcome)")
        var after = stat()
        stat(scene.outside, &after)
        #expect(after.st_mode == before.st_mode && after.st_mtim.tv_sec == before.st_mtim.tv_sec
                && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec, "\(escape) changed \(scene.outside)")
        #expect(!FileManager.default.fileExists(atPath: scene.inside + "/made-by-probe"))
    }

    /// Opening any file by name, the handed photo's folder included, for the app's helpers.
    static let opens = ["read-inside", "read-sibling", "openat-folder", "open-path", "open-library", "open-self", "open-outside",
                        "proc-app-mem", "open-tty", "openat2"]

    @Test("handed its photo as a descriptor (the app's helpers): it reads that photo whole, and opening any file fails, the photo's own name and its folder included", arguments: opens)
    func handedPhotoOnly(_ escape: String) throws {
        let scene = Scene()
        let photo = scene.inside + "/photo.jpg"
        let (read, held) = try Self.attempt("read-handed", in: scene, setUp: .handed(photo))
        var info = stat()
        stat(photo, &info)
        #expect(read == .succeeded(Int(info.st_size)), "reading the handed photo: \(read)")
        let (outcome, _) = try Self.attempt(escape, in: scene, setUp: .handed(photo))
        print("sandbox probe, handed its photo: \(escape): \(outcome) (held \(held))")
        #expect(outcome.isDenied, "\(escape): \(outcome)")
    }

    @Test("handed its photo, every other escape still fails", arguments: escapes)
    func handedEscapeFails(_ escape: String) throws {
        let scene = Scene()
        let (outcome, _) = try Self.attempt(escape, in: scene, setUp: .handed(scene.inside + "/photo.jpg"))
        #expect(outcome.isDenied, "\(escape): \(outcome)")
        #expect(!FileManager.default.fileExists(atPath: scene.inside + "/made-by-probe"))
    }

    @Test("the app's helpers' fallback without namespaces or Landlock (limits and the filter that refuses every open): the handed photo reads, and every escape fails, reading by name and /proc/APP/mem included")
    func handedFilterOnlyFallback() throws {
        let scene = Scene()
        let photo = scene.inside + "/photo.jpg"
        var info = stat()
        stat(photo, &info)
        #expect(try Self.attempt("read-handed", in: scene, setUp: .handedFilterOnly(photo)).0 == .succeeded(Int(info.st_size)))
        for escape in Self.escapes + Self.opens {
            let (outcome, _) = try Self.attempt(escape, in: scene, setUp: .handedFilterOnly(photo))
            print("sandbox probe, handed its photo, filter only: \(escape): \(outcome)")
            #expect(outcome.isDenied, "\(escape): \(outcome)")
        }
    }

    @Test("the fallback without namespaces or Landlock (limits and the filter alone): every system-call escape still fails; reading outside and /proc/APP/mem are what is left, as docs/pipeline.md states")
    func filterOnlyFallback() throws {
        let left: Set = ["open-outside", "proc-app-mem"]
        for escape in Self.escapes {
            let (outcome, _) = try Self.attempt(escape, in: Scene(), filterOnly: true)
            print("sandbox probe, filter only: \(escape): \(outcome)")
            #expect(outcome.isDenied != left.contains(escape), "\(escape): \(outcome)")
        }
    }

    @Test("TIOCSTI on a terminal handed to it as standard input types nothing (the app's terminal is out of reach)")
    func tiocsti() throws {
        // A pseudo-terminal: /dev/ptmx, unlocked (TIOCSPTLCK 0), its other end opened (TIOCGPTPEER).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0
        #expect(ioctl(master, UInt(0x4004_5431), &unlock) == 0)
        let slave = ioctl(master, UInt(0x5441), O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        defer { close(slave) }
        let (outcome, _) = try Self.attempt("tiocsti", in: Scene(), standardInput: slave)
        print("sandbox probe: tiocsti: \(outcome)")
        #expect(outcome.isDenied, "\(outcome)")
        // Nothing was queued as input on the terminal.
        var queued: Int32 = 0
        #expect(ioctl(slave, UInt(FIONREAD), &queued) == 0 && queued == 0)
    }

    @Test("capabilities: none left inside (effective and permitted are empty), even when the app runs as root")
    func capabilities() throws {
        let (outcome, held) = try Self.attempt("capget", in: Scene())
        #expect(outcome == .succeeded(0), "\(outcome)")
        #expect(held & Int32(PZ_HELD_CAPS_DROPPED) != 0, "held \(held)")
        print("sandbox probe: held \(held) (user \(held & 1), net \(held >> 1 & 1), ipc \(held >> 2 & 1), pid \(held >> 3 & 1), "
              + "mount \(held >> 4 & 1), /proc hidden \(held >> 5 & 1), caps dropped \(held >> 6 & 1), landlock \(held >> 7 & 1))")
    }
}
