import Foundation

/// The repository's root folder, for every test target: found once, from this file's place in it
/// (`Tests/TestSupport/`), so a test moved into a folder of its own still finds its fixtures.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `relative` under the root ("Tests/Fixtures/Photos", "docs/phases.md").
    public static func path(_ relative: String, isDirectory: Bool = false) -> URL {
        root.appendingPathComponent(relative, isDirectory: isDirectory)
    }
}
