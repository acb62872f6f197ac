import Foundation
import Geometry
import Gestures
import Testing
@testable import Viewing
import TestSupport
import Events

/// docs/phases.md is whole: every phase a column, every input kind and every key the app binds a
/// row, each cell filled. The maps below are exhaustive `switch`es, so a new phase, input kind or
/// photo key does not compile until it has its place in the table.
@Suite("The input × phase table (docs/phases.md) is whole")
struct PhaseTableTests {
    static let document = Repository.path("docs/phases.md")

    /// The table's column for a phase of the state log.
    static func column(_ phase: Phase) -> String {
        switch phase {
        case .grid: "grid"
        case .opening: "opening"
        case .presented: "presented"
        case .interacting: "held"
        case .closing: "closing"
        case .paging: "paging"
        case .zoomed: "zoomed"
        }
    }

    /// The phases the router tells apart beyond the state log's: a grid in motion, a turn, a
    /// trash's hand-over fade, a slideshow, the chrome over it all.
    static let finerPhases = ["grid scrolling", "turning", "trash fade", "slideshow", "panel or help shown"]

    /// The table's rows for an input kind (a pointer is several gestures; a key is its own rows).
    static func rows(_ kind: InputEvent.Kind) -> [String] {
        switch kind {
        case .frame, .feel, .photoSize, .photos, .effect, .horizon:
            // Time, the feel lab's and the shell's: no hand made them (a drop is the shell's effect).
            return []
        case .pointer:
            return ["click", "double click", "drag", "Alt + drag"]
        case .wheel:
            return ["wheel", "Ctrl + wheel", "Shift + wheel", "Ctrl + Shift + wheel", "two-finger scroll"]
        case .key:
            return []
        case .touch:
            return ["touch: one finger", "touch: two fingers", "touch: three fingers"]
        case .touchpad:
            return ["touchpad pinch", "touchpad swipe"]
        case .resize:
            return ["resize"]
        }
    }

    /// The row naming a photo key.
    static func row(_ key: PhotoKey) -> String {
        switch key {
        case .escape: "Esc"
        case .close: "Return"
        case .closeWindow: "Ctrl+W"
        case .jump(.first), .jump(.last): "Home, End"
        case .jump(.previous), .jump(.next): "Page Up, Page Down"
        case .jump(.nextBySpace): "Space"
        case .page: "Left, Right"
        case .panVertically: "Up, Down"
        case .zoomIn: "`=` `+`"
        case .zoomOut: "`-`"
        case .fit: "`0`, Ctrl+0"
        case .actualPixels: "`1`, Ctrl+1"
        case .doublePixels: "Ctrl+2"
        case .fileAction(.trash): "Delete"
        case .fileAction(.copy), .fileAction(.openWith), .fileAction(.showInFolder): "Ctrl+C, `o`, Shift+O"
        case .fileAction(.turnClockwise), .fileAction(.turnAnticlockwise), .turn: "Ctrl+R, Ctrl+Shift+R"
        case .fileAction(.writeTurn): "`w` (right after a turn that asked)"
        }
    }

    /// Every photo key, by its SDL name and modifiers, as `PhotoKey` reads them.
    static let photoKeys: [PhotoKey] = [
        ("escape", []), ("return", []), ("left", []), ("up", []), ("=", []), ("-", []), ("0", []), ("1", []),
        ("delete", []), ("c", .ctrl), ("o", []), ("o", .shift), ("r", .ctrl), ("r", [.ctrl, .shift]),
        ("w", .ctrl), ("home", []), ("end", []), ("pageup", []), ("pagedown", []), ("space", []), ("2", .ctrl),
    ].compactMap { (key: String, mods: Modifiers) in PhotoKey(key: key, modifiers: mods) }

    /// The keys of the app and the chrome, which act in every phase.
    static let otherKeyRows = ["Ctrl+Z", "Shift+S", "F5", "`q`, Ctrl+Q", "`?`, `h`, F1", "F11, `f`", "`i`, F9",
                               "Tab", "`s`", "`d`", "Ctrl+S", "`a`",
                               "`w` (right after a turn that asked)", "drop", "Ctrl+O"]

