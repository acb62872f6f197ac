import Foundation
import Testing

/// The core modules replay bit for bit only if they never reach outside: this scans their sources.
@Suite("The core (Geometry, Motion, Gestures, JSON, Feel, Viewer, LabUI) is pure")
struct CorePurityTests {
    static let coreModules = ["Geometry", "Motion", "Gestures", "JSON", "Feel", "Viewer", "LabUI"]

    /// Imports and calls that would bring SDL, a clock, randomness or the file system into the core.
    static let forbidden = [
        "import CSDL2", "import Foundation", "import Glibc", "import Dispatch", "import Darwin",
        "Date()", "DispatchTime", "ProcessInfo", ".random(", "SystemRandomNumberGenerator",
        "FileManager", "UUID()", "CFAbsoluteTime", "clock_gettime", "fopen(",
    ]

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
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    for word in Self.forbidden where code.contains(word) {
                        offences.append("Sources/\(module)/\(name):\(number + 1): \(word)")
                    }
                }
            }
        }
        #expect(files >= 12, "expected to scan the core's sources")
        #expect(offences.isEmpty, "impure calls in the core:\n\(offences.joined(separator: "\n"))")
    }
}
