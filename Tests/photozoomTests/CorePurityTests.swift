import Foundation
import Testing

/// The core modules replay bit for bit only if they never reach outside: this scans their sources.
@Suite("The core (Geometry, Motion, Gestures, JSON, FeelModel, Drawing, DrawnBounds, Viewing, LabUI, Continuity) is pure")
struct CorePurityTests {
    static let coreModules = ["Geometry", "Motion", "Events", "Gestures", "JSON", "FeelModel", "Drawing", "DrawnBounds", "Viewing", "LabUI", "Continuity"]

    /// Imports and calls that would bring SDL, a clock, randomness or the file system into the core.
    static let forbidden = [
        "import CSDL2", "import Foundation", "import Glibc", "import Dispatch", "import Darwin",
        "Date()", "DispatchTime", "ProcessInfo", ".random(", "SystemRandomNumberGenerator",
        "FileManager", "UUID()", "CFAbsoluteTime", "clock_gettime", "fopen(",
        "ContinuousClock", "SuspendingClock", ".now()", ".shuffled(", ".shuffle(", ".randomElement(",
    ]

    /// Free functions that write to the terminal, read the environment or the wall clock, refused
    /// where they stand as a call of their own: `print(` but not `fingerprint(` or `log.print(`.
    static let forbiddenCalls = ["print(", "getenv", "time("]

    /// True when `word` occurs in `code` with no letter, digit, `_` or `.` just before it.
    static func containsCall(_ code: Substring, _ word: String) -> Bool {
        var rest = code[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
            if let c = before, c.isLetter || c.isNumber || c == "_" || c == "." {
                rest = rest[range.upperBound...]
                continue
            }
            return true
        }
        return false
    }

    /// The forbidden words in the code (not the comments) of one source text, as "file:line: word".
    static func offences(in text: String, file: String) -> [String] {
        var offences: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for word in forbidden where code.contains(word) {
                offences.append("\(file):\(number + 1): \(word)")
            }
            for word in forbiddenCalls where containsCall(code, word) {
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
            "let d = Date()", "import Foundation", "print(viewer.scene)", "let home = getenv(\"HOME\")",
            "let now = time(nil)", "if x { print(\"x\") }",
        ]
        for (i, use) in uses.enumerated() {
            #expect(!Self.offences(in: use, file: "X.swift").isEmpty, "not caught: \(use)")
            #expect(Self.offences(in: "let a = 1 // \(use)", file: "X.swift").isEmpty, "a comment counted: \(i)")
        }
        #expect(Self.offences(in: "let a = 1\nlet b = photos.shuffled()", file: "X.swift") == ["X.swift:2: .shuffled("])
        // Names that end in a forbidden call's letters are other functions.
        for innocent in ["let f = fingerprint(photo)", "let t = crossingTime(0.5)", "log.print(line)", "let s = settleTime(at: t)"] {
            #expect(Self.offences(in: innocent, file: "X.swift").isEmpty, "counted: \(innocent)")
        }
    }

    /// The offences in every `.swift` file under `Sources/<module>` of `root` for each core module,
    /// folders within folders included (the house style makes folders of concepts).
    static func offences(inCoreOf root: URL) throws -> (files: Int, offences: [String]) {
        var offences: [String] = []
        var files = 0
        for module in coreModules {
            let dir = root.appendingPathComponent("Sources/\(module)")
            guard let walk = FileManager.default.enumerator(atPath: dir.path) else { continue }
            // Sorted: the offences come out in the same order on every run.
            let paths = walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            for path in paths {
                files += 1
                let text = try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
                offences += Self.offences(in: text, file: "Sources/\(module)/\(path)")
            }
        }
        return (files, offences)
    }

    @Test("the walk reaches a source in a folder within a module's folder")
    func walkReachesSubfolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-purity-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("Sources/Viewing/Zoom/Pinch")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try "let clean = 1\n".write(to: root.appendingPathComponent("Sources/Viewing/Clean.swift"), atomically: false, encoding: .utf8)
        try "import Foundation\nfunc planted() { print(getenv(\"HOME\")!) }\n"
            .write(to: deep.appendingPathComponent("Planted.swift"), atomically: false, encoding: .utf8)
        let scan = try Self.offences(inCoreOf: root)
        #expect(scan.files == 2)
        #expect(scan.offences == ["Sources/Viewing/Zoom/Pinch/Planted.swift:1: import Foundation",
                                  "Sources/Viewing/Zoom/Pinch/Planted.swift:2: print(",
                                  "Sources/Viewing/Zoom/Pinch/Planted.swift:2: getenv"])
    }

    @Test("no core source imports SDL or Foundation, or reads a clock, a random source or a file")
    func noImpureCalls() throws {
        let (files, offences) = try Self.offences(inCoreOf: PhotoZoomProcess.packageRoot)
        #expect(files >= 90, "expected to scan the core's sources (\(files) files)")
        #expect(offences.isEmpty, "impure calls in the core:\n\(offences.joined(separator: "\n"))")
    }
}
