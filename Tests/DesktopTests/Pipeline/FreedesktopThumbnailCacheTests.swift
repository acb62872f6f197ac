import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles

@Suite("Freedesktop thumbnail cache: naming and reading")
struct FreedesktopThumbnailCacheTests {
    typealias RGB = TestImages.RGB

    @Test("MD5 gives the digests of RFC 1321's test suite")
    func md5() {
        // RFC 1321, appendix A.5.
        let suite = [
            "": "d41d8cd98f00b204e9800998ecf8427e",
            "a": "0cc175b9c0f1b6a831c399e269772661",
            "abc": "900150983cd24fb0d6963f7d28e17f72",
            "message digest": "f96b697d7cb7938d525a2f31aaf161d0",
            "abcdefghijklmnopqrstuvwxyz": "c3fcd3d76192e4007dfb496cca67e13b",
            String(repeating: "1234567890", count: 8): "57edf4a22be3c955ac49da2e2107b67a",
        ]
        for (message, digest) in suite { #expect(MD5.hex(Array(message.utf8)) == digest, "\(message)") }
    }

    @Test("entries are named by the MD5 of the file URI, with unsafe bytes percent-encoded")
    func naming() {
        #expect(FreedesktopThumbnailCache.uri(forPath: "/home/a b/ünï.jpg") == "file:///home/a%20b/%C3%BCn%C3%AF.jpg")
        #expect(FreedesktopThumbnailCache.uri(forPath: "/p/x#1?.jpg") == "file:///p/x%231%3F.jpg")
        let cache = FreedesktopThumbnailCache(directory: URL(fileURLWithPath: "/c/thumbnails"))
        // The standard's own example: file:///home/jens/photos/me.png → c6ee772d9e49320e97ec29a7eb5b1697.png.
        #expect(cache.entryPath(forFile: "/home/jens/photos/me.png", sizeClass: .large)
                == "/c/thumbnails/large/c6ee772d9e49320e97ec29a7eb5b1697.png")
    }

    /// A red 400×300 photo and a cache holding a green entry for it in `sizeClass`.
    func seeded(sizeClass: FreedesktopThumbnailCache.SizeClass, mtimeOffset: Int = 0) throws -> (photo: String, cache: FreedesktopThumbnailCache) {
        let dir = TestImages.folder()
        let photo = TestImages.write(TestImages.jpeg(width: 400, height: 300) { _, _ in RGB(220, 20, 20) }, "photo.jpg", in: dir).path
        let cache = FreedesktopThumbnailCache(directory: dir.appendingPathComponent("thumbnails"))
        let box = sizeClass.rawValue
        let entry = TestImages.surface(width: box, height: box * 3 / 4) { _, _ in RGB(20, 200, 20) }
        defer { SDL_FreeSurface(entry) }
        var source = try PhotoFile(path: photo).identity
        source.modificationTime += mtimeOffset
        try cache.write(entry, forFile: photo, source: source, sizeClass: sizeClass)
        return (photo, cache)
    }

    func thumbnail(_ photo: String, _ cache: FreedesktopThumbnailCache, side: Int) throws -> (DecodedImage, hit: Bool) {
        let decoder = PhotoDecoder(sharedThumbnails: cache)
        let image = try decoder.decode(path: photo, header: nil, target: .thumbnail(shortSide: side))
        return (image, decoder.sharedThumbnailHits == 1)
    }

    @Test("a valid entry large enough replaces the decode, downscaled to the cell's size")
    func hit() throws {
        let (photo, cache) = try seeded(sizeClass: .large)
        // A 256×192 entry covers a 160-pixel cell: 213×160 (round(400·160/300)).
        let (image, hit) = try thumbnail(photo, cache, side: 160)
        #expect(hit)
        #expect(image.width == 213 && image.height == 160)
        #expect(TestImages.pixel(image.surface, 100, 80) == RGB(20, 200, 20))
    }

