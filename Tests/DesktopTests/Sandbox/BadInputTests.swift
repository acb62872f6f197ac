import CSDL2
import Foundation
import Testing
@testable import DecoderSandbox
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering

/// Collects warning lines from any thread.
final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.lock(); stored.append(line); lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return stored }
    /// The lines naming the file `name` (by its path's last component).
    func lines(naming name: String) -> [String] { lines.filter { $0.contains("/\(name):") } }
}

/// A software renderer drawing into an ARGB8888 surface, with linear texture filtering set explicitly.
final class SoftwareCanvas {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer

    init(width: Int, height: Int) {
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        surface = SurfaceOps.make(width: width, height: height)!
        renderer = SDL_CreateSoftwareRenderer(surface)!
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    func pixel(_ x: Int, _ y: Int) -> TestImages.RGB { TestImages.pixel(surface, x, y) }
}

extension PhotoPipeline {
    /// Calls `prepare` until `done` holds, at most `frames` times, pausing a millisecond between
    /// frames for the decoder thread; returns whether `done` came true.
    func pump(_ demand: SceneDemand, renderer: OpaquePointer, frames: Int = 20_000, until done: () -> Bool) -> Bool {
        for _ in 0..<frames {
            prepare(for: demand, renderer: renderer)
            if done() { return true }
            usleep(1000)
        }
        return false
    }

    /// Waits, without preparing a frame, until the decoder threads have finished every job queued.
    func waitForDecodes() -> Bool {
        for _ in 0..<20_000 {
            if queue.pendingJobs().isEmpty && queue.runningJobs().isEmpty { return true }
            usleep(1000)
        }
        return false
    }
}

@Suite("Bad input: a placeholder and one warning each, never a crash", .serialized)
struct BadInputTests {
    @Test("each bad file is broken (a cut one shows what was read), named in exactly one warning line, and the good photo still decodes; in helpers (the engine's default) and in process",
          arguments: [true, false])
    func eachBadInput(helpers: Bool) throws {
        let settings = helpers ? try #require(HelperBinary.settings(), "photozoom is not built beside the tests") : nil
        let isolation = settings.map { DecoderIsolation.helperProcesses($0) } ?? .inProcess
        let dir = TestImages.folder()
        let good = TestImages.jpeg(width: 64, height: 48, colour: TestImages.noise)
        TestImages.write(good, "a-good.jpg", in: dir)
        TestImages.write([], "b-zero-bytes.jpg", in: dir)
        TestImages.write(Array(good[0..<(good.count * 2 / 3)]), "c-truncated.jpg", in: dir)
        TestImages.write(TestImages.corrupted(good), "d-corrupt.jpg", in: dir)
        // Decompression bomb: a JPEG frame header declaring 20000×20000 (400 MP), no data behind it.
        TestImages.write([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8, 0x4E, 0x20, 0x4E, 0x20, 3] + [UInt8](repeating: 0, count: 9),
                         "e-bomb.jpg", in: dir)
        TestImages.write(Array("Shopping list: eggs, milk.\n".utf8), "f-not-an-image.jpg", in: dir)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("g-loop.jpg").path, withDestinationPath: "g-loop.jpg")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("h-dangling.jpg").path, withDestinationPath: "gone.jpg")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("i-folder.jpg"), withIntermediateDirectories: false)
        #expect(mkfifo(dir.appendingPathComponent("j-pipe.jpg").path, 0o644) == 0)
        var expected = ["b-zero-bytes.jpg": "empty file", "d-corrupt.jpg": "corrupt",
                        "e-bomb.jpg": "above the 100 MP limit", "f-not-an-image.jpg": "not an image",
                        "g-loop.jpg": "symbolic link loop", "h-dangling.jpg": "dangling symbolic link",
                        "i-folder.jpg": "a folder", "j-pipe.jpg": "a named pipe"]
        // A mode-000 file stops an ordinary user. The app opens each photo itself and hands the
        // helper the open file (issue 33), so root reads it either way: then it decodes.
        TestImages.write(good, "k-unreadable.jpg", in: dir)
        chmod(dir.appendingPathComponent("k-unreadable.jpg").path, 0)
        let rootReads = getuid() == 0
        if !rootReads { expected["k-unreadable.jpg"] = "permission denied" }

        let log = WarningLog()
        let folder = try PhotoFolder(path: dir.path)
        let catalog = PhotoCatalog(folder: folder, isolation: isolation, warn: log.append)
        let canvas = SoftwareCanvas(width: 64, height: 64)
        var limits = PhotoPipeline.Limits()
        limits.decoderThreads = 1
        limits.isolation = isolation
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: log.append)
        let all = Array(folder.files.indices)
        let demand = SceneDemand(visibleCells: all, cellPixels: 32, largePhotos: [], windowPixels: (64, 64))
        let settled = pipeline.pump(demand, renderer: canvas.renderer) { pipeline.isIdle && pipeline.hasThumbnail(0) && pipeline.hasThumbnail(2) }
        #expect(settled)

        let names = folder.files.map(\.lastPathComponent)
        #expect(!pipeline.isBroken(0))
        if rootReads, let k = folder.files.map(\.lastPathComponent).firstIndex(of: "k-unreadable.jpg") {
            #expect(!pipeline.isBroken(k) && catalog.photos[k].pixelSize.width == 64, "root reads a mode-000 photo")
        }
        for (name, words) in expected {
            let index = try #require(names.firstIndex(of: name), "\(name) is listed")
            #expect(pipeline.isBroken(index), "\(name) is broken")
            #expect(catalog.photos[index].pixelSize == .zero || name == "d-corrupt.jpg")
            let lines = log.lines(naming: name)
            #expect(lines.count == 1, "\(name): \(lines)")
            #expect(lines.first?.contains(words) == true, "\(name): \(lines)")
            #expect(lines.first?.hasPrefix("warning: \(dir.path)/\(name): ") == true)
        }
        // The file cut at two thirds (issue 20): its readable part is shown, with one warning.
        let cut = try #require(names.firstIndex(of: "c-truncated.jpg"))
        #expect(!pipeline.isBroken(cut) && pipeline.hasThumbnail(cut))
        #expect(log.lines(naming: "c-truncated.jpg").count == 1)
        #expect(log.lines(naming: "c-truncated.jpg").first?.hasSuffix("; showing the part that was read") == true)
        #expect(log.lines.count == expected.count + 1, "\(log.lines)")
        withExtendedLifetime(canvas) {}
    }

    @Test("the refusal of a decompression bomb happens at the header, before any pixel memory")
    func bombRefusedAtHeader() {
        let dir = TestImages.folder()
        let url = TestImages.write([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8, 0x4E, 0x20, 0x4E, 0x20, 3] + [UInt8](repeating: 0, count: 9),
                                   "bomb.jpg", in: dir)
        let entry = PhotoCatalog.entry(for: url, pixelLimit: PhotoCatalog.defaultPixelLimit)
        #expect(entry.problem == .tooManyPixels(width: 20000, height: 20000, limit: 100_000_000, beforeDecoding: true))
        #expect(entry.problem?.message.contains("20000×20000 is 400 MP") == true)
    }

    @Test("system refusals map to words a person can act on")
    func errnoWords() {
        #expect(PhotoFile.problem(errno: EACCES, path: "/x") == .unreadable("permission denied"))
        #expect(PhotoFile.problem(errno: ELOOP, path: "/x") == .unreadable("symbolic link loop"))
        #expect(PhotoFile.problem(errno: ENOENT, path: "/no/such/file") == .unreadable("no such file"))
    }
}
