import Dispatch
import Foundation
import DecoderSandbox
import ImageFormats
import PhotoFiles

/// Reading a `PhotoCatalog`'s headers where the pipeline reads the rest: in a decoder helper, or,
/// asked for by name, in this process.
extension PhotoCatalog {
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
        self.init(entries: results, pixelLimit: pixelLimit)
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
}
