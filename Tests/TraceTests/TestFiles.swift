import Foundation

/// A fresh, empty folder under the system's temporary directory for one test.
func makeScratchFolder(_ name: String) throws -> URL {
    let base = FileManager.default.temporaryDirectory
        .appendingPathComponent("photozoom-trace-tests-\(getpid())", isDirectory: true)
        .appendingPathComponent(name, isDirectory: true)
    try? FileManager.default.removeItem(at: base)
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    return base
}
