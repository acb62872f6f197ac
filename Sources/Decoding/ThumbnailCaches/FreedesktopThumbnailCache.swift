import Events
import CSDL2
import Foundation
import ImageFormats
import PhotoFiles
import Diagnostics
#if canImport(Glibc)
import Glibc
#endif

/// The thumbnail cache that Linux file managers share (freedesktop.org Thumbnail Managing
/// Standard): `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/MD5(URI).png`, each a PNG
/// fitting 128, 256, 512 or 1024 pixels with `Thumb::URI` and `Thumb::MTime` text chunks.
///
/// PhotoZoom reads entries of every size class at least the cell's size, and writes `large` (and
/// `x-large` for HiDPI cells) entries from the thumbnails it decoded anyway, after the visible ones
/// are on screen (`ThumbnailCacheWriter`; figures in docs/pipeline.md):
/// - reading a valid 256-pixel entry costs about 1 ms (`PNGDecoder`, in the app's own process, so
///   a visit served by the cache starts no decoder helper); the DCT-scaled decode it replaces
///   costs about 42 ms (12 MP) or 15 ms (3 MP);
/// - a miss costs one MD5 of the URI and one failed `stat` per candidate size, microseconds;
/// - the pipeline decodes thumbnails at the entry's size when it will write one (the same DCT
///   scale as the cell's, so no second decode), and an entry costs a fast PNG encode on a
///   low-priority thread.
/// Entries are taken as upright (the common thumbnailers apply EXIF orientation) and only when
/// their URI and modification time match the file, as the standard requires.
public struct FreedesktopThumbnailCache: Sendable {
    /// The standard's size classes: the box each entry fits, in pixels.
    public enum SizeClass: Int, CaseIterable, Sendable {
        case normal = 128, large = 256, xLarge = 512, xxLarge = 1024

        var folderName: String {
            switch self {
            case .normal: return "normal"
            case .large: return "large"
            case .xLarge: return "x-large"
            case .xxLarge: return "xx-large"
            }
        }
    }

    /// The shorter side of an entry for an upright `width`×`height` picture in `sizeClass`: the
    /// picture fitted into the class's box, rounded down (the photo's own side when it is smaller).
    /// PhotoZoom writes entries at exactly this side and asks at least this much of any entry it
    /// reads, so its own entries always serve the cells they were written for.
    package static func entryShortSide(_ sizeClass: SizeClass, width: Int, height: Int) -> Int {
        let long = max(1, width, height), short = max(1, min(width, height))
        return max(1, min(short, sizeClass.rawValue * short / long))
    }

    /// The size class PhotoZoom writes for thumbnails whose shorter side is `side` (a cell's pixels):
    /// `large`, or `x-large` for HiDPI cells too large for it; nil when even `x-large` is smaller.
    package static func writtenClass(forShortSide side: Int, width: Int, height: Int) -> SizeClass? {
        [SizeClass.large, .xLarge].first { entryShortSide($0, width: width, height: height) >= side }
    }

