import CSDL2
import Foundation
import Testing
import TestSupport
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering

/// PhotoZoom's own cache of thumbnails' pixels (issue 20: a second visit no slower than nsxiv's).
@Suite("PhotoZoom's own thumbnail pixels: written with the shared entries, read first, checked whole, kept to a budget", .serialized)
struct PixelThumbnailCacheTests {
    typealias RGB = TestImages.RGB

    /// A photo file (its bytes do not matter to this cache: its path, time and size do) and a cache
    /// in a fresh folder.
    func photoAndCache(_ name: String = #function) -> (photo: PhotoFile, cache: PixelThumbnailCache, folder: URL) {
        let dir = TestImages.folder(name)
        let photo = TestImages.write(TestImages.jpeg(width: 400, height: 300) { x, y in TestImages.noise(x, y) }, "photo.jpg", in: dir)
        return (try! PhotoFile(path: photo.path), PixelThumbnailCache(directory: dir.appendingPathComponent("pixels")), dir)
    }

    /// A `width`×`height` picture of distinct pixels (noise, alpha as given).
    func picture(_ width: Int, _ height: Int, alpha: UInt8 = 255) -> UnsafeMutablePointer<SDL_Surface> {
        let s = TestImages.surface(width: width, height: height) { x, y in TestImages.noise(x * 7, y * 13) }
        if alpha != 255 { s.pointee.pixels!.assumingMemoryBound(to: UInt8.self)[3] = alpha }
        return s
    }

    /// Every byte of two surfaces' rows.
    func sameBytes(_ a: UnsafeMutablePointer<SDL_Surface>, _ b: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard a.pointee.w == b.pointee.w, a.pointee.h == b.pointee.h else { return false }
        let row = Int(a.pointee.w) * 4
        return (0..<Int(a.pointee.h)).allSatisfy { y in
            memcmp(a.pointee.pixels! + y * Int(a.pointee.pitch), b.pointee.pixels! + y * Int(b.pointee.pitch), row) == 0
        }
    }

    func read(_ cache: PixelThumbnailCache, _ photo: PhotoFile, side: Int, change: (inout FileIdentity) -> Void = { _ in }) -> PixelThumbnailCache.Entry? {
        var source = photo.identity
        change(&source)
        return cache.thumbnail(forFile: photo.path, source: source, side: side)
    }

    @Test("an entry reads back as the very pixels written, with the photo's size and its transparency")
    func roundTrip() throws {
        let (photo, cache, _) = photoAndCache()
        for alpha: UInt8 in [255, 0] {
            let s = picture(256, 192, alpha: alpha)
            defer { SDL_FreeSurface(s) }
            let bytes = try cache.write(s, forFile: photo.path, source: photo.identity,
                                        fullWidth: 400, fullHeight: 300, hasTransparency: alpha != 255, side: 192)
            // 64 bytes of header, the URI, 4 bytes a pixel.
            #expect(bytes == 64 + FreedesktopThumbnailCache.uri(forPath: photo.path).utf8.count + 256 * 192 * 4)
            let entry = try #require(read(cache, photo, side: 192))
            defer { SDL_FreeSurface(entry.surface) }
            #expect(sameBytes(entry.surface, s))
            #expect(entry.fullWidth == 400 && entry.fullHeight == 300 && entry.hasTransparency == (alpha != 255))
        }
        var info = stat()
        #expect(stat(cache.entryPath(forFile: photo.path, side: 192), &info) == 0 && info.st_mode & 0o777 == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
        #expect(names.count == 1 && names[0].hasSuffix("-192.pixels"))
    }

