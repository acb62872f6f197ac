import Foundation
import Testing

/// photozoom(1) is generated (`scripts/package-manpage`), so it cannot go stale: its synopsis
/// from the binary's own description of its command line, its keys from docs/controls.md's
/// controls table. Checked here against both, read independently of the generator, as the page
/// reads once groff has set it; the check is shown catching a key and an option left out.
@Suite("The manual page lists every command, option and key, and groff sets it without a warning")
struct ManPageTests {
    /// The page for the built binary.
    static func page() async throws -> String {
        let r = try await PhotoZoomProcess.runProgram(PhotoZoomProcess.packageRoot.appendingPathComponent("scripts/package-manpage"),
                                                      [(PhotoZoomProcess.binary ?? PhotoZoomProcess.binary(named: "photozoom")).path])
        try #require(r.status == 0, "scripts/package-manpage failed: \(r.stderr)")
        return r.stdout
    }

    /// `roff` set by groff as plain text on lines long enough that none is broken or hyphenated;
    /// groff's warnings.
    static func set(_ roff: String) async throws -> (text: String, warnings: String) {
        let file = try PhotoZoomProcess.freshFolder("manpage").appendingPathComponent("photozoom.1")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try roff.write(to: file, atomically: true, encoding: .utf8)
        let r = try await PhotoZoomProcess.runProgram(URL(fileURLWithPath: "/usr/bin/groff"),
                                                      ["-man", "-Tutf8", "-ww", "-rLL=4000n", "-P-cbou", file.path])
        try #require(r.status == 0, "groff failed: \(r.stderr)")
        return (r.stdout, r.stderr)
    }

    /// The section of `text` headed `title` (up to the next heading at the margin).
    static func section(_ title: String, of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == title }) else { return "" }
        let body = lines[(start + 1)...].prefix { !($0.first.map { $0.isUppercase } ?? false) }
        return body.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    /// What `set` lacks: "command C", "option C --O", "key K" for every command and option
    /// `--help` shows (the binary's `--experimental-dump-help`) and every input of docs/controls.md.
    static func missing(in text: String) async throws -> [String] {
        let dump = try await PhotoZoomProcess.run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let synopsis = section("SYNOPSIS", of: text)
        let keys = section("KEYS AND GESTURES", of: text).replacingOccurrences(of: "\n", with: " ")
        var out: [String] = []
        for sub in command["subcommands"] as? [[String: Any]] ?? [] where sub["shouldDisplay"] as? Bool ?? true {
            let name = sub["commandName"] as? String ?? ""
            guard name != "help" else { continue }
            guard let line = synopsis.split(separator: "\n").first(where: { $0.hasPrefix("photozoom \(name) ") || $0 == "photozoom \(name)" }) else {
                out.append("command \(name)")
                continue
            }
            for argument in sub["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool ?? true {
                for n in argument["names"] as? [[String: Any]] ?? [] {
                    let spelt = (n["kind"] as? String == "short" ? "-" : "--") + (n["name"] as? String ?? "")
                    guard !["-h", "--help", "--version"].contains(spelt) else { continue }
                    if !line.split(whereSeparator: { "[]| ".contains($0) }).contains(Substring(spelt)) { out.append("option \(name) \(spelt)") }
                }
            }
        }
        let controls = try String(contentsOf: PhotoZoomProcess.packageRoot.appendingPathComponent("docs/controls.md"), encoding: .utf8)
        let rows = controls.split(separator: "\n").drop { !$0.hasPrefix("| input |") }.dropFirst(2).prefix { $0.hasPrefix("|") }
        #expect(rows.count > 30, "docs/controls.md's table has \(rows.count) rows")
        for row in rows {
            let input = row.dropFirst().split(separator: "|", omittingEmptySubsequences: false)[0]
                .replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
            if !keys.contains(input) { out.append("key \(input)") }
        }
        return out
    }

    @Test("every command and option --help shows is in the synopsis, every input of docs/controls.md in KEYS AND GESTURES; groff warns of nothing")
    func complete() async throws {
        let (text, warnings) = try await Self.set(try await Self.page())
        #expect(warnings.isEmpty, "groff: \(warnings)")
        #expect(try await Self.missing(in: text) == [])
        #expect(text.contains("photozoom run [path ...] [-r|--recursive]"), "\(Self.section("SYNOPSIS", of: text))")
        print("[figure] photozoom(1): \(text.split(separator: "\n").count) lines set; synopsis \(Self.section("SYNOPSIS", of: text).split(separator: "\n").count) lines")
    }

    @Test("the check catches a key and an option left out of the page")
    func catchesOmissions() async throws {
        var roff = try await Self.page()
        // The Delete row's entry (its .TP, the key, the text) and -r from run's synopsis line.
        let lines = roff.split(separator: "\n", omittingEmptySubsequences: false)
        let delete = try #require(lines.firstIndex(of: "\\fBDelete\\fR"))
        roff = (lines[..<(delete - 1)] + lines[(delete + 2)...]).joined(separator: "\n")
        roff = roff.replacingOccurrences(of: "[\\fB\\-r\\fR|\\fB\\-\\-recursive\\fR]\n", with: "", options: [], range: nil)
        let missing = try await Self.missing(in: try await Self.set(roff).text)
        #expect(missing == ["option run -r", "option run --recursive", "key Delete"])
    }
}