    /// The table's lines split into cells, header first.
    static func table() throws -> [[String]] {
        let text = try String(contentsOf: document, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| input |") || ($0.hasPrefix("| ") && !$0.hasPrefix("|---")) }
        let start = try #require(lines.firstIndex { $0.hasPrefix("| input |") })
        return lines[start...].map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    static let allPhases: [Phase] = [.grid, .opening, .presented, .interacting, .closing, .paging, .zoomed]

    @Test("every phase is a column, and every input kind and key the app binds a row with every cell filled")
    func tableIsWhole() throws {
        let table = try Self.table()
        let header = try #require(table.first)
        for phase in Self.allPhases.map(Self.column) + Self.finerPhases {
            #expect(header.contains(phase), "docs/phases.md has no column for the phase \(phase)")
        }
        let rows = Dictionary(table.dropFirst().map { ($0[0], $0) }, uniquingKeysWith: { a, _ in a })
        let kinds: [InputEvent.Kind] = [
            .frame, .pointer(phase: .down, position: .zero, button: .left, modifiers: []),
            .wheel(position: .zero, delta: .zero, modifiers: []), .key(phase: .down, key: "a", modifiers: []),
            .touch(phase: .down, id: 0, position: .zero), .touchpad(TouchpadGesture(gesture: .pinch, phase: .begin, fingers: 2, position: .zero)),
            .resize(Size(1, 1)),
        ]
        let names = kinds.flatMap(Self.rows) + Self.photoKeys.map(Self.row) + Self.otherKeyRows
        for name in names {
            let row = rows[name]
            #expect(row != nil, "docs/phases.md has no row for the input \(name)")
            if let row {
                #expect(row.count == header.count, "\(name): \(row.count) cells, the header has \(header.count)")
                #expect(!row.contains(""), "\(name) has an empty cell")
            }
        }
    }

    @Test("every ignore reason the viewer gives is one the table uses")
    func reasonsAreTheTables() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        for reason in ViewerNote.IgnoreReason.allCases {
            // The table shortens a repeated reason; each reason's words start with its first three.
            let start = reason.rawValue.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(text.contains(start), "docs/phases.md never gives the reason \(reason.rawValue)")
        }
    }

    /// The stored properties of `Viewer` (Sources/Viewing/Viewer.swift: a `var` with a value or an
    /// observer, not a computed one), by name.
    static func storedProperties(of text: String) -> [String] {
        var names: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("    ") && !line.hasPrefix("     ") {
            guard let m = line.firstMatch(of: /^    (?:(?:public|package|private|fileprivate|internal)(?:\((?:set)\))? )*var (\w+)(.*)$/) else { continue }
            let rest = m.output.2
            // Computed: a type and a body, no value before it (`var layout: GridLayout {`,
            // `var feel: Feel { feelInUse.feel }`); `= 1 {` is a value with an observer.
            if let body = rest.firstIndex(of: "{"), !rest[..<body].contains("=") { continue }
            names.append(String(m.output.1))
        }
        return names
    }

    @Test("everything the viewer keeps beside its mode is named in the table's list, and the list names nothing it does not keep")
    func besideTheMode() throws {
        let source = try String(contentsOf: Repository.path("Sources/Viewing/Viewer.swift"), encoding: .utf8)
        let stored = Self.storedProperties(of: source)
        #expect(stored.count >= 20 && stored.contains("mode") && stored.contains("slideshow") && !stored.contains("layout"), "\(stored)")
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## What the viewer keeps beside the mode").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        let listed = Set(section.split(separator: "\n").compactMap { $0.firstMatch(of: /^\| `(\w+)` \|/).map { String($0.output.1) } })
        let kept = Set(stored).subtracting(["mode"])
        #expect(kept.subtracting(listed).isEmpty, "kept beside the mode but not in docs/phases.md: \(kept.subtracting(listed).sorted())")
        #expect(listed.subtracting(kept).isEmpty, "in docs/phases.md but not kept: \(listed.subtracting(kept).sorted())")
        // A planted flag is seen.
        let planted = source.replacingOccurrences(of: "    var focus = FocusRing()", with: "    var focus = FocusRing()\n    var isPeeking = false")
        #expect(Set(Self.storedProperties(of: planted)).subtracting(listed).subtracting(["mode"]) == ["isPeeking"])
    }
}