    @Test("a changed time or size, another photo's entry, or one of another side is not read; a photo smaller than the side is stored whole")
    func onlyValidEntriesServe() throws {
        let (photo, cache, dir) = photoAndCache()
        let thumbnail = picture(256, 192), whole = picture(400, 300)
        defer { SDL_FreeSurface(thumbnail); SDL_FreeSurface(whole) }
        try cache.write(thumbnail, forFile: photo.path, source: photo.identity,
                        fullWidth: 400, fullHeight: 300, hasTransparency: false, side: 192)
        // Another version of the file: another modification time, byte count or status-change time.
        #expect(read(cache, photo, side: 192) { $0.modificationTime += 1 } == nil)
        #expect(read(cache, photo, side: 192) { $0.byteCount += 1 } == nil)
        #expect(read(cache, photo, side: 192) { $0.changeNanoseconds += 1 } == nil)
        #expect(read(cache, photo, side: 192) { $0.changeSeconds -= 1 } == nil)
        // Cells of another side find nothing.
        #expect(read(cache, photo, side: 160) == nil && read(cache, photo, side: 224) == nil)
        // An entry named for one side whose picture has another is not read.
        try FileManager.default.copyItem(atPath: cache.entryPath(forFile: photo.path, side: 192), toPath: cache.entryPath(forFile: photo.path, side: 160))
        #expect(read(cache, photo, side: 160) == nil)
        // Cells of 320 px show a 400 × 300 photo whole: its entry is the whole photo.
        try cache.write(whole, forFile: photo.path, source: photo.identity,
                        fullWidth: 400, fullHeight: 300, hasTransparency: false, side: 320)
        let big = try #require(read(cache, photo, side: 320))
        #expect(big.surface.pointee.w == 400 && big.surface.pointee.h == 300)
        SDL_FreeSurface(big.surface)
        // Another photo's entry under this photo's name (its URI inside differs): not read.
        let other = TestImages.write(HostileFiles.bytes(URL(fileURLWithPath: photo.path)), "other.jpg", in: dir).path
        try FileManager.default.copyItem(atPath: cache.entryPath(forFile: photo.path, side: 192), toPath: cache.entryPath(forFile: other, side: 192))
        let otherFile = try PhotoFile(path: other)
        var otherSource = otherFile.identity
        otherSource.modificationTime = photo.modificationTime
        #expect(cache.thumbnail(forFile: other, source: otherSource, side: 192) == nil)
    }

