import Foundation
import Testing

/// A folder a newcomer can hold in mind (issue 39): no folder under Sources holds more than
/// `limit` Swift files of its own; a module that grows gets folders by concept (the viewer's
/// `Mode/`, `Drivers/`, `Input/`, …), not a second module cut off to pass a count.
@Suite("No folder under Sources is flat over 15 Swift files")
struct FolderSizeTests {
    static let limit = 15

    /// The Swift files directly in each folder under `root`'s Sources (relative paths), folders
    /// holding none left out.
    static func flatCounts(under root: URL) throws -> [String: Int] {
        let sources = root.appendingPathComponent("Sources")
        var counts: [String: Int] = [:]
        guard let walk = FileManager.default.enumerator(atPath: sources.path) else { return counts }
        for case let path as String in walk where path.hasSuffix(".swift") {
            let folder = (path as NSString).deletingLastPathComponent
            counts[folder, default: 0] += 1
        }
        return counts
    }

    @Test("files are counted in the folder that holds them, not in the folders above it")
    func countsEachFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-folders-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("Sources/Planted/Deep")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        for i in 0..<3 { try "let a\(i) = 1\n".write(to: root.appendingPathComponent("Sources/Planted/A\(i).swift"), atomically: false, encoding: .utf8) }
        for i in 0..<16 { try "let b\(i) = 2\n".write(to: deep.appendingPathComponent("B\(i).swift"), atomically: false, encoding: .utf8) }
        try "# notes\n".write(to: deep.appendingPathComponent("README.md"), atomically: false, encoding: .utf8)
        let counts = try Self.flatCounts(under: root)
        #expect(counts == ["Planted": 3, "Planted/Deep": 16])
        // The planted folder is over the limit: the rule sees it.
        #expect(counts.filter { $0.value > Self.limit }.keys.sorted() == ["Planted/Deep"])
    }

    @Test("no folder under Sources holds more than 15 Swift files of its own")
    func foldersWithinLimit() throws {
        let counts = try Self.flatCounts(under: PhotoZoomProcess.packageRoot)
        #expect(counts.count >= 30, "expected the package's folders (\(counts.keys.sorted()))")
        let flat = counts.filter { $0.value > Self.limit }.sorted { $0.key < $1.key }
        #expect(flat.isEmpty, "over \(Self.limit) Swift files in one folder: \(flat.map { "Sources/\($0.key) \($0.value)" })")
    }
}
