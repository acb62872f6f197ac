import CSandbox
import CSDL2
import Foundation
import Decoding
import ImageFormats
#if canImport(Glibc)
import Glibc
#endif

/// The decoder helper's side (`photozoom decode-helper`, a subcommand not shown in the help): it
/// limits and sandboxes itself, then serves one request after another from standard input until
/// it ends: a decode with a `PhotoDecoder`, writing the picture's rows to the shared memory on
/// descriptor 3 and a reply to standard output, or a header read (`HeaderMessage`).
///
/// Limits, applied before the first file is opened (`pz_helper_setup`, see docs/pipeline.md
/// "The decoder sandbox"): address space (what the helper holds once started plus
/// `addressSpaceBytes`, at most half the free memory), no file written (RLIMIT_FSIZE 0), 64
/// descriptors, 600 CPU seconds, one process, no core dump, killed when the app dies; new user,
/// net, ipc, pid and mount namespaces where the kernel allows them, /proc hidden, every
/// capability dropped, Landlock (reads beneath `readRoots` only, none at all for the app's helpers,
/// which are handed their photos as descriptors; nothing written anywhere, no signal or ptrace
/// outside), and an allow-list seccomp filter (see `pz_enter_sandbox`; no open at all when reads
/// are confined to nothing). It runs
/// in a session of its own, with no controlling terminal (`pz_spawn_helper`).
package enum DecoderHelperService {
    /// The decoder's settings, passed as command-line options.
    package struct Options: Sendable, Equatable {
        package var pixelLimit = PhotoCatalog.defaultPixelLimit
        package var maxTextureSide = 8192
        package var strategy = ThumbnailDecoding.scaledDecode
        /// The freedesktop thumbnail cache's folder, or nil not to read it.
        package var thumbnailCache: String?
        /// PhotoZoom's own cache of thumbnails' pixels, read by the decoder threads in the app's
        /// process (never passed to a helper: it reads only cache entries PhotoZoom's own parsers handle).
        package var pixelCache: PixelThumbnailCache?
        /// Address space the helper may add to what it holds once started, bytes (at most half
        /// the memory free when it starts, and never less than 256 MiB).
        package var addressSpaceBytes = 1 << 30
        /// The folders (or files) the helper may read beneath. Empty (the app's helpers): none, it
        /// opens no file at all and reads only the photos handed to it as descriptors with each
        /// request (Landlock denies every read, the filter every open; issue 33). Nil: reading is
        /// not confined (tests and scripts that send paths).
        package var readRoots: [String]?
        /// Which of the CPUs the helper may use it pins itself to (`pz_single_cpu`), counted round
        /// them: the decoder thread's number, so two threads' helpers decode on two CPUs.
        package var cpuSlot = 0

        package init() {}

        /// The options as `decode-helper` arguments.
        package var arguments: [String] {
            var out = ["--pixel-limit", String(pixelLimit), "--max-texture-side", String(maxTextureSide),
                       "--address-space", String(addressSpaceBytes), "--cpu-slot", String(cpuSlot)]
            if strategy == .fullDecodeThenDownscale { out.append("--full-decode") }
            if let thumbnailCache { out += ["--thumbnail-cache", thumbnailCache] }
            if let readRoots { out += ["--confine-reads"] + readRoots.flatMap { ["--read-root", $0] } }
            return out
        }
    }

    /// Serves requests until standard input ends (0), or returns the exit status of a failure to
    /// set itself up (a message then goes to standard error, which the app discards).
    package static func run(_ options: Options) -> Int32 {
        let shared: Int32 = 3
        let size = Int(lseek(shared, 0, SEEK_END))
        guard size > 0, let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, shared, 0), mapping != MAP_FAILED else {
            return fail("no shared memory on descriptor 3")
        }
        let extra = min(max(0, options.addressSpaceBytes), max(256 << 20, Int(pz_available_memory()) / 2))
        // libheif's AV1 decoder (dav1d) starts a thread per CPU, which the sandbox refuses: one CPU,
        // none started (`pz_single_cpu`; its HEVC decoder is kept single-threaded at link time).
        _ = pz_single_cpu(Int32(clamping: options.cpuSlot))
        var held: Int32 = 0
        let rc = withCStrings(options.readRoots ?? []) { roots in
            pz_helper_setup(currentAddressSpace() + extra, Int32(cpuSecondsLimit), options.readRoots == nil ? nil : roots,
                            Int32(options.readRoots?.count ?? 0), &held)
        }
        guard rc == 0 else { return fail("cannot limit itself: \(String(cString: strerror(rc)))") }
        // Handed its photos (no read root), it can open no file: not the shared thumbnail cache's
        // entries either (the app reads those itself first, with PhotoZoom's own parsers).
        let readsByName = options.readRoots != []
        let decoder = PhotoDecoder(pixelLimit: options.pixelLimit, maxTextureSide: options.maxTextureSide, strategy: options.strategy,
                                   sharedThumbnails: readsByName ? options.thumbnailCache.map { FreedesktopThumbnailCache(directory: URL(fileURLWithPath: $0)) } : nil)
        var input = RequestInput()
        while let (body, handed) = input.message() {
            defer { if let handed { close(handed) } }
            // The photo the request names, as the app opened it (a copy of the descriptor handed);
            // without one (a script on a pipe), the helper opens the path itself, where it may.
            let open: (String) throws(ImageProblem) -> PhotoFile = { (path) throws(ImageProblem) in
                if let handed { return try PhotoFile(descriptor: handed, path: path) }
                return try PhotoFile(path: path)
            }
            let reply: [UInt8]
            if let path = HeaderMessage.request(body) {
                reply = HeaderMessage.encode(.init(PhotoCatalog.entry(for: URL(fileURLWithPath: path), pixelLimit: options.pixelLimit, open: open)))
            } else if let request = DecoderHelperMessage.request(body) {
                // The photo is taken: from here the time it takes is the photo's (`DecoderHelper.decode`).
                guard writeAll(DecoderHelperMessage.taken) else { break }
                reply = DecoderHelperMessage.encode(serve(request, decoder: decoder, into: mapping, capacity: size, open: open))
            } else {
                break
            }
            guard writeAll(reply) else { break }
        }
        return 0
    }

    /// Decodes one request into the shared memory (rows packed, `width × 4` bytes each), the
    /// photo opened by `open` (the descriptor the app handed, or the request's path).
    static func serve(_ request: DecoderHelperMessage.Request, decoder: PhotoDecoder, into memory: UnsafeMutableRawPointer,
                      capacity: Int, open: (String) throws(ImageProblem) -> PhotoFile = PhotoFile.init(path:)) -> DecoderHelperMessage.Reply {
        let start = cpuSeconds()
        let hits = decoder.sharedThumbnailHits
        do throws(ImageProblem) {
            let image = try decoder.decode(path: request.path, header: nil, target: request.target, open: open)
            let w = image.width, h = image.height, pitch = Int(image.surface.pointee.pitch)
            guard w * h * 4 <= capacity else {
                return .problem(.unsupported("the \(w)×\(h) picture is larger than the decoder's shared memory"), seconds: cpuSeconds() - start)
            }
            let pixels = image.surface.pointee.pixels!
            for y in 0..<h { memcpy(memory + y * w * 4, pixels + y * pitch, w * 4) }
            if case let .truncated(detail)? = image.partialBecause {
                return .partialImage(width: w, height: h, fullWidth: image.fullWidth, fullHeight: image.fullHeight,
                                     seconds: cpuSeconds() - start, hasTransparency: image.hasTransparency, detail: detail)
            }
            return .image(width: w, height: h, fullWidth: image.fullWidth, fullHeight: image.fullHeight,
                          fromSharedCache: decoder.sharedThumbnailHits > hits, seconds: cpuSeconds() - start,
                          hasTransparency: image.hasTransparency)
        } catch {
            return .problem(error, seconds: cpuSeconds() - start)
        }
    }

    /// CPU seconds a helper may use in its life (RLIMIT_CPU): a helper past it is killed, and the
    /// app starts another and tries the photo again (`DecoderHelper.decode`).
    static let cpuSecondsLimit = 600

    /// `body` with `strings` as an array of C strings.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { UnsafePointer(strdup($0)) } + [nil]
        defer { for p in copies { free(UnsafeMutablePointer(mutating: p)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// CPU seconds this process has used.
    static func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The process's address space now, bytes (the first field of /proc/self/statm, in pages).
    private static func currentAddressSpace() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").first.flatMap({ Int($0) }) else { return 1 << 30 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("photozoom decode-helper: \(message)\n".utf8))
        return 70
    }

    /// Requests on standard input: a socket whose messages carry their photo's descriptor
    /// (`SCM_RIGHTS`, the app's), or a pipe (a script driving the helper by paths).
    struct RequestInput {
        private var isSocket = true

        /// The next request's body and the descriptor that came with it; nil at the end of the
        /// input or on a malformed length.
        package mutating func message() -> (body: [UInt8], descriptor: Int32?)? {
            var handed: Int32 = -1
            guard let prefix = readExactly(4, handed: &handed) else {
                if handed >= 0 { close(handed) }
                return nil
            }
            let length = DecoderHelperMessage.length(prefix)
            guard length <= DecoderHelperMessage.maximumLength, let body = readExactly(length, handed: &handed) else {
                if handed >= 0 { close(handed) }
                return nil
            }
            return (body, handed >= 0 ? handed : nil)
        }

        private mutating func readExactly(_ count: Int, handed: inout Int32) -> [UInt8]? {
            var out = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                var n = out.withUnsafeMutableBytes { [isSocket] buffer in
                    isSocket ? pz_receive(0, buffer.baseAddress! + done, count - done, &handed) : read(0, buffer.baseAddress! + done, count - done)
                }
                if n < 0 && errno == ENOTSOCK {
                    isSocket = false
                    n = out.withUnsafeMutableBytes { read(0, $0.baseAddress! + done, count - done) }
                }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return nil }
                done += n
            }
            return out
        }
    }

    private static func writeAll(_ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
