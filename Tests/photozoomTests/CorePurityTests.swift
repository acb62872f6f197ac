import Foundation
import Testing

/// The core modules replay bit for bit only if they never reach outside: this scans their sources.
@Suite("The core (Geometry, Motion, Gestures, JSON, Feel, Drawing, Viewer, LabUI, Continuity) is pure")
struct CorePurityTests {
    static let coreModules = ["Geometry", "Motion", "Gestures", "JSON", "Feel", "Drawing", "Viewer", "LabUI", "Continuity"]

    /// Imports and calls that would bring SDL, a clock, randomness or the file system into the core.
    static let forbidden = [
        "import CSDL2", "import Foundation", "import Glibc", "import Dispatch", "import Darwin",
        "Date()", "DispatchTime", "ProcessInfo", ".random(", "SystemRandomNumberGenerator",
        "FileManager", "UUID()", "CFAbsoluteTime", "clock_gettime", "fopen(",
        "ContinuousClock", "SuspendingClock", ".now()", ".shuffled(", ".shuffle(", ".randomElement(",
    ]

    /// The forbidden words in the code (not the comments) of one source text, as "file:line: word".
    static func offences(in text: String, file: String) -> [String] {
        var offences: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for word in forbidden where code.contains(word) {
                offences.append("\(file):\(number + 1): \(word)")
            }
        }
        return offences
    }

    @Test("the scan finds each forbidden call in code, and none in a comment")
    func scanFindsEachWord() {
        let uses = [
            "let t = ContinuousClock().now", "let s = SuspendingClock()", "let order = photos.shuffled()",
            "photos.shuffle()", "let pick = photos.randomElement()", "let r = Double.random(in: 0...1)",
            "let d = Date()", "import Foundation",
        ]
        for (i, use) in uses.enumerated() {
            #expect(!Self.offences(in: use, file: "X.swift").isEmpty, "not caught: \(use)")
            #expect(Self.offences(in: "let a = 1 // \(use)", file: "X.swift").isEmpty, "a comment counted: \(i)")
        }
        #expect(Self.offences(in: "let a = 1\nlet b = photos.shuffled()", file: "X.swift") == ["X.swift:2: .shuffled("])
    }

    @Test("no core source imports SDL or Foundation, or reads a clock, a random source or a file")
    func noImpureCalls() throws {
        var offences: [String] = []
        var files = 0
        for module in Self.coreModules {
            let dir = CommandRunner.packageRoot.appendingPathComponent("Sources/\(module)")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }
            for name in names {
                files += 1
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                offences += Self.offences(in: text, file: "Sources/\(module)/\(name)")
            }
        }
        #expect(files >= 90, "expected to scan the core's sources (\(files) files)")
        #expect(offences.isEmpty, "impure calls in the core:\n\(offences.joined(separator: "\n"))")
    }
}
