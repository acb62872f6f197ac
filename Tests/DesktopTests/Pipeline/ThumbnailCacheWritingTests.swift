import CSDL2
import Foundation
import Testing
@testable import DecoderSandbox
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering

@Suite("Freedesktop thumbnail cache: written after the first visit, read on the next", .serialized)
struct ThumbnailCacheWritingTests {
    typealias RGB = TestImages.RGB
    typealias SizeClass = FreedesktopThumbnailCache.SizeClass

    /// A folder of `count` 400×300 noise JPEGs and the thumbnail cache of a fresh temporary
    /// `XDG_CACHE_HOME` (the variable is set only while the standard location is resolved).
    func folderAndCache(count: Int, _ name: String = #function) throws -> (PhotoCatalog, FreedesktopThumbnailCache, [String]) {
        try folderAndCache(name) { photos in
            for i in 0..<count {
                TestImages.write(TestImages.jpeg(width: 400, height: 300) { x, y in TestImages.noise(x + i, y) }, String(format: "p%02d.jpg", i), in: photos)
            }
        }
    }

    /// A folder of the photos `fill` writes into it, and the cache of a fresh `XDG_CACHE_HOME`.
    func folderAndCache(_ name: String, fill: (URL) -> Void) throws -> (PhotoCatalog, FreedesktopThumbnailCache, [String]) {
        let dir = TestImages.folder(name)
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        fill(photos)
        let xdg = dir.appendingPathComponent("xdg-cache").path
        let saved = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        setenv("XDG_CACHE_HOME", xdg, 1)
        let cache = FreedesktopThumbnailCache.standard
        if let saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") }
        #expect(cache.directory.path == xdg + "/thumbnails")
        let folder = try PhotoFolder(path: photos.path)
        return (PhotoCatalog(folder: folder, isolation: .inProcess, warn: { Issue.record("unexpected warning: \($0)") }), cache, folder.files.map(\.path))
    }

    /// A pipeline that reads and writes `cache`, with `decoderThreads` decoders; any warning is an issue.
    static func pipeline(_ catalog: PhotoCatalog, _ cache: FreedesktopThumbnailCache, decoderThreads: Int,
                         isolation: DecoderIsolation = .inProcess) -> PhotoPipeline {
        var limits = PhotoPipeline.Limits()
        limits.isolation = isolation
        limits.decoderThreads = decoderThreads
        limits.sharedThumbnails = cache
        limits.writesSharedThumbnails = true
        limits.watchesFolders = false
        return PhotoPipeline(catalog: catalog, limits: limits, warn: { Issue.record("unexpected warning: \($0)") })
    }

    /// One visit: every photo visible in cells of `cell` pixels, frames until every thumbnail is
    /// shown and the cache writer is done; returns the pipeline's counters.
    func visit(_ catalog: PhotoCatalog, _ cache: FreedesktopThumbnailCache, cell: Int,
               isolation: DecoderIsolation = .inProcess) -> PipelineStatistics {
        let pipeline = Self.pipeline(catalog, cache, decoderThreads: 1, isolation: isolation)
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let all = Array(catalog.entries.indices)
        let demand = SceneDemand(visibleCells: all, cellPixels: cell, largePhotos: [], windowPixels: (640, 480))
        return withExtendedLifetime(canvas) {
            let done = pipeline.pump(demand, renderer: canvas.renderer) {
                pipeline.isIdle && all.allSatisfy(pipeline.hasThumbnail) && pipeline.isDoneWritingCache
            }
            #expect(done)
            defer { pipeline.releaseTextures() }
            return pipeline.statistics
        }
    }

    /// The entry's size and text chunks, and its file mode.
    func entry(_ cache: FreedesktopThumbnailCache, _ photo: String, _ sizeClass: SizeClass) throws -> (width: Int, height: Int, text: [String: String], mode: mode_t) {
        let path = cache.entryPath(forFile: photo, sizeClass: sizeClass)
        let bytes = HostileFiles.bytes(URL(fileURLWithPath: path))
        var info = stat()
        #expect(stat(path, &info) == 0)
        let text = try #require(FreedesktopThumbnailCache.textChunks(bytes))
        return (ImageHeader.be32(bytes, 16), ImageHeader.be32(bytes, 20), text, info.st_mode & 0o777)
    }

