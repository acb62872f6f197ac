import Foundation
import Testing

/// The "Use the engine" example (docs/engine.md, linked from the README) is a real program: built
/// by the package, run here, and kept identical to the page's block.
@Suite("The engine example: docs/engine.md's code compiles, runs and says what the page says")
struct EngineExampleTests {
    static let source = PhotoZoomProcess.packageRoot.appendingPathComponent("Examples/UseTheEngine/main.swift")
    static let readme = PhotoZoomProcess.packageRoot.appendingPathComponent("docs/engine.md")

    /// The first ```swift block after the "# Use the engine" heading.
    static func readmeBlock() throws -> String {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "# Use the engine\n"))
        let open = try #require(text.range(of: "```swift\n", range: section.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "\n```\n", range: open.upperBound..<text.endIndex))
        return String(text[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test("docs/engine.md's block is Examples/UseTheEngine/main.swift, character for character")
    func readmeMatchesSource() throws {
        let code = try String(contentsOf: Self.source, encoding: .utf8)
        #expect(try Self.readmeBlock() == code)
        // About twenty lines of code (comments, blank lines and imports aside); the engine and the
        // two value modules it names (Drawing's `Photo`, Geometry's `Size`), nothing else.
        let lines = code.split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.isEmpty && !$0.hasPrefix("import ") }
        #expect(lines.count <= 22)
        #expect(code.split(separator: "\n").filter { $0.hasPrefix("import ") } == ["import Viewing", "import Drawing", "import Geometry"])
    }

    @Test("the example opens the photo to its fit and a quick drag down closes it")
    func runs() async throws {
        let result = try await PhotoZoomProcess.run([], program: "use-the-engine", timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(result.stdout)")
        // 1500 × 1000 fitted into 1280 × 800: the height limits, 800 / 1000 = 0.8 → 1200 × 800.
        #expect(lines[0] == "presented 1200.0×800.0")
        // 198 pt down in 0.1 s is 1980 pt/s; projected far past the 150 pt drag radius: it closes
        // and one second of frames brings it home to the grid.
        #expect(lines[1].hasPrefix("grid "))
        #expect(lines[1].hasSuffix(" notes"))
    }
}
