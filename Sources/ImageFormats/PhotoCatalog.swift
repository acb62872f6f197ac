import CSDL2
import Dispatch
import Foundation
import Geometry
import Viewer

/// The photo set the viewer is given: each file's name, format, stored size and EXIF orientation,
/// read from the file headers without decoding pixels.
///
/// Start-up reads headers only within a time budget (`startupHeaderBudgetSeconds`), a measured
/// decision: 10,000 JPEG headers take 0.14 s from the page cache but 0.9 s after the cache is
/// dropped (`scripts/bench pipeline`), and a spinning or network disk is slower still, so reading
/// them all first would break "first frame in well under a second". What the budget leaves unread
/// stays `.zero` (laid out as a square) and `PhotoPipeline` reads it on a thread, screen first,
/// handing each size to the viewer as a `photoSize` event, which the trace records.
///
/// A file that cannot be shown (empty, unreadable, not an image, corrupt header, above the pixel
/// limit) gets one warning line when its header is read and a zero size; the pipeline draws it as
/// a broken placeholder. Content without a parser here (PCX, LBM, …) is sized when it is decoded,
/// in a decoder helper; such files are rare in photo folders.
public struct PhotoCatalog: Sendable {
    /// How long start-up spends reading headers before leaving the rest to the pipeline: 50 ms
    /// reads about 3,500 headers from the page cache, 500 from a cold SSD — always the first screens.
    public static let startupHeaderBudgetSeconds = 0.05

    /// Decoding refuses images with more pixels than this (100 MP: a 400 MB decode). Camera photos
    /// are 12–60 MP; a larger header is a decompression bomb or damage.
    public static let defaultPixelLimit = 100_000_000

    /// One file of the set.
    public struct Entry: Sendable {
        public var url: URL
        /// The photo's name for the viewer and traces: its path relative to the folder opened
        /// (`a/x.jpg` under `-r`), else the file's own name.
        public var name: String
        /// The header when the file can be shown.
        var header: ImageHeader?
        /// Why the file cannot be shown (already warned about).
        var problem: ImageProblem?
        /// True when the header was read but is in no format parsed here (PCX, LBM, …, or not an
        /// image at all): the size comes from decoding it, in a decoder helper.
        var sizedByDecode = false

        /// True when the file cannot be shown.
        public var isBroken: Bool { problem != nil }
        /// True once the header was read (or found unreadable, or left to the decode).
        public var isKnown: Bool { header != nil || problem != nil || sizedByDecode }
        /// True when the viewer has the photo's size or will never have one (broken).
        var hasSize: Bool { header != nil || problem != nil }
    }

    public let entries: [Entry]
    public let pixelLimit: Int

    /// Reads the headers of `folder`'s files (all of them, or those that fit `headerBudgetSeconds`);
    /// one warning line per file read that cannot be shown.
    public init(folder: PhotoFolder, pixelLimit: Int = defaultPixelLimit, headerBudgetSeconds: Double? = nil,
                isolation: DecoderIsolation = .processDefault, warn: (String) -> Void) {
        self.init(files: folder.files, names: folder.names, pixelLimit: pixelLimit, headerBudgetSeconds: headerBudgetSeconds,
                  isolation: isolation, warn: warn)
    }

