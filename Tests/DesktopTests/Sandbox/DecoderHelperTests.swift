import CSDL2
import Foundation
import Testing
@testable import DecoderSandbox
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering

/// Decoding in helper processes: the same pixels as in process; a helper that crashes, runs out
/// of memory or time is stopped, that file alone fails with a problem saying so, and the next file
/// decodes in a new helper.
@Suite("Decoder helper processes", .serialized)
struct DecoderHelperTests {
    func helper(timeLimitSeconds: Double = 20, addressSpaceBytes: Int = 1 << 30) throws -> DecoderHelper {
        let settings = try #require(HelperBinary.settings(timeLimitSeconds: timeLimitSeconds, addressSpaceBytes: addressSpaceBytes),
                                    "photozoom is not built beside the tests; run `swift build` first")
        var options = DecoderHelperService.Options()
        options.maxTextureSide = 4096
        options.addressSpaceBytes = addressSpaceBytes
        // As the app starts them (issue 33): no read root, each file handed as a descriptor.
        options.readRoots = []
        return DecoderHelper(settings: settings, options: options)
    }

    /// A sparse file of `bytes` that begins like a 16×16 JPEG (its frame header, then zeros).
    static func sparseJPEG(bytes: Int, in dir: URL) -> URL {
        let url = dir.appendingPathComponent("sparse-\(bytes >> 20)MB.jpg")
        let frame: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8, 0x00, 0x10, 0x00, 0x10, 3] + [UInt8](repeating: 0, count: 9)
        FileManager.default.createFile(atPath: url.path, contents: Data(frame))
        truncate(url.path, off_t(bytes))
        return url
    }

    @Test("a helper's pictures are the in-process decoder's, pixel for pixel, for every bundled photo")
    func samePixels() throws {
        let h = try helper()
        let local = PhotoDecoder(maxTextureSide: 4096)
        let photos = HostileFiles.bundled("jpg") + HostileFiles.bundled("png")
        try #require(!photos.isEmpty)
        for url in photos {
            for target in [DecodeTarget.thumbnail(shortSide: 96), .screen(width: 320, height: 200)] {
                let remote = try h.decode(path: url.path, target: target).result.get()
                let here = try local.decode(path: url.path, header: nil, target: target)
                #expect(remote.width == here.width && remote.height == here.height && remote.fullWidth == here.fullWidth)
                #expect(remote.hasTransparency == here.hasTransparency, "\(url.lastPathComponent) \(target)")
                // Of the bundled photos only the transparent fixture has pixels that are not opaque.
                #expect(remote.hasTransparency == (url.lastPathComponent == "coffee-alpha-400x400.png"), "\(url.lastPathComponent)")
                let rowBytes = here.width * 4
                var differingRows = 0, largest = 0
                for y in 0..<here.height {
                    let a = (remote.surface.pointee.pixels + y * Int(remote.surface.pointee.pitch)).assumingMemoryBound(to: UInt8.self)
                    let b = (here.surface.pointee.pixels + y * Int(here.surface.pointee.pitch)).assumingMemoryBound(to: UInt8.self)
                    guard memcmp(a, b, rowBytes) != 0 else { continue }
                    differingRows += 1
                    for x in 0..<rowBytes { largest = max(largest, abs(Int(a[x]) - Int(b[x]))) }
                }
                #expect(differingRows == 0, "\(url.lastPathComponent) \(target): \(differingRows) of \(here.height) rows differ, by up to \(largest) levels")
            }
        }
        #expect(h.starts == 1)
    }

    @Test("a file the helper cannot hold in its address space crashes only the helper; the next file decodes in a new one")
    func crashIsContained() throws {
        let dir = TestImages.folder()
        // A 768 MB sparse file starting like a JPEG (within the decoder's 1 GiB file limit): reading
        // it whole needs 768 MB, past a 256 MB limit.
        let huge = Self.sparseJPEG(bytes: 768 << 20, in: dir)
        let good = try #require(HostileFiles.bundled("jpg").first)
        let h = try helper(addressSpaceBytes: 256 << 20)
        #expect((try? h.decode(path: good.path, target: .thumbnail(shortSide: 64)).result.get()) != nil)
        let crashed = h.decode(path: huge.path, target: .thumbnail(shortSide: 64))
        guard case let .failure(.decoderStopped(detail)) = crashed.result else {
            Issue.record("expected the helper to be stopped, got \(crashed.result)")
            return
        }
        #expect(detail.contains("crashed") && detail.contains("signal"), "\(detail)")
        // Tried once more in a new helper before it is called damaged (issue 33), which crashed too.
        #expect(detail.contains("twice"), "\(detail)")
        #expect(h.retries == 1)
        #expect((try? h.decode(path: good.path, target: .thumbnail(shortSide: 64)).result.get()) != nil)
        #expect(h.starts == 3)
    }

    @Test("a file over the decoder's 1 GiB (a 3 GB sparse JPEG) is refused before it is read: no crash, no retry")
    func hugeFileRefused() throws {
        let dir = TestImages.folder()
        let huge = Self.sparseJPEG(bytes: 3 << 30, in: dir)
        let h = try helper()
        let attempt = h.decode(path: huge.path, target: .thumbnail(shortSide: 64))
        // 3 GB = 3072 MB.
        #expect(attempt.result.failure == .unsupported("a file of 3072 MB, more than the 1024 MB a photo may have"), "\(attempt.result)")
        #expect(h.starts == 1 && h.retries == 0)
    }

    @Test("a helper killed while idle is replaced: the next good photo decodes, with no problem and no retry")
    func killedWhileIdle() throws {
        let good = try #require(HostileFiles.bundled("jpg").first)
        let h = try helper()
        #expect((try? h.decode(path: good.path, target: .thumbnail(shortSide: 64)).result.get()) != nil)
        let idle = h.pid
        #expect(kill(idle, SIGKILL) == 0)
        // Wait until it is a zombie (state Z in /proc/PID/stat): dead, not yet reaped.
        for _ in 0..<400 {
            let stat = (try? String(contentsOfFile: "/proc/\(idle)/stat", encoding: .utf8)) ?? ""
            if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { break }
            usleep(5000)
        }
        let next = h.decode(path: good.path, target: .thumbnail(shortSide: 64))
        #expect((try? next.result.get()) != nil, "\(next.result)")
        #expect(h.starts == 2 && h.retries == 0)
    }

    @Test("a helper that dies on a good photo (killed mid-request) is replaced and the photo tried again: it decodes")
    func diedMidRequest() throws {
        let good = try #require(HostileFiles.bundled("jpg").first)
        let settings = try #require(HelperBinary.diesOnce(in: TestImages.folder()))
        var options = DecoderHelperService.Options()
        options.maxTextureSide = 4096
        let h = DecoderHelper(settings: settings, options: options)
        let attempt = h.decode(path: good.path, target: .thumbnail(shortSide: 64))
        #expect((try? attempt.result.get()) != nil, "\(attempt.result)")
        #expect(h.starts == 2 && h.retries == 1)
    }

    @Test("an image that takes longer than the time limit stops its helper with a problem that says so")
    func timeLimit() throws {
        let big = try #require(HostileFiles.bundled("jpg").max { HostileFiles.bytes($0).count < HostileFiles.bytes($1).count })
        // A full-size decode of the largest bundled JPEG takes tens of milliseconds at least; 1 ms is far below.
        let h = try helper(timeLimitSeconds: 0.001)
        let attempt = h.decode(path: big.path, target: .screen(width: 4096, height: 4096))
        guard case let .failure(.decoderStopped(detail)) = attempt.result else {
            Issue.record("expected the time limit, got \(attempt.result)")
            return
        }
        #expect(detail.contains("took longer than 0.001 s"), "\(detail)")
    }

    @Test("a helper that never replies: the frame loop goes on, and each photo gets one warning after the time limit")
    func hungHelper() throws {
        let dir = TestImages.folder()
        // A stand-in helper that reads nothing and never replies.
        let settings = HelperBinary.hung(in: dir, timeLimitSeconds: 0.5)
        let files = ["a.jpg", "b.jpg"].map { TestImages.write(TestImages.jpeg(width: 32, height: 24, colour: TestImages.noise), $0, in: dir) }
        let log = WarningLog()
        let catalog = PhotoCatalog(files: files, isolation: .inProcess, warn: log.append)
        let canvas = SoftwareCanvas(width: 64, height: 64)
        let limits = PhotoPipeline.Limits.oneDecoder(helpers: settings)
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: log.append)
        let demand = SceneDemand(visibleCells: [0, 1], cellPixels: 32, largePhotos: [], windowPixels: (64, 64))
        var frames = 0
        #expect(pipeline.pump(demand, renderer: canvas.renderer) { frames += 1; return pipeline.isBroken(0) && pipeline.isBroken(1) })
        for name in ["a.jpg", "b.jpg"] {
            let lines = log.lines(naming: name)
            #expect(lines.count == 1 && lines[0].contains("it took longer than 0.5 s and was stopped"), "\(lines)")
        }
        // Frames ran while the decoder thread waited: two limits of 0.5 s at about a millisecond a frame.
        #expect(frames > 10, "\(frames) frames")
        withExtendedLifetime(canvas) {}
    }

    @Test("problems come back as the in-process decoder names them")
    func problemsCrossIntact() throws {
        let dir = TestImages.folder()
        let h = try helper()
        let empty = TestImages.write([], "empty.png", in: dir)
        #expect(h.decode(path: empty.path, target: .thumbnail(shortSide: 64)).result.failure == .emptyFile)
        let cut = TestImages.write(Array(HostileFiles.bytes(try #require(HostileFiles.bundled("png").first)).prefix(80)), "cut.png", in: dir)
        #expect(h.decode(path: cut.path, target: .thumbnail(shortSide: 64)).result.failure == .truncated("the PNG ends before its last chunk (IEND)"))
        let missing = dir.appendingPathComponent("no such photo.jpg")
        #expect(h.decode(path: missing.path, target: .thumbnail(shortSide: 64)).result.failure == .unreadable("no such file"))
        #expect(h.starts == 1)
    }

    @Test("the wire format carries every request and reply unchanged")
    func wireRoundTrip() {
        let requests = [DecoderHelperMessage.Request(path: "/a/b é\n\u{1}.jpg", target: .thumbnail(shortSide: 256)),
                        .init(path: "", target: .screen(width: 2560, height: 1600))]
        for r in requests {
            let framed = DecoderHelperMessage.encode(r)
            #expect(DecoderHelperMessage.length(Array(framed.prefix(4))) == framed.count - 4)
            #expect(DecoderHelperMessage.request(Array(framed.dropFirst(4))) == r)
        }
        let replies: [DecoderHelperMessage.Reply] = [
            .image(width: 3, height: 4, fullWidth: 4000, fullHeight: 3000, fromSharedCache: true, seconds: 0.25, hasTransparency: false),
            .image(width: 1, height: 1, fullWidth: 1, fullHeight: 1, fromSharedCache: false, seconds: 0, hasTransparency: true),
            .problem(.tooManyPixels(width: 1 << 32 - 1, height: 7, limit: 100, beforeDecoding: true), seconds: 0),
            .problem(.corrupt("JPEG: bad"), seconds: 1.5), .problem(.emptyFile, seconds: 0), .problem(.decoderStopped("x"), seconds: 0),
            .partialImage(width: 160, height: 120, fullWidth: 4000, fullHeight: 3000, seconds: 0.5, hasTransparency: true,
                          detail: "the JPEG data ends early (é)"),
        ]
        for r in replies {
            #expect(DecoderHelperMessage.reply(Array(DecoderHelperMessage.encode(r).dropFirst(4))) == r)
        }
    }
}

extension Result {
    /// The error, or nil on success.
    var failure: Failure? {
        if case let .failure(e) = self { return e }
        return nil
    }
}
