import Foundation
import Testing
@testable import FeelFiles
import Viewing
import FeelModel

/// A plain launch (no `--feel`) starts from the feel saved last: `feel.json` in the save folder
/// (the XDG config folder). Before, `LiveFeelFile(argument: nil)` started from the defaults and its
/// first save went to a fresh `feel-2.json` beside the one saved before.
@Suite("Saved feel: a plain launch starts from feel.json in the config folder, and saving updates it")
struct SavedFeelTests {
    @Test("the saved file's values are the start, its path the save target; the source names it")
    func startsFromSaved() throws {
        let dir = try temporaryFolder("saved-feel")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var tuned = Feel.defaults
        tuned.openSpring.dampingRatio = 0.9
        try FeelFile.save(tuned, to: dir + "/feel.json")
        let live = try LiveFeelFile(argument: nil, saveFolder: dir, warn: { Issue.record("\($0)") })
        #expect(live.initial.openSpring.dampingRatio == 0.9)
        #expect(live.path == dir + "/feel.json")
        #expect(live.source == LiveFeelFile.shown(dir + "/feel.json") + ", saved last")
        // Saving again updates the same file.
        tuned.openSpring.dampingRatio = 0.95
        guard case let .feelSaved(path, _) = live.save(tuned) else { Issue.record("not saved"); return }
        #expect(path == dir + "/feel.json")
        #expect(try FeelFile.read(path: dir + "/feel.json").feel.openSpring.dampingRatio == 0.95)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["feel.json"])
    }

    @Test("a saved file changed on disk since it was read is left as it is: the save goes beside it")
    func changedOnDisk() throws {
        let dir = try temporaryFolder("saved-feel-changed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FeelFile.save(.defaults, to: dir + "/feel.json")
        let live = try LiveFeelFile(argument: nil, saveFolder: dir, warn: { _ in })
        try #"{"dragRadiusPoints": 99}"#.write(toFile: dir + "/feel.json", atomically: true, encoding: .utf8)
        guard case let .feelSaved(path, _) = live.save(.defaults) else { Issue.record("not saved"); return }
        #expect(path == dir + "/feel-2.json")
        #expect(try String(contentsOfFile: dir + "/feel.json", encoding: .utf8) == #"{"dragRadiusPoints": 99}"#)
    }

    @Test("without a saved file, or with one that cannot be read, the defaults (said), and the first save is a fresh name")
    func withoutSaved() throws {
        let dir = try temporaryFolder("saved-feel-none")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let none = try LiveFeelFile(argument: nil, saveFolder: dir, warn: { Issue.record("\($0)") })
        #expect(none.initial == .defaults && none.path == nil && none.source == "the defaults")
        try "{\n \"openSpring\": {\"dampingRatio\": 0}\n}".write(toFile: dir + "/feel.json", atomically: true, encoding: .utf8)
        var warnings: [String] = []
        let bad = try LiveFeelFile(argument: nil, saveFolder: dir, warn: { warnings.append($0) })
        #expect(bad.initial == .defaults && bad.path == nil)
        #expect(warnings == ["photozoom: \(dir)/feel.json:2: openSpring.dampingRatio: 0 is out of range (0 < value ≤ 10) "
                             + "(starting from the defaults; Ctrl+S saves beside it)"])
        guard case let .feelSaved(path, _) = bad.save(.defaults) else { Issue.record("not saved"); return }
        #expect(path == dir + "/feel-2.json")
        // A preset says so, and its first save is a fresh name too.
        #expect(try LiveFeelFile(argument: "snappy", saveFolder: dir).source == "preset snappy")
    }

    @Test("the home folder is written ~")
    func shownPath() {
        #expect(LiveFeelFile.shown("/home/ana/.config/photozoom/feel.json", home: "/home/ana") == "~/.config/photozoom/feel.json")
        #expect(LiveFeelFile.shown("/home/anabel/feel.json", home: "/home/ana") == "/home/anabel/feel.json")
    }
}
