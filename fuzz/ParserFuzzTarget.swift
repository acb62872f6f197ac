import CSDL2
#if canImport(Glibc)
import Glibc
#endif

// The libFuzzer entry of `scripts/fuzz`: every parser PhotoZoom runs in its own process on bytes
// from the disk, given each input, compiled from Sources/PhotoFiles, ImageFormats and Decoding under
// AddressSanitizer. The parsers:
// the image headers (`ImageHeader.read`, by content and by extension), EXIF (the TIFF
// directory's orientation and embedded preview), `PNGDecoder` (what reads thumbnail-cache entries
// in the app's process), and the cache readers (the shared cache's text chunks and completeness
// check, and `PixelThumbnailCache.read` over a memory file).
//
// A crash, an out-of-bounds access or a leak stops the run and leaves the input in the findings
// folder (`scripts/fuzz` says where). Built with `-D PLANTED_FAULT`, a PNG cut before its last row
// (no seed is: the fuzzer has to make one that still decodes) is read a byte past its end: the
// check that the harness finds the fault it exists for (`scripts/fuzz --planted-fault`).

/// The extensions the header reader is asked with (some formats are known by extension only: TGA).
private let extensions = ["", "jpg", "png", "gif", "bmp", "webp", "tif", "tga", "ppm", "pgm", "xpm", "svg", "qoi", "pcx"]

/// A file in memory (tmpfs, unlinked once open) holding the input, for the readers that open a
/// path (the pixel cache): reached as /proc/self/fd/N.
private let memoryFile: Int32 = {
    let path = "/dev/shm/photozoom-fuzz-\(getpid())"
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    unlink(path)
    return fd
}()

#if PLANTED_FAULT
nonisolated(unsafe) var plantedSink: UInt8 = 0
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = count == 0 || start == nil ? [] : Array(UnsafeBufferPointer(start: start, count: count))
    // Image headers by content, and by an extension the input's last byte picks; then EXIF as a
    // TIFF directory at the input's start.
    _ = try? ImageHeader.read(MemoryBytes(bytes), fileExtension: "")
    if let last = bytes.last { _ = try? ImageHeader.read(MemoryBytes(bytes), fileExtension: extensions[Int(last) % extensions.count]) }
    _ = TIFFDirectory.orientation(MemoryBytes(bytes))
    _ = ExifPreview.find(inTIFF: bytes, at: 0)
    // The PNG decoder: a picture is of the header's size and holds at least one row.
    if let out = PNGDecoder.decode(bytes, pixelLimit: 1 << 20, fill: 0) {
        precondition(out.rowsRead > 0 && out.rowsRead <= Int(out.surface.pointee.h), "PNGDecoder: \(out.rowsRead) rows")
        #if PLANTED_FAULT
        // A reader that trusts a cut file's length: a PNG that ends before its last row (no seed
        // does: the fuzzer has to cut one that still decodes) is read one byte past its end.
        if !out.isComplete, let start { plantedSink &+= start[count] }  // stored: the optimiser keeps the read
        #endif
        SDL_FreeSurface(out.surface)
    }
    // The shared cache's entry checks.
    _ = PNGChunks.isComplete(bytes)
    if let text = FreedesktopThumbnailCache.textChunks(bytes) {
        _ = FreedesktopThumbnailCache.isEntry(text, uri: "file:///a.jpg", source: FileIdentity(byteCount: 1, modificationTime: 1, changeSeconds: 1, changeNanoseconds: 1))
    }
    readAsPixelCacheEntry(bytes)
    return 0
}

/// Reads `bytes` as a pixel-cache entry, believing its own identity and URI fields and with its
/// checksum made right, so the reader's later checks and reads are reached (a fuzzer does not
/// forge a CRC).
private func readAsPixelCacheEntry(_ input: [UInt8]) {
    let headerBytes = PixelThumbnailCache.headerBytes
    guard memoryFile >= 0, input.count >= headerBytes, input[0..<4].elementsEqual(PixelThumbnailCache.magic) else { return }
    var bytes = input
    func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
    func i64(_ at: Int) -> Int { u32(at) | u32(at + 4) << 32 }
    let uriCount = u32(44)
    guard uriCount <= bytes.count - headerBytes else { return }
    let uri = Array(bytes[headerBytes..<(headerBytes + uriCount)])
    let crc = PixelThumbnailCache.checksum(bytes[0..<60], uri)
    for i in 0..<4 { bytes[60 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
    let source = FileIdentity(byteCount: i64(16), modificationTime: i64(8), changeSeconds: i64(48), changeNanoseconds: u32(56))
    let side = min(u32(32), u32(36))
    guard ftruncate(memoryFile, 0) == 0, bytes.withUnsafeBytes({ pwrite(memoryFile, $0.baseAddress, $0.count, 0) }) == bytes.count else { return }
    if let entry = PixelThumbnailCache.read("/proc/self/fd/\(memoryFile)", uri: uri, source: source, side: side) {
        SDL_FreeSurface(entry.surface)
    }
}
