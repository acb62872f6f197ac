import Foundation
import Gestures
import Testing
@testable import Shell
import Viewer

@Suite("The running app's feel file: reload as a feel event, keep tuned values, save and watch")
struct LiveFeelFileTests {
    func feel(of event: InputEvent?) throws -> Feel? {
        guard case let .feel(json)? = event?.kind else { return nil }
        return try Feel(jsonText: json)
    }

    @Test("an edit becomes a feel event over the current set; tuned values of other keys survive")
    func reloadKeepsTuned() throws {
        let dir = try temporaryFolder("live")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        try FeelFile.save(.defaults, to: path)
        let live = try LiveFeelFile(argument: path, saveFolder: dir) { _ in }
        #expect(live.initial == .defaults)
        var tuned = Feel.defaults
        tuned.clickSlopPoints = 2                          // tuned in the panel, unsaved
        try #"{"dragRadiusPoints": 175}"#.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(live.poll(at: 1, current: tuned).event == nil)
        let (event, notice) = live.poll(at: 1.02, current: tuned)
        #expect(event?.time == 1.02)
        let applied = try #require(try feel(of: event))
        #expect(applied.dragRadiusPoints == 175)
        #expect(applied.clickSlopPoints == 2)
        #expect(notice == .info("reloaded feel.json: dragRadiusPoints 175 pt"))
    }

    @Test("an invalid edit: no event, the error once on stderr and in the window; the fix clears it")
    func invalidEdit() throws {
        let dir = try temporaryFolder("live-bad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        try FeelFile.save(.defaults, to: path)
        var warnings: [String] = []
        let live = try LiveFeelFile(argument: path, saveFolder: dir) { warnings.append($0) }
        try "{\"openSpring\": {\"dampingRatio\": -1}}".write(toFile: path, atomically: false, encoding: .utf8)
        _ = live.poll(at: 1, current: .defaults)
        let (event, notice) = live.poll(at: 1.02, current: .defaults)
        #expect(event == nil)
        let message = "\(path):1: openSpring.dampingRatio: -1 is out of range (0 < value ≤ 10) (keeping the last good parameters)"
        #expect(notice == .error(message))
        #expect(warnings == ["photozoom: " + message])
        #expect(live.poll(at: 1.04, current: .defaults).notice == nil)
        #expect(warnings.count == 1)
        try FeelFile.save(.defaults, to: path)
        _ = live.poll(at: 2, current: .defaults)
        #expect(live.poll(at: 2.02, current: .defaults) == (nil, .clear))
    }

    @Test("a preset saves to a fresh feel.json, which is watched from then on")
    func presetSave() throws {
        let dir = try temporaryFolder("live-preset")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let live = try LiveFeelFile(argument: "soft", saveFolder: dir) { _ in }
        #expect(live.initial == Feel.preset(named: "soft"))
        #expect(live.path == nil)
        var tuned = live.initial
        tuned.dragRadiusPoints = 260
        guard case let .info(text) = live.save(tuned) else { Issue.record("save failed"); return }
        #expect(text.hasPrefix("saved \(dir)/feel.json"))
        #expect(live.path == dir + "/feel.json")
        #expect(try FeelFile.read(path: dir + "/feel.json").feel == tuned)
        // Our own write is not reloaded; a later edit is.
        #expect(live.poll(at: 1, current: tuned).event == nil)
        #expect(live.poll(at: 1.1, current: tuned).event == nil)
        try #"{"dragRadiusPoints": 90}"#.write(toFile: dir + "/feel.json", atomically: false, encoding: .utf8)
        _ = live.poll(at: 2, current: tuned)
        #expect(try feel(of: live.poll(at: 2.1, current: tuned).event)?.dragRadiusPoints == 90)
    }

    @Test("--reduced-motion is a top layer: on at start, kept through reloads that lack or unset it, not saved into the file")
    func fixedLayer() throws {
        let dir = try temporaryFolder("live-fixed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        try #"{"dragRadiusPoints": 140}"#.write(toFile: path, atomically: false, encoding: .utf8)
        let live = try LiveFeelFile(argument: path, fixed: LiveFeelFile.reducedMotionLayer, saveFolder: dir) { _ in }
        #expect(live.initial.reducedMotion)
        #expect(live.initial.dragRadiusPoints == 140)

        // An edit without the key: the feel event keeps reduced motion on.
        var current = live.initial
        try #"{"dragRadiusPoints": 120, "reducedMotion": true}"#.write(toFile: path, atomically: false, encoding: .utf8)
        _ = live.poll(at: 1, current: current)
        current = try #require(try feel(of: live.poll(at: 1.02, current: current).event))
        #expect(current.reducedMotion && current.dragRadiusPoints == 120)

        // An edit that switches it off in the file: the command line still wins, and says so.
        try #"{"dragRadiusPoints": 100}"#.write(toFile: path, atomically: false, encoding: .utf8)
        _ = live.poll(at: 2, current: current)
        let (event, notice) = live.poll(at: 2.02, current: current)
        current = try #require(try feel(of: event))
        #expect(current.reducedMotion && current.dragRadiusPoints == 100)
        #expect(notice == .info("reloaded feel.json: dragRadiusPoints 100 pt; reducedMotion kept as the command line set it"))

        // Saving writes the file's own value for the switch (off), the tuned values as they are.
        current.clickSlopPoints = 3
        _ = live.save(current)
        let saved = try FeelFile.read(path: path).feel
        #expect(!saved.reducedMotion)
        #expect(saved.clickSlopPoints == 3 && saved.dragRadiusPoints == 100)
    }
}
