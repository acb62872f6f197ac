import Foundation
import Testing
@testable import LabUI
import Viewing
import TestSupport

/// The controls are written once (`ControlsTable`): the help overlay reads the table, and the
/// full controls table of docs/controls.md (the README lists the ten keys that matter and links
/// it), wherever the page puts it, is the table's `markdown`.
@Suite("One controls table: docs/controls.md's and the help overlay's")
struct ControlsTableTests {
    static let readme = Repository.path("docs/controls.md")

    /// The markdown table in `text` whose header row is `ControlsTable`'s, a line each (nil: none).
    static func controlsTable(in text: String) -> [String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: ControlsTable.markdown[0]) else { return nil }
        return Array(lines[start...].prefix { $0.hasPrefix("|") })
    }

    @Test("docs/controls.md's table is the one ControlsTable renders, row for row")
    func readmeTableIsTheTable() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let found = try #require(Self.controlsTable(in: text), "docs/controls.md has no table headed \(ControlsTable.markdown[0])")
        let expected = ControlsTable.markdown
        for (i, (a, b)) in zip(found, expected).enumerated() where a != b {
            Issue.record("docs/controls.md controls table, row \(i + 1) differs:\n  README: \(a)\n  table:  \(b)")
        }
        #expect(found.count == expected.count, "docs/controls.md's table has \(found.count) lines, ControlsTable \(expected.count); the table to paste:\n\(expected.joined(separator: "\n"))")
    }

    @Test("the finder takes the table wherever it stands and stops at its last row; a changed cell is found")
    func finderAndChangedCell() {
        let table = ControlsTable.markdown
        let shortened = "# PhotoZoom\n\nIntro.\n\n" + table.joined(separator: "\n") + "\n\nMore text.\n| another | table |\n"
        #expect(Self.controlsTable(in: shortened) == table)
        var edited = table
        edited[2] = edited[2].replacingOccurrences(of: "close it, at once", with: "close it")
        #expect(Self.controlsTable(in: edited.joined(separator: "\n")) != table)
        #expect(Self.controlsTable(in: "no table here") == nil)
    }

    @Test("the help overlay is the table's help: each line's keys are words of its row's input, every key row has one")
    func overlayFromTheTable() {
        #expect(Viewer.helpLines == ControlsTable.helpLines)
        #expect(Viewer.helpLines.first == "PhotoZoom — keys and gestures")
        for row in ControlsTable.rows where !row.help.isEmpty {
            let input = row.input.replacingOccurrences(of: " ", with: "")
            for key in row.helpKeys.split(separator: " ") {
                #expect(input.contains(key), "overlay key \(key) is not in the README's input \(row.input)")
            }
            // The line starts with the keys, in a column of their own.
            #expect(ControlsTable.helpLines.contains { $0.hasPrefix(row.helpKeys + " ") && $0.count > ControlsTable.helpKeyColumn })
        }
        // Keys (not pointer or touch gestures) all have an overlay line: a row whose input names a key
        // the overlay would otherwise leave out.
        let keyInputs = ControlsTable.rows.filter { $0.input.contains("`") || $0.input.contains("Ctrl") || $0.input.contains("Esc") || $0.input.contains("Tab") }
        for row in keyInputs { #expect(!row.help.isEmpty, "\(row.input) has no line in the help overlay") }
    }
}
