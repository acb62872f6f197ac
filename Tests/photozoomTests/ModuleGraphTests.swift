import Foundation
import Testing

/// The package graph says what the code does (issue 39): each target declares exactly the
/// modules its files import, no file imports a module twice or its own module, and
/// docs/modules.md, the picture of the graph, is generated from Package.swift.
@Suite("The module graph: declared dependencies are the imports, and docs/modules.md is Package.swift's")
struct ModuleGraphTests {
    /// One target of Package.swift as its text says it.
    struct Target: Equatable {
        var name: String
        var kind: String
        var path: String?
        var dependencies: [String]
    }

    /// The targets of a Package.swift text: `.target(name: "X", dependencies: [...], path: "...")`
    /// and the other kinds; a product dependency counts by its product's name.
    static func targets(inManifest text: String) -> [Target] {
        var out: [Target] = []
        let kinds = ["target", "testTarget", "executableTarget", "systemLibrary"]
        var rest = text[...]
        while let open = rest.range(of: #"\.(target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*""#, options: .regularExpression) {
            let head = rest[open]
            let kind = kinds.first { head.hasPrefix(".\($0)(") } ?? "target"
            let afterName = rest[open.upperBound...]
            guard let quote = afterName.firstIndex(of: "\"") else { break }
            let name = String(afterName[..<quote])
            // The call's text: up to its matching parenthesis.
            var depth = 1, i = rest.index(before: open.upperBound)
            i = rest[..<i].lastIndex(of: "(") ?? i
            i = rest.index(after: i)
            let start = i
            while i < rest.endIndex && depth > 0 {
                if rest[i] == "(" || rest[i] == "[" { depth += 1 }
                if rest[i] == ")" || rest[i] == "]" { depth -= 1 }
                i = rest.index(after: i)
            }
            let call = rest[start..<i]
            var dependencies: [String] = []
            if let deps = call.range(of: "dependencies:") {
                var j = call[deps.upperBound...].firstIndex(of: "[")!
                var level = 0
                let listStart = j
                repeat {
                    if call[j] == "[" { level += 1 }
                    if call[j] == "]" { level -= 1 }
                    j = call.index(after: j)
                } while level > 0 && j < call.endIndex
                let list = call[listStart..<j]
                for match in list.matches(of: /\.product\(name:\s*"([^"]+)"[^)]*\)|"([^"]+)"/) {
                    if let product = match.output.1 { dependencies.append(String(product)) } else if let target = match.output.2 {
                        // `package: "swift-numerics"` follows a product's name inside its parentheses.
                        dependencies.append(String(target))
                    }
                }
            }
            let path = call.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.output.1) }
            out.append(Target(name: name, kind: kind, path: path, dependencies: dependencies))
            rest = rest[i...]
        }
        return out
    }

    /// The modules each Swift file under `folder` imports, by file (relative path), in order;
    /// comments are not code.
    static func imports(under folder: URL) throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return out }
        let line = /^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|func|var|let|protocol|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)/
        for case let path as String in walk where path.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            var modules: [String] = []
            for l in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if let m = l.firstMatch(of: line) { modules.append(String(m.output.1)) }
            }
            out[path] = modules
        }
        return out
    }

    /// Everything wrong with a package at `root` with this manifest text, one line each.
    /// Executables a test target depends on are built for it to run, not imported.
    static func problems(root: URL, manifest: String) throws -> [String] {
        let targets = Self.targets(inManifest: manifest)
        let known = Set(targets.map(\.name)).union(["ArgumentParser", "RealModule"])
        let executables = Set(targets.filter { $0.kind == "executableTarget" }.map(\.name))
        var problems: [String] = []
        for target in targets {
            let folder = root.appendingPathComponent(target.path ?? ((target.kind == "testTarget" ? "Tests/" : "Sources/") + target.name))
            let files = try imports(under: folder)
            guard !files.isEmpty else { continue }  // C or a system library: its includes are not Swift's imports
            var used: Set<String> = []
            for (file, modules) in files.sorted(by: { $0.key < $1.key }) {
                var seen: Set<String> = []
                if (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))?
                    .split(separator: "\n").contains(where: { $0.hasPrefix("@_exported import") }) == true {
                    problems.append("\(target.name)/\(file) re-exports a module (@_exported): a file imports what it uses")
                }
                for module in modules {
                    if !seen.insert(module).inserted { problems.append("\(target.name)/\(file) imports \(module) twice") }
                    if module == target.name { problems.append("\(target.name)/\(file) imports its own module") }
                }
                used.formUnion(seen.filter { known.contains($0) && $0 != target.name })
            }
            let declared = Set(target.dependencies)
            for missing in used.subtracting(declared).sorted() {
                problems.append("\(target.name) imports \(missing) but does not declare it")
            }
            let builtOnly = target.kind == "testTarget" ? executables : []
            for unused in declared.subtracting(used).subtracting(builtOnly).sorted() {
                problems.append("\(target.name) declares \(unused) but no file imports it")
            }
        }
        return problems
    }

    static let root = PhotoZoomProcess.packageRoot

    @Test("every target declares exactly what its files import; no file imports a module twice or its own")
    func declaredIsImported() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(inManifest: manifest)
        #expect(targets.count >= 40, "the manifest's targets were not read: \(targets.map(\.name))")
        let problems = try Self.problems(root: Self.root, manifest: manifest)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
    }

    @Test("the check catches a missing, an unused and a doubled import, and a module importing itself")
    func catchesPlantedFaults() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-graph-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Sources/Low/Low.swift": "public struct Low {}\n",
            "Sources/High/High.swift": "import Low\nimport Side\nimport Low\n// import Nowhere (a comment)\n",
            "Sources/Side/Side.swift": "@testable import Side\n",
            "Sources/Low/Exports.swift": "@_exported import Side\n",
            "Tests/HighTests/T.swift": "@testable import High\nimport Foundation\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        let manifest = #"""
        targets: [
            .target(name: "Low", dependencies: ["Side"]),
            .target(name: "Side", dependencies: ["Low"]),
            .target(name: "High", dependencies: ["Low", .product(name: "RealModule", package: "swift-numerics")]),
            .executableTarget(name: "tool", dependencies: ["High"], path: "Tests/Tool"),
            .testTarget(name: "HighTests", dependencies: ["High", "tool"]),
        ]
        """#
        let problems = try Self.problems(root: root, manifest: manifest).sorted()
        #expect(problems == [
            "High declares RealModule but no file imports it",
            "High imports Side but does not declare it",
            "High/High.swift imports Low twice",
            "Low/Exports.swift re-exports a module (@_exported): a file imports what it uses",
            "Side declares Low but no file imports it",
            "Side/Side.swift imports its own module",
        ], "\(problems)")
    }

    /// The modules under the viewer: the values of the core and the desktop's leaves. None of them
    /// imports the viewer or anything built on it; the jump detector (`Continuity`) reads what is
    /// drawn (`DrawnBounds`), never the viewer.
    static let higher: Set<String> = ["Viewing", "LabUI", "Trace", "Player", "App", "PlayerWindow", "photozoom",
                                      "PhotoLoading", "DecodeScheduling", "TextureCaching", "Cataloguing", "PhotoActions", "Plotting", "FeelFiles"]
    static let leaves = ["Geometry", "JSON", "Events", "Motion", "Gestures", "FeelModel", "Drawing", "DrawnBounds", "Continuity",
                         "Diagnostics", "PhotoFiles", "ImageFormats", "Decoding", "DecoderSandbox", "Rendering", "LiveInput", "Window"]

    /// Each leaf's dependencies on a higher module, as "Leaf → Higher", transitively.
    static func backEdges(_ targets: [Target]) -> [String] {
        let deps = Dictionary(targets.map { ($0.name, $0.dependencies) }, uniquingKeysWith: { a, _ in a })
        var out: [String] = []
        for leaf in leaves {
            var seen: Set<String> = [], stack = deps[leaf] ?? []
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                if higher.contains(next) { out.append("\(leaf) → \(next)") }
                stack += deps[next] ?? []
            }
        }
        return out.sorted()
    }

    @Test("no leaf (the core's values, the jump detector, the files, formats, decoders, renderer, input and window) reaches the viewer or above")
    func noBackEdges() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(inManifest: manifest)
        #expect(Set(Self.leaves).isSubset(of: Set(targets.map(\.name))), "a leaf is not a target")
        #expect(Self.backEdges(targets).isEmpty, "\(Self.backEdges(targets))")
        // The check sees a planted edge, also through a module in between.
        let planted = manifest.replacingOccurrences(of: #".target(name: "DrawnBounds", dependencies: ["Geometry"])"#,
                                                    with: #".target(name: "DrawnBounds", dependencies: ["Geometry", "Continuity"])"#)
            .replacingOccurrences(of: #".target(name: "Continuity", dependencies: ["Geometry", "DrawnBounds"])"#,
                                  with: #".target(name: "Continuity", dependencies: ["Geometry", "Viewing"])"#)
        #expect(Self.backEdges(Self.targets(inManifest: planted)) == ["Continuity → Viewing", "DrawnBounds → Viewing"])
    }

    /// A module and a type of one name: Swift cannot tell `Viewer.x` the module's from the type's,
    /// and a reader cannot either (issue 39). Names are compared as a reader hears them: case aside,
    /// and British and American spellings alike (`PhotoCatalogue` is `PhotoCatalog`).
    static func heard(_ name: String) -> String {
        var out = name.lowercased()
        for (british, american) in [("catalogue", "catalog"), ("colour", "color"), ("centre", "center")] {
            out = out.replacingOccurrences(of: british, with: american)
        }
        return out
    }

    /// The module names that sound like a type declared in the package's sources (as "Module: Type").
    static func namedLikeTypes(modules: [String], sources: [String]) -> [String] {
        let declaration = /(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/
        var types: [String: String] = [:]
        for text in sources {
            for match in text.matches(of: declaration) { types[heard(String(match.output.1))] = String(match.output.1) }
        }
        return modules.compactMap { module in types[heard(module)].map { "\(module): \($0)" } }.sorted()
    }

    @Test("no module is named like a type (Swift could not tell them apart, nor could a reader)")
    func modulesAreNotTypes() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let modules = Self.targets(inManifest: manifest).filter { $0.kind == "target" || $0.kind == "executableTarget" }.map(\.name)
        var sources: [String] = []
        let folder = Self.root.appendingPathComponent("Sources")
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)! where path.hasSuffix(".swift") {
            // Comments are not declarations ("the window of class photozoom").
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            sources.append(text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n"))
        }
        #expect(modules.count >= 30)
        let clashes = Self.namedLikeTypes(modules: modules, sources: sources)
        #expect(clashes.isEmpty, "\(clashes)")
        // The check hears a planted type of a module's name, and a spelling apart.
        #expect(Self.namedLikeTypes(modules: ["Geometry", "PhotoCatalogue"], sources: ["struct Geometry {}", "public enum PhotoCatalog {"])
                == ["Geometry: Geometry", "PhotoCatalogue: PhotoCatalog"])
    }

    /// docs/modules.md: the library and executable targets and their dependencies, as a Mermaid
    /// graph and a table, from Package.swift.
    static func diagram(manifest: String) -> String {
        let targets = Self.targets(inManifest: manifest).filter { $0.kind != "testTarget" && !($0.path ?? "").hasPrefix("Tests/") && !($0.path ?? "").hasPrefix("Examples/") }
        let names = Set(targets.map(\.name))
        var out = """
        # PhotoZoom's modules

        Generated from Package.swift by `ModuleGraphTests` (`PHOTOZOOM_WRITE_MODULES=1 swift test --filter ModuleGraphTests`
        rewrites it; the test fails when it is stale). An arrow points from a module to one it imports; a
        target declares exactly the modules its files import (the same test holds that).

        ```mermaid
        graph BT

        """
        for target in targets {
            for dependency in target.dependencies where names.contains(dependency) {
                out += "    \(target.name) --> \(dependency)\n"
            }
        }
        out += "```\n\n| Module | Kind | Imports |\n|---|---|---|\n"
        for target in targets {
            let kind = target.kind == "systemLibrary" ? "system library" : target.kind == "executableTarget" ? "executable" : "module"
            let deps = target.dependencies.isEmpty ? "—" : target.dependencies.joined(separator: ", ")
            out += "| \(target.name) | \(kind) | \(deps) |\n"
        }
        return out
    }

    @Test("docs/modules.md is the diagram Package.swift gives")
    func diagramIsCurrent() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let wanted = Self.diagram(manifest: manifest)
        let url = Self.root.appendingPathComponent("docs/modules.md")
        if ProcessInfo.processInfo.environment["PHOTOZOOM_WRITE_MODULES"] == "1" {
            try wanted.write(to: url, atomically: true, encoding: .utf8)
        }
        let present = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        #expect(present == wanted, "docs/modules.md is stale: run PHOTOZOOM_WRITE_MODULES=1 swift test --filter ModuleGraphTests")
        // A planted edge shows in the picture.
        let planted = manifest.replacingOccurrences(of: #".target(name: "JSON")"#, with: #".target(name: "JSON", dependencies: ["Geometry"])"#)
        #expect(planted != manifest && Self.diagram(manifest: planted).contains("JSON --> Geometry") && !wanted.contains("JSON --> Geometry"))
    }
}