    @Test("a second visit reads the cache in the app's own process: with no decoder helper that can start, every thumbnail is shown")
    func secondVisitStartsNoHelper() throws {
        let (catalog, cache, _) = try folderAndCache(count: 6)
        let first = visit(catalog, cache, cell: 100)
        #expect(first.sharedCacheEntriesWritten == 6)
        // A helper program that does not exist: any decode would fail with "cannot start" (and
        // warn, which the visit records as an issue).
        let helpers = DecoderIsolation.helperProcesses(DecoderHelperSettings(executable: "/nonexistent/photozoom"))
        let second = visit(catalog, cache, cell: 100, isolation: helpers)
        #expect(second.thumbnailsFromSharedCache == 6 && second.thumbnailsDecoded == 6)
    }

    @Test("a second visit's start reads each shown photo's entry once: only the shown cells before the first frame, and a camera photo's preview job that the cache answers takes its thumbnail job along")
    func secondVisitStartReadsEachEntryOnce() throws {
        // 4 camera photos (600×400, a 150×100 EXIF preview: useful in 100-px cells) and 4 without.
        let camera = HostileFiles.bytes(ExifPreviewTests.fixture)
        let (catalog, cache, _) = try folderAndCache(#function) { photos in
            for i in 0..<4 { TestImages.write(camera, "p\(i).jpg", in: photos) }
            for i in 4..<8 { TestImages.write(TestImages.jpeg(width: 600, height: 400) { x, y in TestImages.noise(x + i, y) }, "p\(i).jpg", in: photos) }
        }
        #expect(visit(catalog, cache, cell: 100).sharedCacheEntriesWritten == 8)

        // The second visit starts as the app does, two decoders reading before the first frame.
        let pipeline = Self.pipeline(catalog, cache, decoderThreads: 2)
        let canvas = SoftwareCanvas(width: 64, height: 64)
        // 6 cells shown; the other 2 are the screen below (one screen around is prefetched).
        let demand = SceneDemand(visibleCells: Array(0..<6), cellPixels: 100, largePhotos: [], windowPixels: (640, 480))
        pipeline.prefetch(for: demand)
        #expect(pipeline.waitForDecodes())
        pipeline.prepare(for: demand, renderer: canvas.renderer)
        // One read per shown photo: the 4 camera photos' through their preview jobs; none below yet.
        #expect(pipeline.statistics.thumbnailsFromSharedCache == 6)
        #expect((0..<6).allSatisfy(pipeline.hasThumbnail) && !pipeline.hasThumbnail(6) && !pipeline.hasThumbnail(7))
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { pipeline.isIdle && (0..<8).allSatisfy(pipeline.hasThumbnail) })
        #expect(pipeline.statistics.thumbnailsFromSharedCache == 8 && pipeline.statistics.previewsDecoded == 0)
        withExtendedLifetime(canvas) { pipeline.releaseTextures() }
    }

    @Test("the first visit writes a large entry per decoded thumbnail; the second reads them all and decodes none")
    func secondVisitReadsTheCache() throws {
        let (catalog, cache, photos) = try folderAndCache(count: 6)
        // Cells of 100 px ask 128 (the 32-px quantum); the large entry's shorter side is
        // 256 · 300 / 400 = 192 ≥ 128, so one large entry per photo, decoded at 256×192.
        let first = visit(catalog, cache, cell: 100)
        #expect(first.thumbnailsDecoded == 6 && first.thumbnailsFromSharedCache == 0)
        #expect(first.sharedCacheEntriesWritten == 6 && first.sharedCacheWritesFailed == 0)
        for photo in photos {
            let e = try entry(cache, photo, .large)
            #expect(e.width == 256 && e.height == 192)
            #expect(e.text["Thumb::URI"] == FreedesktopThumbnailCache.uri(forPath: photo))
            #expect(e.text["Thumb::MTime"] == String(try PhotoFile(path: photo).modificationTime))
            #expect(e.mode == 0o600)
            #expect(!FileManager.default.fileExists(atPath: cache.entryPath(forFile: photo, sizeClass: .xLarge)))
        }
        // Written whole and renamed: no temporary file is left beside the entries.
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.appendingPathComponent("large").path)
        #expect(names.count == 6 && names.allSatisfy { $0.hasSuffix(".png") && !$0.contains("tmp") })

        let second = visit(catalog, cache, cell: 100)
        #expect(second.thumbnailsDecoded == 6 && second.thumbnailsFromSharedCache == 6)
        #expect(second.sharedCacheEntriesWritten == 0)
    }

    @Test("after the first photo leaves the list, the thumbnails shown go to the writer once the visible cells — by the list's new indices — show theirs")
    func writesAfterARemovalAtTheFront() throws {
        let (catalog, cache, photos) = try folderAndCache(count: 4)
        let pipeline = Self.pipeline(catalog, cache, decoderThreads: 1)
        // The app trashes photo 0 before the first frame: the list becomes photos 1, 2, 3 at
        // indices 0, 1, 2 (their ids stay 1, 2, 3).
        pipeline.removePhoto(at: 0)
        #expect(pipeline.takePhotoSizeEvents(at: 0).count == 1)
        #expect(pipeline.photoCount == 3)
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let cells = Array(0..<3)
        let demand = SceneDemand(visibleCells: cells, cellPixels: 100, largePhotos: [], windowPixels: (640, 480))
        withExtendedLifetime(canvas) {
            // Every cell shows its thumbnail within the frames; the writes then go out the same frame
            // (checked against the cells' ids 1, 2, 3 — not 2, 3 and none, which would hold them for ever).
            let shown = pipeline.pump(demand, renderer: canvas.renderer) { pipeline.isIdle && cells.allSatisfy(pipeline.hasThumbnail) }
            #expect(shown)
            let written = pipeline.pump(demand, renderer: canvas.renderer) { pipeline.isDoneWritingCache }
            #expect(written, "the thumbnails shown were never handed to the cache writer")
            #expect(pipeline.statistics.sharedCacheEntriesWritten == 3)
            pipeline.releaseTextures()
        }
        // The three photos still listed have entries; the one that left has none.
        for photo in photos.dropFirst() { #expect(FileManager.default.fileExists(atPath: cache.entryPath(forFile: photo, sizeClass: .large))) }
        #expect(!FileManager.default.fileExists(atPath: cache.entryPath(forFile: photos[0], sizeClass: .large)))
    }

    @Test("HiDPI cells too large for a large entry get an x-large one as well, from the same decode")
    func hiDPICellsWriteXLarge() throws {
        let (catalog, cache, photos) = try folderAndCache(count: 2)
        // 288-px cells (a multiple of the 32-px quantum): the large entry's 192 is too small;
        // x-large fits 400×300 whole (300 ≥ 288), and the large entry is that decode downscaled
        // to 256×192.
        let first = visit(catalog, cache, cell: 288)
        #expect(first.thumbnailsDecoded == 2 && first.sharedCacheEntriesWritten == 4)
        let xl = try entry(cache, photos[0], .xLarge), l = try entry(cache, photos[0], .large)
        #expect(xl.width == 400 && xl.height == 300 && l.width == 256 && l.height == 192)
        let second = visit(catalog, cache, cell: 288)
        #expect(second.thumbnailsFromSharedCache == 2 && second.sharedCacheEntriesWritten == 0)
    }

    @Test("an entry for another modification time is not used, and is rewritten with the photo's new time")
    func staleEntryIsRewritten() throws {
        let (catalog, cache, photos) = try folderAndCache(count: 3)
        _ = visit(catalog, cache, cell: 100)
        // Photo 1 touched 100 s later (same pixels): its entry is stale.
        let old = try PhotoFile(path: photos[1]).modificationTime
        var times = [timespec(tv_sec: old + 100, tv_nsec: 0), timespec(tv_sec: old + 100, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, photos[1], &times, 0) == 0)
        let second = visit(catalog, cache, cell: 100)
        #expect(second.thumbnailsFromSharedCache == 2 && second.sharedCacheEntriesWritten == 1)
        #expect(try entry(cache, photos[1], .large).text["Thumb::MTime"] == String(old + 100))
        let third = visit(catalog, cache, cell: 100)
        #expect(third.thumbnailsFromSharedCache == 3)
        #expect(third.thumbnailsDecoded == 3)
        #expect(third.sharedCacheEntriesWritten == 0)
    }

    @Test("a cache folder that cannot be written is a quiet fallback: every thumbnail shown, no warning, three tries")
    func unwritableCacheIsQuiet() throws {
        let (catalog, cache, _) = try folderAndCache(count: 6)
        // `thumbnails` is a plain file, so no entry folder can be made under it (read-only
        // permissions would not stop root, which runs these tests in the container).
        try FileManager.default.createDirectory(at: cache.directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: cache.directory.path, contents: Data("not a folder".utf8))
        let first = visit(catalog, cache, cell: 100)   // an unexpected warning fails the test
        #expect(first.thumbnailsDecoded == 6 && first.sharedCacheEntriesWritten == 0)
        #expect(first.sharedCacheWritesFailed == ThumbnailCacheWriter.failuresBeforeGivingUp)
    }

    @Test("a folder that refuses writing is a quiet fallback too: read-only permissions, or for root (whom permissions do not stop) a read-only mount")
    func readOnlyFolderIsQuiet() throws {
        let (catalog, cache, _) = try folderAndCache(count: 4)
        try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        if geteuid() == 0 {
            // The folder bound onto itself, then remounted read-only: creating a file in it fails
            // with EROFS for root too.
            let path = cache.directory.path
            #expect(mount(path, path, nil, UInt(MS_BIND), nil) == 0, "bind mount: \(String(cString: strerror(errno)))")
            #expect(mount(nil, path, nil, UInt(MS_REMOUNT | MS_BIND | MS_RDONLY), nil) == 0, "read-only remount: \(String(cString: strerror(errno)))")
            #expect(open(path + "/probe", O_WRONLY | O_CREAT | O_EXCL, 0o600) == -1 && errno == EROFS, "root could write the folder")
        } else {
            chmod(cache.directory.path, 0o500)
        }
        defer { if geteuid() == 0 { umount(cache.directory.path) } else { chmod(cache.directory.path, 0o700) } }
        let first = visit(catalog, cache, cell: 100)
        #expect(first.sharedCacheEntriesWritten == 0 && first.sharedCacheWritesFailed == ThumbnailCacheWriter.failuresBeforeGivingUp)
    }

    @Test("an entry PhotoZoom's own PNG reader does not handle (1-bit grey) is passed over unless image libraries are asked for")
    func imageLibrariesOnlyWhenAsked() throws {
        let dir = TestImages.folder()
        let photo = TestImages.write(TestImages.jpeg(width: 400, height: 300) { _, _ in RGB(220, 20, 20) }, "photo.jpg", in: dir).path
        let cache = FreedesktopThumbnailCache(directory: dir.appendingPathComponent("thumbnails"))
        let source = try PhotoFile(path: photo).identity
        // A valid entry for the large class (256 × 192 for a 400 × 300 photo), white, 1 bit a pixel:
        // rows of a filter byte and 256 / 8 = 32 bytes.
        var ihdr: [UInt8] = []
        PNGWriter.append32(256, to: &ihdr)
        PNGWriter.append32(192, to: &ihdr)
        ihdr += [1, 0, 0, 0, 0]  // depth 1, grey, deflate, filter 0, not interlaced
        var png = PNGChunks.signature
        PNGWriter.appendChunk("IHDR", ihdr, to: &png)
        png += FreedesktopThumbnailCache.textChunk("Thumb::URI", FreedesktopThumbnailCache.uri(forPath: photo))
            + FreedesktopThumbnailCache.textChunk("Thumb::MTime", String(source.modificationTime))
            + FreedesktopThumbnailCache.textChunk("Thumb::Size", String(source.byteCount))
            + FreedesktopThumbnailCache.textChunk(FreedesktopThumbnailCache.changeKey, FreedesktopThumbnailCache.changeText(source))
        PNGWriter.appendChunk("IDAT", try PNGWriter.deflate(Array(repeating: [0] + [UInt8](repeating: 0xFF, count: 32), count: 192).flatMap { $0 }), to: &png)
        PNGWriter.appendChunk("IEND", [], to: &png)
        #expect(PNGDecoder.decode(png, pixelLimit: 1 << 20, fill: 0) == nil)  // PhotoZoom's reader declines it
        try FreedesktopThumbnailCache.store(png, at: cache.entryPath(forFile: photo, sizeClass: .large))
        #expect(cache.thumbnail(forFile: photo, source: source, uprightWidth: 400, uprightHeight: 300, minimumShortSide: 160) == nil)
        let asked = try #require(cache.thumbnail(forFile: photo, source: source, uprightWidth: 400, uprightHeight: 300,
                                                 minimumShortSide: 160, imageLibraries: true))
        defer { SDL_FreeSurface(asked) }
        #expect(asked.pointee.w == 256 && asked.pointee.h == 192)
        #expect(TestImages.pixel(asked, 100, 80) == RGB(255, 255, 255))
    }

    @Test("an entry whose text chunks come after its image data is read")
    func textChunksAfterImageData() throws {
        let dir = TestImages.folder()
        let photo = TestImages.write(TestImages.jpeg(width: 400, height: 300) { _, _ in RGB(220, 20, 20) }, "photo.jpg", in: dir).path
        let cache = FreedesktopThumbnailCache(directory: dir.appendingPathComponent("thumbnails"))
        let green = TestImages.surface(width: 256, height: 192) { _, _ in RGB(20, 200, 20) }
        defer { SDL_FreeSurface(green) }
        // Signature, IHDR, IDAT, then the two text chunks, then IEND (12 bytes).
        var png = try PNGWriter.encode(green)
        let mtime = try PhotoFile(path: photo).modificationTime
        png.insert(contentsOf: FreedesktopThumbnailCache.textChunk("Thumb::URI", FreedesktopThumbnailCache.uri(forPath: photo))
                   + FreedesktopThumbnailCache.textChunk("Thumb::MTime", String(mtime)), at: png.count - 12)
        let idat = try #require((0..<(png.count - 4)).first { png[$0..<($0 + 4)].elementsEqual("IDAT".utf8) })
        let text = try #require((0..<(png.count - 4)).first { png[$0..<($0 + 4)].elementsEqual("tEXt".utf8) })
        #expect(text > idat)
        let path = cache.entryPath(forFile: photo, sizeClass: .large)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: Data(png))
        let decoder = PhotoDecoder(sharedThumbnails: cache)
        let image = try decoder.decode(path: photo, header: nil, target: .thumbnail(shortSide: 160))
        #expect(decoder.sharedThumbnailHits == 1)
        #expect(TestImages.pixel(image.surface, 100, 80) == RGB(20, 200, 20))
    }

    @Test("a thumbnail with transparent pixels is written with its alpha channel")
    func transparencyIsKept() throws {
        let surface = TestImages.surface(width: 8, height: 4) { _, _ in RGB(10, 20, 30) }
        defer { SDL_FreeSurface(surface) }
        let pixels = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        pixels[3] = 0  // the first pixel's alpha (ARGB8888, little-endian: B, G, R, A)
        let rgba = try PNGWriter.encode(surface, keepingAlpha: true), rgb = try PNGWriter.encode(surface)
        // IHDR's colour type, byte 25: 6 is RGBA, 2 is RGB.
        #expect(rgba[25] == 6 && rgb[25] == 2)
    }

    @Test("decoded in helper processes, the shared cache is written only from a helper's first decode (issue 43): 4 photos, one helper, one shared entry")
    func sharedEntriesOnlyFromFreshHelpers() throws {
        guard let settings = HelperBinary.settings() else { return }
        let (catalog, cache, paths) = try folderAndCache(count: 4)
        _ = visit(catalog, cache, cell: 128, isolation: .helperProcesses(settings))
        // One decoder thread, one helper: its first decode is the only one nothing hostile can
        // have touched (a photo that took a helper over could paint the next photos' thumbnails).
        let written = paths.filter { FileManager.default.fileExists(atPath: cache.entryPath(forFile: $0, sizeClass: .large)) }
        #expect(written.count == 1, "\(written.map { ($0 as NSString).lastPathComponent })")
    }
}