    /// The `thumbnails` folder.
    public var directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The user's cache: `$XDG_CACHE_HOME/thumbnails`, else `~/.cache/thumbnails`.
    package static var standard: FreedesktopThumbnailCache {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return FreedesktopThumbnailCache(directory: URL(fileURLWithPath: xdg).appendingPathComponent("thumbnails"))
        }
        let home = env["HOME"] ?? NSHomeDirectory()
        return FreedesktopThumbnailCache(directory: URL(fileURLWithPath: home).appendingPathComponent(".cache/thumbnails"))
    }

    /// The file's URI as the standard hashes it: `file://` and the absolute path, bytes outside the
    /// unreserved set and `!$&'()*+,;=:@/` percent-encoded (GLib's rule for paths).
    package static func uri(forPath path: String) -> String {
        let kept = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/".utf8))
        let hex = Array("0123456789ABCDEF")
        var out = "file://"
        for byte in PhotoName.bytes(path) {
            if kept.contains(byte) { out.append(Character(UnicodeScalar(byte))) }
            else { out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)]) }
        }
        return out
    }

    /// Where the entry of the file at `path` (absolute) is for `sizeClass`.
    public func entryPath(forFile path: String, sizeClass: SizeClass) -> String {
        directory.appendingPathComponent(sizeClass.folderName, isDirectory: true)
            .appendingPathComponent(MD5.hex(Array(Self.uri(forPath: path).utf8)) + ".png", isDirectory: false).path
    }

    /// A valid entry for the file at `path` whose shorter side is at least `minimumShortSide`
    /// pixels, from the smallest size class that can have one; nil when there is none.
    ///
    /// Entries are read by `PNGDecoder` (PhotoZoom's own Swift, safe in the app's process); one it
    /// does not handle (interlaced, 1–4-bit) is passed over, unless the caller asks for
    /// `imageLibraries`: then SDL_image reads it, which only a decoder helper (or a decoder asked
    /// for `.inProcess` by name) may run. Any program of the user's can write these files.
    ///
    /// An entry is believed only for the version `source` of the file: its `Thumb::MTime` must be
    /// the file's, its `Thumb::Size` (when it has one; PhotoZoom always writes it) the file's byte
    /// count, and its `X-PhotoZoom::Change` (PhotoZoom's own key: the file's status-change time to
    /// the nanosecond, which a rename or `touch -r` moves) the file's. An entry is read only when
    /// it is a regular file of at most `entryByteLimit` bytes (a link to a device, a pipe or a
    /// giant file is passed over before a byte is read).
    package func thumbnail(forFile path: String, source: FileIdentity, uprightWidth: Int, uprightHeight: Int,
                   minimumShortSide: Int, imageLibraries: Bool = false) -> UnsafeMutablePointer<SDL_Surface>? {
        let uri = Self.uri(forPath: path)
        let name = MD5.hex(Array(uri.utf8)) + ".png"
        for sizeClass in SizeClass.allCases {
            // An entry fits the class's box: its shorter side is box × short / long (or the photo's own).
            guard Self.entryShortSide(sizeClass, width: uprightWidth, height: uprightHeight) >= minimumShortSide else { continue }
            let entry = directory.appendingPathComponent(sizeClass.folderName, isDirectory: true)
                .appendingPathComponent(name, isDirectory: false).path
            guard let file = try? PhotoFile(path: entry), file.count <= Self.entryByteLimit, let bytes = try? file.readAll(),
                  PNGChunks.isComplete(bytes), let text = Self.textChunks(bytes), Self.isEntry(text, uri: uri, source: source) else { continue }
            let argb: UnsafeMutablePointer<SDL_Surface>
            if let own = PNGDecoder.decode(bytes, pixelLimit: Self.entryPixelLimit, fill: 0) {
                guard own.isComplete else { SDL_FreeSurface(own.surface); continue }
                argb = own.surface
            } else {
                guard imageLibraries else { continue }
                let surface: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
                    guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
                    return IMG_LoadTyped_RW(rw, 1, "PNG")
                }
                guard let loaded = surface, let converted = SurfaceOps.toARGB(loaded) else { continue }
                argb = converted
            }
            if min(argb.pointee.w, argb.pointee.h) >= Int32(minimumShortSide) { return argb }
            SDL_FreeSurface(argb)
        }
        return nil
    }

    /// Pixels an entry may have: the largest class's box (1024²), with room for a panorama's.
    package static let entryPixelLimit = 4 << 20

    /// Bytes an entry may have: 8 MiB, twice a 1024² entry stored uncompressed with alpha (4 MiB).
    static let entryByteLimit = 8 << 20

    /// PhotoZoom's own key in the entries it writes: the file's status-change time, `seconds.nanoseconds`.
    static let changeKey = "X-PhotoZoom::Change"

    /// True when the text chunks `text` name `uri` in the version `source`.
    static func isEntry(_ text: [String: String], uri: String, source: FileIdentity) -> Bool {
        guard text["Thumb::URI"] == uri, text["Thumb::MTime"].flatMap({ Int($0) }) == source.modificationTime else { return false }
        if let size = text["Thumb::Size"], Int(size) != source.byteCount { return false }
        if let change = text[changeKey], change != changeText(source) { return false }
        return true
    }

    /// `source`'s status-change time as `changeKey` stores it.
    static func changeText(_ source: FileIdentity) -> String {
        let ns = String(source.changeNanoseconds)
        return "\(source.changeSeconds)." + String(repeating: "0", count: max(0, 9 - ns.count)) + ns
    }

    /// The tEXt chunks of a PNG, before or after its image data (the standard allows both, and
    /// some thumbnailers write them last), or nil when `bytes` is not a PNG.
    static func textChunks(_ bytes: [UInt8]) -> [String: String]? {
        guard bytes.count > 8, Array(bytes[0..<8]) == PNGChunks.signature else { return nil }
        var text: [String: String] = [:]
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = ImageHeader.be32(bytes, offset)
            let kind = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 8 + length
            guard end >= offset + 8, end + 4 <= bytes.count, kind != "IEND" else { break }
            if kind == "tEXt", let zero = bytes[(offset + 8)..<end].firstIndex(of: 0) {
                // Latin-1: each byte is the scalar of the same value.
                let latin1 = { (s: ArraySlice<UInt8>) in String(String.UnicodeScalarView(s.map { UnicodeScalar($0) })) }
                text[latin1(bytes[(offset + 8)..<zero])] = latin1(bytes[(zero + 1)..<end])
            }
            offset = end + 4
        }
        return text
    }

    // MARK: - Writing

    /// Writes `surface` (ARGB8888, already fitting the class's box) as the entry of the file at
    /// `path` for `sizeClass`, with the required `Thumb::URI` and `Thumb::MTime`, `Thumb::Size` and
    /// `X-PhotoZoom::Change` for the version `source` it was decoded from: folders made with
    /// mode 0700, the PNG written to a temporary file of mode 0600 beside the entry and renamed over
    /// it, so a reader never sees half an entry and a stale one is replaced whole.
    public func write(_ surface: UnsafeMutablePointer<SDL_Surface>, forFile path: String, source: FileIdentity,
               sizeClass: SizeClass) throws(CommandLineError) {
        let final = entryPath(forFile: path, sizeClass: sizeClass)
        var png = try PNGWriter.encode(surface, keepingAlpha: true)
        let chunks = Self.textChunk("Thumb::URI", Self.uri(forPath: path)) + Self.textChunk("Thumb::MTime", String(source.modificationTime))
            + Self.textChunk("Thumb::Size", String(source.byteCount)) + Self.textChunk(Self.changeKey, Self.changeText(source))
        png.insert(contentsOf: chunks, at: 8 + 25)  // after the signature and IHDR
        try Self.store(png, at: final)
    }

    /// Stores `bytes` as the cache file `final`: its folder made with mode 0700, the bytes written
    /// to a temporary file of mode 0600 beside it and renamed over it, so a reader never sees half
    /// a file and an old one is replaced whole.
    static func store(_ bytes: [UInt8], at final: String) throws(CommandLineError) {
        let folder = (final as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandLineError("\(folder): cannot make the thumbnail folder (\(error.localizedDescription))")
        }
        let temporary = final + ".photozoom-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.failure(temporary, errno) }
        var written = 0
        var error: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 { if errno == EINTR { continue }; error = errno; return }
                written += n
            }
        }
        if close(fd) != 0 && error == 0 { error = errno }
        if error == 0 && rename(temporary, final) != 0 { error = errno }
        if error != 0 {
            unlink(temporary)
            throw Self.failure(final, error)
        }
    }

    /// A failed write, naming the file and the system's reason.
    package static func failure(_ path: String, _ code: Int32) -> CommandLineError {
        CommandLineError("\(path): cannot store the thumbnail (\(String(cString: strerror(code))))")
    }

    /// A PNG tEXt chunk with its CRC.
    static func textChunk(_ keyword: String, _ text: String) -> [UInt8] {
        let body = Array("tEXt".utf8) + Array(keyword.utf8) + [0] + Array(text.utf8)
        let length = body.count - 4
        let crc = crc32(body)
        return [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body
            + [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// CRC-32 (polynomial 0xEDB88320, as PNG uses): zlib's, as `PNGWriter` and
    /// `PixelThumbnailCache` use.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        UInt32(truncatingIfNeeded: bytes.withUnsafeBufferPointer { CSDL2.crc32(0, $0.baseAddress, UInt32($0.count)) })
    }
}
