import Foundation
import Testing

/// `scripts/install` and `scripts/uninstall` as a user runs them, with the debug build standing in
/// for the release binary (`--binary`: the same layout without a release build).
@Suite("scripts/install puts a working app under a prefix; scripts/uninstall takes exactly that away", .serialized)
struct InstallScriptTests {
    static let scripts = PhotoZoomProcess.packageRoot.appendingPathComponent("scripts", isDirectory: true)

    /// Every path under `root`, relative to it, sorted.
    static func contents(_ root: URL) -> [String] {
        let all = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
        return all.sorted()
    }

    @Test("installed into a prefix with a space in it: --version and a run from another folder work, the entry validates, uninstall leaves only what was there")
    func installRunUninstall() async throws {
        let binary = try #require(PhotoZoomProcess.binary, "photozoom is not built next to the tests; run `swift build` first")
        let scratch = try PhotoZoomProcess.scratchFolder("install")
        let prefix = scratch.appendingPathComponent("pre fix", isDirectory: true)
        // Something of the user's already under the prefix, in a folder the install also uses.
        let theirs = prefix.appendingPathComponent("share/applications/other.desktop")
        try FileManager.default.createDirectory(at: theirs.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Desktop Entry]\n".write(to: theirs, atomically: false, encoding: .utf8)
        let before = Self.contents(prefix)

        let install = try await PhotoZoomProcess.runProgram(Self.scripts.appendingPathComponent("install"),
                                                      ["--prefix", prefix.path, "--binary", binary.path])
        #expect(install.status == 0, "\(install.stderr)")
        let installed = prefix.appendingPathComponent("bin/photozoom")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))

        let version = try await PhotoZoomProcess.runProgram(installed, ["--version"])
        #expect(version.status == 0 && version.stdout.first?.isNumber == true, "\(version.stdout) \(version.stderr)")

        // A headless run from an unrelated folder: the bundled photos are found beside the binary.
        let elsewhere = scratch.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let run = try await PhotoZoomProcess.runProgram(installed, ["run", "--record", "t.trace.jsonl", "--quit-after", "0.3"],
                                                  environment: ["SDL_VIDEODRIVER": "dummy"], in: elsewhere)
        #expect(run.status == 0, "\(run.stderr)")
        let header = try String(contentsOf: elsewhere.appendingPathComponent("t.trace.jsonl"), encoding: .utf8)
            .split(separator: "\n").first.map(String.init) ?? ""
        let bundled = try FileManager.default.contentsOfDirectory(atPath: PhotoZoomProcess.packageRoot
            .appendingPathComponent("Resources/Photos").path).filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }
        #expect(bundled.count >= 24)
        for name in bundled { #expect(header.contains("{\"name\":\"\(name)\""), "the run shows \(name)") }

        let validate = try await PhotoZoomProcess.runProgram(URL(fileURLWithPath: "/usr/bin/desktop-file-validate"),
                                                       [prefix.appendingPathComponent("share/applications/photozoom.desktop").path])
        #expect(validate.status == 0 && validate.stdout.isEmpty && validate.stderr.isEmpty, "\(validate.stdout)\(validate.stderr)")
        let entry = try String(contentsOf: prefix.appendingPathComponent("share/applications/photozoom.desktop"), encoding: .utf8)
        // The prefix has a space: Exec quotes the path (Desktop Entry Specification, "The Exec key").
        #expect(entry.contains("Exec=\"\(installed.path)\" %F"), "\(entry)")

        let uninstall = try await PhotoZoomProcess.runProgram(Self.scripts.appendingPathComponent("uninstall"), ["--prefix", prefix.path])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(Self.contents(prefix) == before, "left behind: \(Set(Self.contents(prefix)).subtracting(before).sorted())")
        #expect(try String(contentsOf: theirs, encoding: .utf8) == "[Desktop Entry]\n")
    }

    @Test("into a fresh prefix, uninstall removes the prefix folder it made too; a second uninstall says nothing is installed")
    func freshPrefixGoesAway() async throws {
        let binary = try #require(PhotoZoomProcess.binary, "photozoom is not built next to the tests; run `swift build` first")
        let scratch = try PhotoZoomProcess.scratchFolder("install-fresh")
        let prefix = scratch.appendingPathComponent("a/b", isDirectory: true)
        let install = try await PhotoZoomProcess.runProgram(Self.scripts.appendingPathComponent("install"),
                                                      ["--prefix", prefix.path, "--binary", binary.path])
        #expect(install.status == 0, "\(install.stderr)")
        let uninstall = try await PhotoZoomProcess.runProgram(Self.scripts.appendingPathComponent("uninstall"), ["--prefix", prefix.path])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(Self.contents(scratch).isEmpty, "left behind: \(Self.contents(scratch))")
        let again = try await PhotoZoomProcess.runProgram(Self.scripts.appendingPathComponent("uninstall"), ["--prefix", prefix.path])
        #expect(again.status == 2 && again.stderr.contains("nothing installed"), "\(again.stderr)")
    }
}