    @Test("a damaged entry is never read: cut at every length, any header byte changed, random bytes; nothing crashes")
    func damagedEntries() throws {
        let (photo, cache, _) = photoAndCache()
        let s = picture(16, 8)
        defer { SDL_FreeSurface(s) }
        try cache.write(s, forFile: photo.path, source: photo.identity,
                        fullWidth: 400, fullHeight: 300, hasTransparency: false, side: 8)
        let path = cache.entryPath(forFile: photo.path, side: 8)
        let whole = HostileFiles.bytes(URL(fileURLWithPath: path))
        func readBack(_ bytes: [UInt8]) -> PixelThumbnailCache.Entry? {
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            return read(cache, photo, side: 8)
        }
        for length in 0..<whole.count { #expect(readBack(Array(whole[0..<length])) == nil, "cut to \(length) bytes") }
        #expect(readBack(whole + [0]) == nil)
        // Each byte of the header and the URI changed: no read.
        let uriEnd = 64 + FreedesktopThumbnailCache.uri(forPath: photo.path).utf8.count
        for offset in 0..<uriEnd {
            var bytes = whole
            bytes[offset] ^= 0x41
            if let e = readBack(bytes) {
                SDL_FreeSurface(e.surface)
                Issue.record("byte \(offset) changed and the entry was read")
            }
        }
        // Sizes that would overflow or ask gigabytes: refused before any allocation.
        for (offset, value) in [(32, UInt32.max), (36, UInt32.max), (32, 1 << 16), (44, UInt32.max), (24, 0)] {
            var bytes = whole
            withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<(offset + 4), with: $0) }
            #expect(readBack(bytes) == nil)
        }
        var random = SplitMix64(seed: 20)
        for _ in 0..<200 {
            var bytes = whole
            for _ in 0..<Int(random.next() % 8 + 1) { bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next()) }
            if let e = readBack(bytes) { SDL_FreeSurface(e.surface) }  // a change in the pixels is read: any colour is harmless
        }
        // A folder, or nothing, where the entry should be.
        try? FileManager.default.removeItem(atPath: path)
        #expect(read(cache, photo, side: 8) == nil)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(read(cache, photo, side: 8) == nil)
    }

    @Test("past its budget the least recently used entries go, down to 90 %; a writer's temporary file older than an hour goes too")
    func trimToBudget() throws {
        let (photo, _, dir) = photoAndCache()
        let s = picture(64, 48)
        defer { SDL_FreeSurface(s) }
        let entryBytes = 64 + 4 * 64 * 48 + 100  // about; the URIs differ in length
        var cache = PixelThumbnailCache(directory: dir.appendingPathComponent("pixels"), budgetBytes: 1 << 30)
        var paths: [String] = []
        for i in 0..<10 {
            let file = TestImages.write(HostileFiles.bytes(URL(fileURLWithPath: photo.path)), "p\(i).jpg", in: dir).path
            try cache.write(s, forFile: file, source: FileIdentity(byteCount: 1, modificationTime: i, changeSeconds: i, changeNanoseconds: 0),
                            fullWidth: 64, fullHeight: 48, hasTransparency: false, side: 48)
            let entry = cache.entryPath(forFile: file, side: 48)
            // Used at 1000 + i: entry 0 the least recently.
            var times = [timespec(tv_sec: 1000 + i, tv_nsec: 0), timespec(tv_sec: 1000 + i, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, entry, &times, 0) == 0)
            paths.append(entry)
        }
        let temporary = paths[0] + ".photozoom-1-2.tmp", fresh = paths[1] + ".photozoom-1-3.tmp"
        FileManager.default.createFile(atPath: temporary, contents: Data([1]))
        FileManager.default.createFile(atPath: fresh, contents: Data([1]))
        var old = [timespec(tv_sec: 10, tv_nsec: 0), timespec(tv_sec: 10, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, temporary, &old, 0) == 0)
        let total = cache.totalBytes()
        #expect(total > 9 * entryBytes - 1000)
        // A budget of about 6 entries: kept down to 90 % of it, so 5 stay, the 5 least recently used go.
        cache.budgetBytes = total * 6 / 10
        let left = cache.trim(now: Int(Date().timeIntervalSince1970))
        #expect(left <= cache.budgetBytes * 9 / 10 && left == cache.totalBytes())
        let kept = paths.map { FileManager.default.fileExists(atPath: $0) }
        #expect(kept == [false, false, false, false, false, true, true, true, true, true], "\(kept)")
        #expect(!FileManager.default.fileExists(atPath: temporary) && FileManager.default.fileExists(atPath: fresh))
        // Within its budget nothing goes.
        cache.budgetBytes = 1 << 30
        #expect(cache.trim() == left)
    }

    @Test("a visit writes each thumbnail's pixels at the cells' side, from the decode that wrote the shared entry; the next reads them all from there")
    func visitsWriteAndReadPixels() throws {
        let helper = ThumbnailCacheWritingTests()
        let (catalog, cache, photos) = try helper.folderAndCache(count: 6)
        let pixels = PixelThumbnailCache(besideSharedCacheAt: cache.directory)
        #expect(pixels.directory.path == cache.directory.deletingLastPathComponent().path + "/photozoom/thumbnails")
        // Cells of 100 px ask thumbnails of 128 (the 32-px quantum): a 400 × 300 photo shows at
        // 171 × 128, from the 256 × 192 decode the large entry is written from.
        let first = helper.visit(catalog, cache, cell: 100)
        #expect(first.thumbnailsDecoded == 6 && first.thumbnailsFromPixelCache == 0)
        #expect(first.sharedCacheEntriesWritten == 6 && first.pixelCacheEntriesWritten == 6)
        for photo in photos {
            let file = try PhotoFile(path: photo)
            let shared = try #require(cache.thumbnail(forFile: photo, source: file.identity, uprightWidth: 400,
                                                      uprightHeight: 300, minimumShortSide: 192))
            let fitted = try #require(SurfaceOps.downscaled(shared, toWidth: 171, height: 128))
            let own = try #require(read(pixels, file, side: 128))
            // The same pixels: the shared entry's, fitted to the cells.
            #expect(sameBytes(fitted, own.surface))
            #expect(own.fullWidth == 400 && own.fullHeight == 300 && !own.hasTransparency)
            for s in [shared, fitted, own.surface] { SDL_FreeSurface(s) }
        }
        // The second visit: every thumbnail from the pixels, nothing written.
        let second = helper.visit(catalog, cache, cell: 100)
        #expect(second.thumbnailsFromPixelCache == 6 && second.thumbnailsFromSharedCache == 6)
        #expect(second.sharedCacheEntriesWritten == 0 && second.pixelCacheEntriesWritten == 0)
        // Cells of another size (another window size): the shared entries serve, and pixels for
        // those cells are written from them, alone.
        let larger = helper.visit(catalog, cache, cell: 150)
        #expect(larger.thumbnailsFromSharedCache == 6 && larger.thumbnailsFromPixelCache == 0)
        #expect(larger.sharedCacheEntriesWritten == 0 && larger.pixelCacheEntriesWritten == 6)
        #expect(helper.visit(catalog, cache, cell: 150).thumbnailsFromPixelCache == 6)
        #expect(helper.visit(catalog, cache, cell: 100).thumbnailsFromPixelCache == 6)
    }

    @Test("a photo replaced with other pixels is decoded again, and its pixel entry rewritten with the new picture")
    func replacedPhotoIsDecoded() throws {
        let helper = ThumbnailCacheWritingTests()
        let (catalog, cache, photos) = try helper.folderAndCache(count: 2)
        _ = helper.visit(catalog, cache, cell: 100)
        // Photo 0 rewritten red, 100 s later.
        let old = try PhotoFile(path: photos[0]).modificationTime
        FileManager.default.createFile(atPath: photos[0], contents: Data(TestImages.jpeg(width: 400, height: 300) { _, _ in RGB(220, 20, 20) }))
        var times = [timespec(tv_sec: old + 100, tv_nsec: 0), timespec(tv_sec: old + 100, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, photos[0], &times, 0) == 0)
        let pixels = PixelThumbnailCache(besideSharedCacheAt: cache.directory)
        #expect(read(pixels, try PhotoFile(path: photos[0]), side: 128) == nil)
        let second = helper.visit(catalog, cache, cell: 100)
        #expect(second.thumbnailsFromPixelCache == 1 && second.thumbnailsFromSharedCache == 1 && second.pixelCacheEntriesWritten == 1)
        let entry = try #require(read(pixels, try PhotoFile(path: photos[0]), side: 128))
        #expect(TestImages.pixel(entry.surface, 100, 80).isClose(to: RGB(220, 20, 20), tolerance: 12))
        SDL_FreeSurface(entry.surface)
    }

    @Test("a pixel folder that cannot be written is quiet, and the shared entries are written as ever")
    func unwritablePixelFolderIsQuiet() throws {
        let helper = ThumbnailCacheWritingTests()
        let (catalog, cache, _) = try helper.folderAndCache(count: 4)
        let pixels = PixelThumbnailCache(besideSharedCacheAt: cache.directory)
        // `photozoom/thumbnails` is a plain file (permissions would not stop root).
        try FileManager.default.createDirectory(at: pixels.directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: pixels.directory.path, contents: Data("not a folder".utf8))
        let first = helper.visit(catalog, cache, cell: 100)  // an unexpected warning fails the test
        #expect(first.sharedCacheEntriesWritten == 4 && first.pixelCacheEntriesWritten == 0 && first.sharedCacheWritesFailed == 0)
        #expect(helper.visit(catalog, cache, cell: 100).thumbnailsFromSharedCache == 4)
    }

    /// A pipeline reading and writing `cache` (and the pixels beside it, or not).
    func pipeline(_ catalog: PhotoCatalog, _ cache: FreedesktopThumbnailCache, pixels: Bool = true) -> PhotoPipeline {
        var limits = PhotoPipeline.Limits()
        limits.isolation = .inProcess
        limits.decoderThreads = 1
        limits.sharedThumbnails = cache
        limits.writesSharedThumbnails = true
        limits.watchesFolders = false
        limits.usesPixelCache = pixels
        return PhotoPipeline(catalog: catalog, limits: limits, warn: { Issue.record("unexpected warning: \($0)") })
    }

    @Test("cells that grow past a thumbnail read from the pixels get a sharper one, as without them")
    func growingCellsAskAgain() throws {
        let helper = ThumbnailCacheWritingTests()
        let (catalog, cache, _) = try helper.folderAndCache(count: 1)
        _ = helper.visit(catalog, cache, cell: 100)
        for pixels in [false, true] {
            let p = pipeline(catalog, cache, pixels: pixels)
            let canvas = SoftwareCanvas(width: 64, height: 64)
            withExtendedLifetime(canvas) {
                let small = SceneDemand(visibleCells: [0], cellPixels: 100, largePhotos: [], windowPixels: (640, 480))
                #expect(p.pump(small, renderer: canvas.renderer) { p.isIdle && p.hasThumbnail(0) })
                #expect(p.statistics.thumbnailsFromPixelCache == (pixels ? 1 : 0))
                // Cells of 190 px (192 with the quantum): a 171 × 128 thumbnail no longer covers them.
                let big = SceneDemand(visibleCells: [0], cellPixels: 190, largePhotos: [], windowPixels: (640, 480))
                #expect(p.pump(big, renderer: canvas.renderer) {
                    p.isIdle && (p.texture(for: 0, preferFull: false).map { min($0.width, $0.height) >= 190 } ?? false)
                }, "pixels \(pixels): the thumbnail stayed \(p.texture(for: 0, preferFull: false).map { "\($0.width)×\($0.height)" } ?? "none")")
                p.releaseTextures()
            }
        }
    }

    @Test("a long panorama's thumbnail (5,120 × 128) is stored and read back")
    func panoramaIsStoredAndRead() throws {
        let helper = ThumbnailCacheWritingTests()
        let (catalog, cache, _) = try helper.folderAndCache(#function) { dir in
            TestImages.write(TestImages.jpeg(width: 6000, height: 150) { x, y in TestImages.noise(x, y) }, "pano.jpg", in: dir)
        }
        #expect(helper.visit(catalog, cache, cell: 100).pixelCacheEntriesWritten == 1)
        let second = helper.visit(catalog, cache, cell: 100)
        #expect(second.thumbnailsFromPixelCache == 1 && second.pixelCacheEntriesWritten == 0)
    }

    @Test("a photo edited in place with its time and byte count restored (its EXIF orientation turned) is not read from the pixels")
    func editInPlaceKeepingTimeAndSize() throws {
        let helper = ThumbnailCacheWritingTests()
        let (catalog, cache, photos) = try helper.folderAndCache(#function) { dir in
            TestImages.write(TestImages.jpeg(width: 400, height: 300, orientation: 1) { x, y in TestImages.noise(x, y) }, "o.jpg", in: dir)
        }
        _ = helper.visit(catalog, cache, cell: 100)
        let pixels = PixelThumbnailCache(besideSharedCacheAt: cache.directory)
        let before = try PhotoFile(path: photos[0])
        #expect(read(pixels, before, side: 128) != nil)
        // The orientation tag's value (0x0112, little-endian) turned to 6 in place, the time put back.
        var bytes = HostileFiles.bytes(URL(fileURLWithPath: photos[0]))
        let tag = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0x12 && bytes[$0 + 1] == 0x01 })
        bytes[tag + 8] = 6
        let fd = open(photos[0], O_WRONLY)
        #expect(bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } == bytes.count)
        close(fd)
        var times = [timespec(tv_sec: before.modificationTime, tv_nsec: 0), timespec(tv_sec: before.modificationTime, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, photos[0], &times, 0) == 0)
        let after = try PhotoFile(path: photos[0])
        #expect(after.modificationTime == before.modificationTime && after.count == before.count)
        #expect(read(pixels, after, side: 128) == nil)
    }

    @Test("a thumbnail whose photo was replaced after its decode is stored nowhere")
    func replacedAfterDecodeIsNotStored() throws {
        let dir = TestImages.folder()
        let path = TestImages.write(TestImages.jpeg(width: 400, height: 300) { _, _ in RGB(20, 20, 220) }, "p.jpg", in: dir).path
        let cache = FreedesktopThumbnailCache(directory: dir.appendingPathComponent("thumbnails"))
        let pixels = PixelThumbnailCache(besideSharedCacheAt: cache.directory)
        let source = try PhotoFile(path: path).identity
        let blue = try PhotoDecoder().decode(path: path, header: nil, target: .thumbnail(shortSide: 128))
        // Replaced by a red photo (another size, a later time) before the writer gets to it.
        FileManager.default.createFile(atPath: path, contents: Data(TestImages.jpeg(width: 400, height: 300) { _, _ in RGB(220, 20, 20) } + [0xFF, 0xD9]))
        var times = [timespec(tv_sec: source.modificationTime + 5, tv_nsec: 0), timespec(tv_sec: source.modificationTime + 5, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let writer = ThumbnailCacheWriter(cache: cache, pixels: pixels)
        let stored = writer.store(ThumbnailCacheWriter.Item(path: path, image: blue, source: source, shownSide: 128))
        #expect(stored.written == 0 && stored.failed == 0 && writer.pixelEntriesWritten == 0)
        #expect(!FileManager.default.fileExists(atPath: pixels.entryPath(forFile: path, side: 128)))
        #expect(!FileManager.default.fileExists(atPath: cache.entryPath(forFile: path, sizeClass: .large)))
    }
}
