import Foundation
import Testing

/// A module a newcomer can hold in mind: no module of Sources holds more than `limit` lines of
/// Swift (issue 31), folders within the module's folder included. No module is over it: an
/// exception named in `over` shows, and the test fails once the module is back under the limit.
@Suite struct ModuleSizeTests {
    static let limit = 3_500
    static let over: Set<String> = []

    /// Lines of Swift per module folder of `root`'s Sources.
    static func lines(under root: URL) throws -> [String: Int] {
        let sources = root.appendingPathComponent("Sources")
        var counts: [String: Int] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let dir = sources.appendingPathComponent(module)
            guard let walk = FileManager.default.enumerator(atPath: dir.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
                counts[module, default: 0] += text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            }
        }
        return counts
    }

    @Test("lines are counted in folders within a module's folder")
    func countsSubfolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-size-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("Sources/Planted/Deep")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try String(repeating: "let a = 1\n", count: 3).write(to: root.appendingPathComponent("Sources/Planted/A.swift"), atomically: false, encoding: .utf8)
        try String(repeating: "let b = 2\n", count: 4).write(to: deep.appendingPathComponent("B.swift"), atomically: false, encoding: .utf8)
        #expect(try Self.lines(under: root) == ["Planted": 3 + 4])
    }

    @Test("no module of Sources holds more than 3,500 lines, except those named as over it, which still are")
    func modulesWithinLimit() throws {
        let counts = try Self.lines(under: CommandRunner.packageRoot)
        #expect(counts.count >= 20, "expected the package's modules (\(counts.keys.sorted()))")
        let tooLarge = counts.filter { $0.value > Self.limit && !Self.over.contains($0.key) }.sorted { $0.key < $1.key }
        #expect(tooLarge.isEmpty, "over \(Self.limit) lines: \(tooLarge.map { "\($0.key) \($0.value)" })")
        // An exception that no longer holds is removed, so the list never hides a new one.
        for module in Self.over { #expect((counts[module] ?? 0) > Self.limit, "\(module) is within the limit now: take it off `over`") }
    }
}
