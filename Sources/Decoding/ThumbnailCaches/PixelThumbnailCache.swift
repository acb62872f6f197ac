import CSDL2
import Foundation
import ImageFormats
import PhotoFiles
import Diagnostics
#if canImport(Glibc)
import Glibc
#endif

/// PhotoZoom's own thumbnail cache, beside the shared one: each thumbnail's pixels as the grid
/// showed them, uncompressed and at the cells' size, so a second visit reads them with one
/// `pread` into the picture instead of inflating and unfiltering a PNG of the size class's box
/// (often twice the pixels: a 16:9 photo in 160-px cells needs an `x-large` entry of 512 × 288,
/// and shows 284 × 160; docs/pipeline.md, "PhotoZoom's own pixels"). It is written with the
/// shared entries, from the same decode, and bounded: past `budgetBytes` the entries least
/// recently used go (the shared entries stay, and serve those photos at a PNG's cost). Cells of
/// another size (another window size) find no entry here and read the shared cache, which then
/// writes one for them.
///
/// `$XDG_CACHE_HOME/photozoom/thumbnails/MD5(URI)-SIDE.pixels`, SIDE the thumbnail's shorter
/// side in pixels (the photo's own when it is smaller). An entry, little-endian:
///
/// | offset | field |
/// |---|---|
/// | 0 | `PZTP`, then version 3 (u32) |
/// | 8 | the photo's modification time (i64 seconds) and byte count (i64) (`FileIdentity`) |
/// | 24 | the photo's upright width and height (u32 each) |
/// | 32 | the thumbnail's width and height (u32 each) |
/// | 40 | flags (u32: 1 = some pixel not opaque), the URI's byte count (u32) |
/// | 48 | the photo's status-change time (i64 seconds, u32 nanoseconds) |
/// | 60 | CRC-32 of bytes 0–59 and the URI (u32) |
/// | 64 | the URI (as the shared cache spells it), then the pixels: ARGB8888 rows |
///
/// Every field is checked before use: a damaged, cut, foreign or stale entry is not read (the
/// shared cache or a decode serves the photo, and the next write replaces it). The pixels carry
/// no checksum (a damaged pixel is a wrong colour, never a wrong size).
package struct PixelThumbnailCache: Sendable, Equatable {
    /// The folder of entries.
    package var directory: URL
    /// Bytes the entries may take together before the least recently used go.
    package var budgetBytes: Int

    /// 256 MB: about 1,700 thumbnails of 3:2 photos in 160-px cells (240 × 160).
    package static let defaultBudgetBytes = 256 << 20
    package static let magic: [UInt8] = Array("PZTP".utf8)
    /// 3: the pixels are in sRGB, converted from the photo's embedded colour profile (issue 42);
    /// an entry of version 2 may hold a wide-gamut photo's numbers unconverted, and is decoded again.
    package static let version: UInt32 = 3
    /// The longest side an entry may have.
    package static let sideLimit = 8192
    static let headerBytes = 64
    /// The longest URI an entry holds (a path of 4096 bytes, every byte percent-encoded).
    static let uriLimit = 3 * 4096 + 16

    package init(directory: URL, budgetBytes: Int = Self.defaultBudgetBytes) {
        self.directory = directory
        self.budgetBytes = budgetBytes
    }

    /// The cache beside the shared one whose `thumbnails` folder is `sharedDirectory`: both in the
    /// same cache folder (`$XDG_CACHE_HOME`), this one in `photozoom/thumbnails`.
    package init(besideSharedCacheAt sharedDirectory: URL, budgetBytes: Int = Self.defaultBudgetBytes) {
        self.init(directory: sharedDirectory.deletingLastPathComponent().appendingPathComponent("photozoom/thumbnails", isDirectory: true),
                  budgetBytes: budgetBytes)
    }

    /// Where the entry of the file at `path` (absolute) is for thumbnails of shorter side `side`.
    package func entryPath(forFile path: String, side: Int) -> String {
        directory.path + "/" + MD5.hex(Array(FreedesktopThumbnailCache.uri(forPath: path).utf8)) + "-\(side).pixels"
    }

    /// A thumbnail read from an entry.
    package struct Entry {
        /// ARGB8888, owned by the caller.
        package var surface: UnsafeMutablePointer<SDL_Surface>
        package var fullWidth: Int
        package var fullHeight: Int
        package var hasTransparency: Bool
    }

    /// The valid entry of the file at `path` (of `byteCount` bytes, modified at `modificationTime`)
    /// for thumbnails of shorter side `side`: the photo fitted so that its shorter side is `side`
    /// (or whole, when smaller); nil when there is none.
    package func thumbnail(forFile path: String, source: FileIdentity, side: Int) -> Entry? {
        let uri = Array(FreedesktopThumbnailCache.uri(forPath: path).utf8)
        return Self.read(entryPath(forFile: path, side: side), uri: uri, source: source, side: side)
    }

    /// The entry at `entryPath` when it is whole, for `uri` in the version `source`, and a
    /// thumbnail of shorter side `side`; nil otherwise.
    package static func read(_ entryPath: String, uri: [UInt8], source: FileIdentity, side: Int) -> Entry? {
        let fd = open(entryPath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var header = [UInt8](repeating: 0, count: headerBytes)
        guard readFully(fd, into: &header, at: 0) else { return nil }
        func u32(_ at: Int) -> Int { Int(header[at]) | Int(header[at + 1]) << 8 | Int(header[at + 2]) << 16 | Int(header[at + 3]) << 24 }
        func i64(_ at: Int) -> Int64 { Int64(bitPattern: UInt64(UInt32(u32(at))) | UInt64(UInt32(u32(at + 4))) << 32) }
        let fullWidth = u32(24), fullHeight = u32(28), width = u32(32), height = u32(36), flags = u32(40), uriCount = u32(44)
        guard Array(header[0..<4]) == magic, u32(4) == Int(version),
              i64(8) == Int64(source.modificationTime), i64(16) == Int64(source.byteCount),
              i64(48) == Int64(source.changeSeconds), u32(56) == source.changeNanoseconds,
              (1...(1 << 20)).contains(fullWidth), (1...(1 << 20)).contains(fullHeight),
              (1...sideLimit).contains(width), (1...sideLimit).contains(height), width * height <= FreedesktopThumbnailCache.entryPixelLimit,
              width <= fullWidth, height <= fullHeight, flags & ~1 == 0, uriCount == uri.count, uriCount <= uriLimit,
              Int(info.st_size) == headerBytes + uriCount + width * height * 4,
              min(width, height) == min(side, fullWidth, fullHeight) else { return nil }
        var storedURI = [UInt8](repeating: 0, count: uriCount)
        guard readFully(fd, into: &storedURI, at: headerBytes), storedURI == uri,
              u32(60) == Int(checksum(header[0..<60], uri)) else { return nil }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
              let pixels = surface.pointee.pixels else { return nil }
        let rowBytes = width * 4, pitch = Int(surface.pointee.pitch)
        let start = off_t(headerBytes + uriCount)
        var whole = true
        if pitch == rowBytes {
            whole = readFully(fd, into: pixels, count: rowBytes * height, at: start)
        } else {
            for row in 0..<height where whole {
                whole = readFully(fd, into: pixels + row * pitch, count: rowBytes, at: start + off_t(row * rowBytes))
            }
        }
        guard whole else {
            SDL_FreeSurface(surface)
            return nil
        }
        return Entry(surface: surface, fullWidth: fullWidth, fullHeight: fullHeight, hasTransparency: flags & 1 != 0)
    }

    /// zlib's CRC-32 of an entry's first 60 bytes and its URI.
    static func checksum(_ fields: ArraySlice<UInt8>, _ uri: [UInt8]) -> UInt32 {
        let first = fields.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        return UInt32(truncatingIfNeeded: uri.withUnsafeBufferPointer { crc32(first, $0.baseAddress, UInt32($0.count)) })
    }

    private static func readFully(_ fd: Int32, into bytes: inout [UInt8], at offset: Int) -> Bool {
        let count = bytes.count
        return bytes.withUnsafeMutableBytes { readFully(fd, into: $0.baseAddress!, count: count, at: off_t(offset)) }
    }

    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: off_t) -> Bool {
        var done = 0
        while done < count {
            let n = pread(fd, buffer + done, count - done, offset + off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    // MARK: - Writing

    /// Writes `surface` (ARGB8888, the thumbnail for `side`: its shorter side `side`, or the
    /// photo whole when smaller) as the entry of the file at `path` for `side`: the folder made
    /// with mode 0700, the entry written to a temporary file of mode 0600 beside it and renamed
    /// over it, so a reader never sees half an entry. Returns the entry's byte count.
    @discardableResult
    package func write(_ surface: UnsafeMutablePointer<SDL_Surface>, forFile path: String, source: FileIdentity,
               fullWidth: Int, fullHeight: Int, hasTransparency: Bool, side: Int) throws(CommandLineError) -> Int {
        let uri = Array(FreedesktopThumbnailCache.uri(forPath: path).utf8)
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h)
        var bytes = [UInt8](repeating: 0, count: Self.headerBytes)
        func put32(_ value: Int, at: Int) { for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) } }
        func put64(_ value: Int, at: Int) { for i in 0..<8 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) } }
        bytes.replaceSubrange(0..<4, with: Self.magic)
        put32(Int(Self.version), at: 4)
        put64(source.modificationTime, at: 8)
        put64(source.byteCount, at: 16)
        put32(fullWidth, at: 24)
        put32(fullHeight, at: 28)
        put32(width, at: 32)
        put32(height, at: 36)
        put32(hasTransparency ? 1 : 0, at: 40)
        put32(uri.count, at: 44)
        put64(source.changeSeconds, at: 48)
        put32(source.changeNanoseconds, at: 56)
        put32(Int(Self.checksum(bytes[0..<60], uri)), at: 60)
        bytes += uri
        let pitch = Int(surface.pointee.pitch), rowBytes = width * 4
        if let pixels = surface.pointee.pixels {
            bytes.reserveCapacity(bytes.count + rowBytes * height)
            for row in 0..<height {
                bytes += UnsafeRawBufferPointer(start: pixels + row * pitch, count: rowBytes)
            }
        }
        try FreedesktopThumbnailCache.store(bytes, at: entryPath(forFile: path, side: side))
        return bytes.count
    }

    /// The bytes the entries take together (writers' temporary files aside).
    package func totalBytes() -> Int {
        entries().filter { !$0.isTemporary }.reduce(0) { $0 + $1.bytes }
    }

    /// Deletes the least recently used entries (by the later of their last read, as the system
    /// records it, and their last write) until they take at most `budgetBytes` × `keeping`
    /// together, and temporary files a writer left more than an hour ago. Returns the bytes left.
    @discardableResult
    func trim(keeping fraction: Double = 0.9, now: Int = Int(Date().timeIntervalSince1970)) -> Int {
        var all = entries()
        for stale in all where stale.isTemporary && now - stale.used > 3600 { unlink(stale.path) }
        all.removeAll { $0.isTemporary }
        var total = all.reduce(0) { $0 + $1.bytes }
        guard total > budgetBytes else { return total }
        let goal = Int(Double(budgetBytes) * fraction)
        for entry in all.sorted(by: { ($0.used, $0.path) < ($1.used, $1.path) }) where total > goal {
            if unlink(entry.path) == 0 { total -= entry.bytes }
        }
        return total
    }

    private struct Listed {
        var path: String
        var bytes: Int
        var used: Int
        var isTemporary: Bool
    }

    /// The folder's entries and writers' temporary files.
    private func entries() -> [Listed] {
        let folder = directory.path
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var out: [Listed] = []
        while let item = readdir(dir) {
            let name = withUnsafePointer(to: item.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            let isEntry = name.hasSuffix(".pixels"), isTemporary = name.hasSuffix(".tmp") && name.contains(".pixels.photozoom-")
            guard isEntry || isTemporary else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            out.append(Listed(path: path, bytes: Int(info.st_size), used: max(Int(info.st_atim.tv_sec), Int(info.st_mtim.tv_sec)),
                              isTemporary: isTemporary))
        }
        return out
    }
}
