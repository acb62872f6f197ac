import Foundation
import Geometry
import Gestures
import TestSupport
import Testing
@testable import DecoderSandbox
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering
import Events

/// Header reading in the decoder helpers (issue 19): the same outcome as the in-app parsers for
/// good, damaged and hostile files, in batches, and a helper that hangs or dies costs its file alone.
@Suite("Headers read in decoder helper processes", .serialized)
struct HeaderHelperTests {
    static func helper(timeLimitSeconds: Double = 20) throws -> DecoderHelper {
        let settings = try #require(HelperBinary.settings(timeLimitSeconds: timeLimitSeconds), "photozoom is not built beside the tests")
        var options = DecoderHelperService.Options()
        options.maxTextureSide = 1
        // As the app starts them (issue 33): no read root, each file handed as a descriptor.
        options.readRoots = []
        return DecoderHelper(settings: settings, options: options)
    }

    @Test("bundled, damaged and hostile files: the helper's outcome is the in-app parser's, 300 files in 3 batches, one helper")
    func sameOutcomes() throws {
        let dir = TestImages.folder()
        var rng = SplitMix64(seed: 19)
        var paths: [String] = []
        for (ext, bytes) in FuzzHarnessTests.seedFiles() {
            for (i, damaged) in FuzzHarnessTests.damaged(bytes, count: 14, rng: &rng).enumerated() {
                paths.append(TestImages.write(damaged, "d\(i).\(ext)", in: dir).path)
            }
            paths.append(TestImages.write(bytes, "seed.\(ext)", in: dir).path)
        }
        // Headers the issue named: 0xFFFFFFFF² PNG, QOI, TIFF; an empty file; a folder named x.jpg.
        paths.append(TestImages.write(HostileFiles.png(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), "huge.png", in: dir).path)
        paths.append(TestImages.write(HostileFiles.qoi(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), "huge.qoi", in: dir).path)
        paths.append(TestImages.write(HostileFiles.tiff(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), "huge.tiff", in: dir).path)
        paths.append(TestImages.write([], "empty.jpg", in: dir).path)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("x.jpg"), withIntermediateDirectories: true)
        paths.append(dir.appendingPathComponent("x.jpg").path)
        paths += HostileFiles.bundled("jpg").map(\.path)
        while paths.count < 300 { paths.append(paths[paths.count % 40]) }
        try #require(paths.count == 300)

