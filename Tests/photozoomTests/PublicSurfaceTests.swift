import Foundation
import Testing

/// docs/public-surface.md lists every `public` declaration of every module in Sources, by module
/// and file: what a program outside the package may call. It is generated from the sources by
/// `publicSurface(of:)`; this test fails when the page is not what the sources say now.
/// To rewrite the page: `PHOTOZOOM_WRITE_PUBLIC_SURFACE=1 swift test --skip-build --filter PublicSurfaceTests`.
@Suite struct PublicSurfaceTests {
    static let page = "docs/public-surface.md"

    /// One line per `public` declaration (its first line, up to its body or initial value), under
    /// a heading per module and the file's name; modules and files in name order.
    static func publicSurface(of root: URL) throws -> String {
        let sources = root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        var out = """
            # Public surface

            Generated from Sources by `Tests/photozoomTests/PublicSurfaceTests.swift`, which fails when this
            page differs from the sources (rewrite it with `PHOTOZOOM_WRITE_PUBLIC_SURFACE=1 swift test
            --skip-build --filter PublicSurfaceTests`). What a program outside the package may use; what
            only PhotoZoom's own modules share is `package` and is not listed. ARCHITECTURE.md says what
            each module is for.

            The rule (issue 31): a declaration is `public` when a program outside the package uses it —
            the engine example (`Examples/UseTheEngine`), the benchmarks (`Benchmarks/`, a package of
            their own) and the symbols the DocC articles and docs/engine.md name — or when the compiler
            needs it so: a type in a public signature, an instance property of a public type (a value
            handed out stays readable), an operator or protocol witness of a public type, a default
            argument value, an `@inlinable` body. Everything else is `package`, the app
            (`Sources/photozoom`) and its modules App and PhotoActions included: they are inside the
            package. It holds in every module, the viewer's (Viewing, DrawnBounds, Continuity) and the
            pipeline's (PhotoLoading, Cataloguing, DecodeScheduling, TextureCaching) included.

            """
        for module in modules {
            let dir = sources.appendingPathComponent(module)
            guard let walk = FileManager.default.enumerator(atPath: dir.path) else { continue }
            let paths = walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            var section: [String] = []
            for path in paths {
                let text = try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
                let lines = declarations(in: text)
                guard !lines.isEmpty else { continue }
                section.append("\n### \(path)\n")
                section += lines.map { "- `\($0)`" }
            }
            guard !section.isEmpty else { continue }
            out += "\n## \(module)\n" + section.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// The `public` declarations of one source, each cut at its body's brace or its initial value.
    static func declarations(in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { raw -> String? in
            var line = raw.trimmingCharacters(in: .whitespaces)
            while line.hasPrefix("@"), let space = line.firstIndex(of: " ") {  // attributes
                line = String(line[line.index(after: space)...])
            }
            guard line.hasPrefix("public ") else { return nil }
            if let brace = line.range(of: " {") { line = String(line[..<brace.lowerBound]) }
            if let value = line.range(of: " = ") { line = String(line[..<value.lowerBound]) }
            return line.replacingOccurrences(of: "`", with: "'")
        }
    }

    @Test("a public declaration is listed under its module and file, cut at its body; package and internal ones are not")
    func generatorListsPublicOnly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-surface-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("Sources/Planted/Deep")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try """
            public struct Shown {
                @discardableResult public func call(x: Int) -> Int { x }
                public static let limit = 3
                package func shared() {}
                func hidden() {}
            }
            """.write(to: deep.appendingPathComponent("Shown.swift"), atomically: false, encoding: .utf8)
        let page = try Self.publicSurface(of: root)
        #expect(page.hasSuffix("""

            ## Planted

            ### Deep/Shown.swift

            - `public struct Shown`
            - `public func call(x: Int) -> Int`
            - `public static let limit`

            """))
        #expect(!page.contains("shared") && !page.contains("hidden"))
    }

    @Test("docs/public-surface.md is the sources' public surface now")
    func pageIsCurrent() throws {
        let root = PhotoZoomProcess.packageRoot
        let generated = try Self.publicSurface(of: root)
        let url = root.appendingPathComponent(Self.page)
        if ProcessInfo.processInfo.environment["PHOTOZOOM_WRITE_PUBLIC_SURFACE"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let page = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let declarations = generated.split(separator: "\n").filter { $0.hasPrefix("- `public ") }.count
        // Not zero: the generator found the engine's API (Viewer, Feel, Geometry, Motion, Trace…).
        #expect(declarations > 500, "expected the package's public declarations (\(declarations) found)")
        #expect(page == generated, "\(Self.page) is not current: rewrite it (PHOTOZOOM_WRITE_PUBLIC_SURFACE=1, see the suite's comment)")
    }
}