    @Test("an entry smaller than the cell, or for another modification time, is not used")
    func misses() throws {
        let (photo, cache) = try seeded(sizeClass: .large)
        // 192 < 250: the large entry is too small, and there is no x-large one.
        let (big, bigHit) = try thumbnail(photo, cache, side: 250)
        #expect(!bigHit && TestImages.pixel(big.surface, 100, 80).isClose(to: RGB(220, 20, 20), tolerance: 8))
        let (stalePhoto, staleCache) = try seeded(sizeClass: .large, mtimeOffset: -60)
        let (stale, staleHit) = try thumbnail(stalePhoto, staleCache, side: 100)
        #expect(!staleHit && TestImages.pixel(stale.surface, 50, 40).isClose(to: RGB(220, 20, 20), tolerance: 8))
    }

    @Test("the required text chunks are written and read back, CRC included")
    func textChunks() throws {
        let (photo, cache) = try seeded(sizeClass: .normal)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache.entryPath(forFile: photo, sizeClass: .normal))))
        let text = try #require(FreedesktopThumbnailCache.textChunks(bytes))
        #expect(text["Thumb::URI"] == FreedesktopThumbnailCache.uri(forPath: photo))
        let identity = try PhotoFile(path: photo).identity
        #expect(text["Thumb::MTime"] == String(identity.modificationTime))
        // The byte count the standard's optional key records, and the status-change time PhotoZoom's own key does.
        #expect(text["Thumb::Size"] == String(identity.byteCount))
        #expect(text["X-PhotoZoom::Change"] == "\(identity.changeSeconds)." + String(format: "%09d", identity.changeNanoseconds))
        // CRC-32 of "IEND" is AE 42 60 82, the bytes every PNG ends with.
        #expect(FreedesktopThumbnailCache.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test("an entry cut off inside its image data (its text chunks whole) is passed over: the photo is decoded")
    func cutEntryIsSkipped() throws {
        let (photo, cache) = try seeded(sizeClass: .large)
        let entry = cache.entryPath(forFile: photo, sizeClass: .large)
        let whole = HostileFiles.bytes(URL(fileURLWithPath: entry))
        // Issue 19's entry was cut after 166 bytes: signature, IHDR, the two text chunks and a few
        // bytes of image data (its path was shorter). Here: 20 bytes into the IDAT chunk.
        let idat = try #require((0..<(whole.count - 4)).first { whole[$0..<($0 + 4)].elementsEqual("IDAT".utf8) })
        let cut = Array(whole.prefix(idat + 20))
        #expect(FreedesktopThumbnailCache.textChunks(cut)?["Thumb::MTime"] != nil)
        FileManager.default.createFile(atPath: entry, contents: Data(cut))
        let decoder = PhotoDecoder(sharedThumbnails: cache)
        let image = try decoder.decode(path: photo, header: nil, target: .thumbnail(shortSide: 64))
        #expect(decoder.sharedThumbnailHits == 0)
        // The photo's own red, not the entry's green.
        #expect(TestImages.pixel(image.surface, 10, 10).isClose(to: RGB(220, 20, 20), tolerance: 12))
    }

    // MARK: - Issue 33: a replaced photo, and entries the app must not read whole

    @Test("a photo replaced by another with the same modification second (mv b a after touch -r) never shows the old thumbnail")
    func replacedSameSecond() throws {
        let dir = TestImages.folder()
        let a = TestImages.write(TestImages.jpeg(width: 400, height: 300) { _, _ in RGB(220, 20, 20) }, "a.jpg", in: dir).path
        let b = TestImages.write(TestImages.jpeg(width: 400, height: 300) { _, _ in RGB(20, 20, 220) }, "b.jpg", in: dir).path
        let cache = FreedesktopThumbnailCache(directory: dir.appendingPathComponent("thumbnails"))
        let green = TestImages.surface(width: 256, height: 192) { _, _ in RGB(20, 200, 20) }
        defer { SDL_FreeSurface(green) }
        try cache.write(green, forFile: a, source: try PhotoFile(path: a).identity, sizeClass: .large)
        #expect(try thumbnail(a, cache, side: 100).hit)
        // touch -r a b; mv b a: the same path, the same whole second, another photo.
        var times = [timespec](repeating: timespec(), count: 2)
        var info = stat()
        stat(a, &info)
        times[0] = info.st_atim; times[1] = info.st_mtim
        #expect(utimensat(AT_FDCWD, b, &times, 0) == 0)
        #expect(rename(b, a) == 0)
        #expect(try PhotoFile(path: a).modificationTime == Int(info.st_mtim.tv_sec))
        let (image, hit) = try thumbnail(a, cache, side: 100)
        #expect(!hit)
        #expect(TestImages.pixel(image.surface, 50, 40).isClose(to: RGB(20, 20, 220), tolerance: 12))
    }

    @Test("an entry of another byte count (Thumb::Size, as other thumbnailers write it) is not used")
    func otherSize() throws {
        let (photo, cache) = try seeded(sizeClass: .large)
        let entry = cache.entryPath(forFile: photo, sizeClass: .large)
        let identity = try PhotoFile(path: photo).identity
        // An entry as GNOME writes it: URI, MTime and Size, without PhotoZoom's key; one byte off.
        for (size, used) in [(identity.byteCount, true), (identity.byteCount + 1, false)] {
            var bytes = HostileFiles.bytes(URL(fileURLWithPath: entry))
            let green = TestImages.surface(width: 256, height: 192) { _, _ in RGB(20, 200, 20) }
            bytes = try PNGWriter.encode(green, keepingAlpha: true)
            SDL_FreeSurface(green)
            bytes.insert(contentsOf: FreedesktopThumbnailCache.textChunk("Thumb::URI", FreedesktopThumbnailCache.uri(forPath: photo))
                         + FreedesktopThumbnailCache.textChunk("Thumb::MTime", String(identity.modificationTime))
                         + FreedesktopThumbnailCache.textChunk("Thumb::Size", String(size)), at: 33)
            FileManager.default.createFile(atPath: entry, contents: Data(bytes))
            #expect(try thumbnail(photo, cache, side: 100).hit == used, "Thumb::Size \(size) for a file of \(identity.byteCount) bytes")
        }
    }

    @Test("an entry that is a link to a giant sparse file, a device or a named pipe is passed over before a byte is read")
    func boundedEntries() throws {
        let (photo, cache) = try seeded(sizeClass: .large)
        let entry = cache.entryPath(forFile: photo, sizeClass: .large)
        let dir = URL(fileURLWithPath: photo).deletingLastPathComponent()
        // 64 GiB sparse, beginning with the real entry: read whole it would need 64 GiB (the abort).
        let giant = dir.appendingPathComponent("giant.png").path
        FileManager.default.createFile(atPath: giant, contents: Data(HostileFiles.bytes(URL(fileURLWithPath: entry))))
        #expect(truncate(giant, 64 << 30) == 0)
        let fifo = dir.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Just over the limit: the cap is on the size, whatever the content.
        let over = dir.appendingPathComponent("over.png").path
        FileManager.default.createFile(atPath: over, contents: Data(HostileFiles.bytes(URL(fileURLWithPath: entry))))
        #expect(truncate(over, off_t(FreedesktopThumbnailCache.entryByteLimit + 1)) == 0)
        for target in [giant, "/dev/zero", "/dev/urandom", fifo, over] {
            unlink(entry)
            #expect(symlink(target, entry) == 0)
            let (image, hit) = try thumbnail(photo, cache, side: 100)
            #expect(!hit, "\(target)")
            #expect(TestImages.pixel(image.surface, 50, 40).isClose(to: RGB(220, 20, 20), tolerance: 12), "\(target)")
        }
    }
}