        let h = try Self.helper()
        let remote = h.readHeaders(paths)
        let local = paths.map { HeaderMessage.Outcome(PhotoCatalog.entry(for: URL(fileURLWithPath: $0), pixelLimit: PhotoCatalog.defaultPixelLimit)) }
        #expect(remote.count == 300)
        for (i, path) in paths.enumerated() where remote[i] != local[i] {
            Issue.record("\((path as NSString).lastPathComponent): helper \(remote[i]), in app \(local[i])")
        }
        // Every kind of outcome was exercised.
        #expect(remote.contains { if case .header = $0 { true } else { false } })
        #expect(remote.contains { if case .problem(.tooManyPixels) = $0 { true } else { false } })
        #expect(remote.contains { if case .problem(.emptyFile) = $0 { true } else { false } })
        #expect(h.starts == 1)
    }

    @Test("a helper that never replies: each file is tried once more in a new helper (issue 43), gets one problem after the time limit there, then a new helper takes the next")
    func hungHelper() throws {
        let dir = TestImages.folder()
        let settings = HelperBinary.hung(in: dir, timeLimitSeconds: 0.3)
        var options = DecoderHelperService.Options()
        options.maxTextureSide = 1
        let h = DecoderHelper(settings: settings, options: options)
        let files = ["a.jpg", "b.jpg"].map { TestImages.write(TestImages.jpeg(width: 8, height: 8, colour: TestImages.noise), $0, in: dir).path }
        let outcomes = h.readHeaders(files)
        #expect(outcomes == Array(repeating: .problem(.decoderStopped("it took longer than 0.3 s and was stopped")), count: 2))
        #expect(h.starts == 4)  // two files × (the first helper, the one it was tried again in)
    }

    @Test("a header helper that dies through no fault of the file is replaced and the file read again: both headers arrive (issue 33)")
    func diedMidBatch() throws {
        let dir = TestImages.folder()
        let settings = try #require(HelperBinary.diesOnce(in: dir))
        var options = DecoderHelperService.Options()
        options.maxTextureSide = 1
        let h = DecoderHelper(settings: settings, options: options)
        let files = [(40, 30), (41, 31)].map { TestImages.write(TestImages.jpeg(width: $0.0, height: $0.1, colour: TestImages.noise),
                                                              "\($0.0).jpg", in: dir).path }
        let outcomes = h.readHeaders(files)
        let sizes = outcomes.map { outcome -> [Int] in
            if case let .header(header) = outcome { return [header.storedWidth, header.storedHeight] }
            return []
        }
        #expect(sizes == [[40, 30], [41, 31]], "\(outcomes)")
        #expect(h.starts == 2)
    }

    @Test("a pipeline whose headers are read late reads them in a helper: sizes arrive, a hostile one is warned about once")
    func lateHeadersInHelper() throws {
        let settings = try #require(HelperBinary.settings())
        let dir = TestImages.folder()
        TestImages.write(HostileFiles.png(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), "a-huge.png", in: dir)
        for i in 0..<3 { TestImages.write(TestImages.jpeg(width: 40 + i, height: 30, colour: TestImages.noise), "p\(i).jpg", in: dir) }
        let log = WarningLog()
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), headerBudgetSeconds: 0, isolation: .inProcess, warn: log.append)
        #expect(catalog.unknownCount == 4)
        let pipeline = PhotoPipeline(catalog: catalog, limits: .oneDecoder(helpers: settings), warn: log.append)
        let canvas = SoftwareCanvas(width: 64, height: 64)
        var events: [InputEvent] = []
        let demand = SceneDemand(visibleCells: [0, 1, 2, 3], cellPixels: 16, largePhotos: [], windowPixels: (64, 64))
        #expect(pipeline.pump(demand, renderer: canvas.renderer) {
            events += pipeline.takePhotoSizeEvents(at: 1)
            return pipeline.isIdle && (1...3).allSatisfy(pipeline.hasThumbnail)
        })
        #expect(Set(events) == Set((0..<3).map { InputEvent(time: 1, kind: .photoSize(index: $0 + 1, size: Size(Double(40 + $0), 30))) }))
        #expect(pipeline.isBroken(0))
        #expect(log.lines.count == 1 && log.lines[0].contains("a-huge.png") && log.lines[0].contains("refused before decoding"), "\(log.lines)")
        // The placeholder says it too: the reason is the warning's, without the path.
        let reason = try #require(pipeline.brokenReason(0))
        #expect(log.lines[0].contains(reason) && reason.contains("refused before decoding") && !reason.contains("a-huge.png"), "\(reason)")
        #expect(pipeline.brokenReason(1) == nil)
        withExtendedLifetime(canvas) {}
    }

    // MARK: - One policy, helpers by default

    @Test("the engine decodes and reads headers in helpers unless told otherwise: the pipeline's and the catalog's default is the photozoom beside this program")
    func helpersByDefault() throws {
        let built = try #require(HelperBinary.path, "photozoom is not built beside the tests")
        guard case let .helperProcesses(settings) = PhotoPipeline.Limits().isolation else {
            Issue.record("PhotoPipeline.Limits() decodes in process")
            return
        }
        #expect(URL(fileURLWithPath: settings.executable).resolvingSymlinksInPath().path == URL(fileURLWithPath: built).resolvingSymlinksInPath().path)
        guard case .helperProcesses = DecoderIsolation.processDefault else {
            Issue.record("the process default is in process")
            return
        }
    }

    @Test("start-up reads headers where later headers are read: a catalog with helpers asks them (a helper that never replies costs each file its header), in process it reads them itself")
    func catalogReadsHeadersInItsHelper() throws {
        let dir = TestImages.folder()
        let files = (0..<3).map { TestImages.write(TestImages.jpeg(width: 40 + $0, height: 30, colour: TestImages.noise), "p\($0).jpg", in: dir) }
        let inProcess = PhotoCatalog(files: files, isolation: .inProcess, warn: { Issue.record("warning \($0)") })
        #expect(inProcess.photos.map(\.pixelSize) == [Size(40, 30), Size(41, 30), Size(42, 30)])
        // A stand-in helper that never replies: each header is the helper's problem, not read here.
        let log = WarningLog()
        let hung = PhotoCatalog(files: files, isolation: .helperProcesses(HelperBinary.hung(in: dir, timeLimitSeconds: 0.5)), warn: log.append)
        let broken = hung.entries.filter(\.isBroken).count
        #expect(broken == 3)
        #expect(log.lines.count == 3)
        // The real helper, the default: the same headers as in process.
        let settings = try #require(HelperBinary.settings(), "photozoom is not built beside the tests")
        let helped = PhotoCatalog(files: files, isolation: .helperProcesses(settings), warn: { Issue.record("warning \($0)") })
        #expect(helped.photos == inProcess.photos)
        let byDefault = PhotoCatalog(files: files, warn: { Issue.record("warning \($0)") })
        #expect(byDefault.photos == inProcess.photos)
    }

    @Test("a start-up budget with helpers reads the first batch (waiting up to 1 s for the helper's start) and what else fits, and leaves the rest unread for the pipeline's scanner")
    func catalogBudgetWithHelpers() throws {
        let settings = try #require(HelperBinary.settings(), "photozoom is not built beside the tests")
        let dir = TestImages.folder()
        let files = (0..<4).map { TestImages.write(TestImages.jpeg(width: 40, height: 30, colour: TestImages.noise), "p\($0).jpg", in: dir) }
        let none = PhotoCatalog(files: files, headerBudgetSeconds: 0, isolation: .helperProcesses(settings), warn: { Issue.record("warning \($0)") })
        #expect(none.unknownCount == 4)
        let all = PhotoCatalog(files: files, headerBudgetSeconds: 60, isolation: .helperProcesses(settings), warn: { Issue.record("warning \($0)") })
        #expect(all.unknownCount == 0)
        // A budget shorter than the helper's start (1 ms): the first batch is read all the same.
        let first = PhotoCatalog(files: files, headerBudgetSeconds: 0.001, isolation: .helperProcesses(settings), warn: { Issue.record("warning \($0)") })
        #expect(first.unknownCount == 0)
        // A helper still silent when its start's allowance ends (one that never replies, with a
        // 20 s time limit): the catalog stops waiting and leaves the files unread for the scanner,
        // not broken.
        let silent = HelperBinary.hung(in: dir, timeLimitSeconds: 20)
        let late = PhotoCatalog(files: files, headerBudgetSeconds: 0.2, isolation: .helperProcesses(silent), warn: { Issue.record("warning \($0)") })
        #expect(late.unknownCount == 4)
    }
}