    /// Reads the headers of `files` (in this order): all of them, or, with a budget, those read
    /// before it runs out (the first ones in grid order). `names` are the photos' names
    /// (`PhotoSelection.names`); without them each file is named by its last component.
    ///
    /// Headers are read where the pipeline reads the rest (one policy, `isolation`): in a decoder
    /// helper of the catalog's own, sandboxed like the decoders', in batches of
    /// `DecoderHelper.headerBatch`; or, with `.inProcess`, on up to `threads` threads here.
    public init(files: [URL], names: [String]? = nil, pixelLimit: Int = defaultPixelLimit, headerBudgetSeconds: Double? = nil,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount, isolation: DecoderIsolation = .processDefault,
                warn: (String) -> Void) {
        self.pixelLimit = pixelLimit
        let names = names?.count == files.count ? names! : files.map(\.lastPathComponent)
        var results = zip(files, names).map { Entry(url: $0, name: $1) }
        let started = DispatchTime.now().uptimeNanoseconds
        let deadline = headerBudgetSeconds.map { started + UInt64(max(0, $0) * 1e9) } ?? .max
        switch isolation {
        case let .helperProcesses(settings):
            // The first batch (the first screens) may wait for the helper's start, which alone
            // takes longer than the budget; up to `helperStartAllowanceSeconds`.
            let firstDeadline = headerBudgetSeconds.map { $0 <= 0 ? deadline : max(deadline, started + UInt64(Self.helperStartAllowanceSeconds * 1e9)) } ?? .max
            Self.readHeaders(into: &results, settings: settings, pixelLimit: pixelLimit, firstDeadline: firstDeadline, deadline: deadline)
        case .inProcess:
            let workers = max(1, min(threads, files.count / 64 + 1))
            results.withUnsafeMutableBufferPointer { out in
                nonisolated(unsafe) let out = out
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    var i = worker
                    while i < files.count && DispatchTime.now().uptimeNanoseconds < deadline {
                        out[i] = Self.entry(for: files[i], name: names[i], pixelLimit: pixelLimit)
                        i += workers
                    }
                }
            }
        }
        for entry in results {
            if let problem = entry.problem { warn(problem.warning(path: entry.url.path)) }
        }
        entries = results
    }

    /// How long the start-up catalog waits at most for its helper's first batch (the first
    /// screens' sizes): a helper starts in 60–160 ms (release, docs/pipeline.md), longer than the
    /// 50 ms budget; one that hangs costs the first frame no more than this.
    static let helperStartAllowanceSeconds = 1.0

    /// Reads `entries`' headers in one decoder helper, a batch at a time: the first until
    /// `firstDeadline`, later ones until `deadline` (uptime nanoseconds); the helper is stopped
    /// after the last batch. A batch cut short by its deadline keeps only its headers: a problem
    /// met then may be the deadline's, so that file is left to the pipeline's scanner.
    private static func readHeaders(into entries: inout [Entry], settings: DecoderHelperSettings, pixelLimit: Int,
                                    firstDeadline: UInt64, deadline: UInt64) {
        var current = firstDeadline
        func late() -> Bool { DispatchTime.now().uptimeNanoseconds >= current }
        guard !entries.isEmpty, !late() else { return }
        let paths = entries.map(\.url.path)
        let helper = DecoderHelper.headerReader(settings: settings, pixelLimit: pixelLimit)
        defer { helper.stop() }
        var start = 0
        while start < entries.count && !late() {
            let batch = start..<min(entries.count, start + DecoderHelper.headerBatch)
            let outcomes = helper.readHeaders(Array(paths[batch]), shouldGiveUp: late)
            let cut = outcomes.count < batch.count || late()
            current = deadline
            for (i, outcome) in zip(batch, outcomes) {
                if cut, case .problem = outcome { break }
                entries[i] = outcome.entry(for: entries[i].url, name: entries[i].name)
            }
            start = batch.upperBound
        }
    }

    /// Files whose header is not read yet.
    public var unknownCount: Int { entries.reduce(0) { $0 + ($1.isKnown ? 0 : 1) } }

    /// The photos in grid order: names and upright pixel sizes (`.zero` for files that cannot be shown).
    public var photos: [Photo] {
        entries.map { entry in
            let size = entry.header.map { Size(Double($0.uprightSize.width), Double($0.uprightSize.height)) } ?? .zero
            return Photo(name: entry.name, pixelSize: size)
        }
    }

    /// The entry for one file: its header, or the problem that keeps it from being shown.
    static func entry(for url: URL, name: String? = nil, pixelLimit: Int,
                      open: (String) throws(ImageProblem) -> PhotoFile = PhotoFile.init(path:)) -> Entry {
        let name = name ?? url.lastPathComponent
        do throws(ImageProblem) {
            guard let header = try readHeader(url, open: open) else { return Entry(url: url, name: name, sizedByDecode: true) }
            try header.checkPixels(limit: pixelLimit)
            return Entry(url: url, name: name, header: header)
        } catch {
            return Entry(url: url, name: name, problem: error)
        }
    }

    /// The header from the file's bytes; nil for content in no format parsed here, which only a
    /// decode can size (never in this process: a damaged file of a rare format is where image
    /// libraries crash).
    static func readHeader(_ url: URL, open: (String) throws(ImageProblem) -> PhotoFile = PhotoFile.init(path:)) throws(ImageProblem) -> ImageHeader? {
        let file = try open(url.path)
        return try ImageHeader.read(file, fileExtension: url.pathExtension.lowercased())
    }
}
