@testable import FeelFiles
import Foundation
import Gestures
@testable import LiveInput
@testable import App
import TestSupport
import Testing
import Trace
import Viewing
import FeelModel

/// The feel file's save and reload through the test-driven frame loop: each result is a recorded
/// `effect` event, the viewer decides what a reload changes, and the trace replays to the same log.
@Suite("Feel file round trips through the frame loop: reload and save results as recorded events", .serialized)
struct FeelFileRoundTripTests {
    /// A folder with `feel.json` holding `text`, and a harness reading it.
    static func start(_ text: String, fixed: [String: Double] = [:], name: String) throws -> (FrameLoopHarness, String, String) {
        let dir = try temporaryFolder(name)
        let path = dir + "/feel.json"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let h = try FrameLoopHarness(feelArgument: path, fixed: fixed, saveFolder: dir)
        try h.step(2)
        return (h, dir, path)
    }

    /// The panel's first parameter, one step right: a tuned, unsaved value.
    static func tuneFirstParameter(_ h: FrameLoopHarness) throws -> Feel {
        try h.step(1, [.key(.down, "tab"), .key(.up, "tab"), .key(.down, "right"), .key(.up, "right")])
        #expect(h.session.viewer.feel != h.session.lab.savedFeel)
        return h.session.viewer.feel
    }

    static let ctrlS: [WindowInput] = [.key(.down, "s", mods: .ctrl), .key(.up, "s", mods: .ctrl)]

    @Test("an edit on disk is recorded as feelReloaded with the file's content; the viewer takes the keys it changed and keeps tuned ones")
    func reload() throws {
        let (h, dir, path) = try Self.start(#"{"dragRadiusPoints": 150}"#, name: "rt-reload")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tuned = try Self.tuneFirstParameter(h)
        let first = Feel.parameters[0]
        try #"{"dragRadiusPoints": 175}"#.write(toFile: path, atomically: false, encoding: .utf8)
        try h.step(2)                                 // seen changed, then read once it held still
        #expect(try h.recordedEffects() == [.feelReloaded(name: "feel.json", layer: feelLayer(#"{"dragRadiusPoints":175}"#), fixed: [])])
        let feel = h.session.viewer.feel
        #expect(feel.dragRadiusPoints == 175)
        #expect(first.value(in: feel) == first.value(in: tuned), "the tuned, unsaved value survives")
        #expect(h.session.lab.savedFeel.dragRadiusPoints == 175)
        #expect(h.session.lab.feelLab.message?.text == "reloaded feel.json: dragRadiusPoints 175 pt")
        try h.step(2)
        #expect(try h.recordedEffects().count == 1, "reported once")
        #expect(try h.replayedStates() == h.states.text)
    }

    @Test("an invalid edit is recorded as feelReloadFailed: the error shows, nothing changes; the fix clears it")
    func invalidEdit() throws {
        let (h, dir, path) = try Self.start(#"{"dragRadiusPoints": 150}"#, name: "rt-invalid")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = h.session.viewer.feel
        try "{\n \"openSpring\": {\"dampingRatio\": -1}}".write(toFile: path, atomically: false, encoding: .utf8)
        try h.step(3)
        let message = "\(path):2: openSpring.dampingRatio: -1 is out of range (0 < value ≤ 10)"
        #expect(try h.recordedEffects() == [.feelReloadFailed(message: message)])
        #expect(h.session.viewer.feel == before)
        #expect(h.session.lab.feelLab.message?.text == message + " (keeping the last good parameters)")
        #expect(h.session.lab.feelLab.message?.isError == true)
        #expect(h.warnings == ["photozoom: " + message + " (keeping the last good parameters)"])
        try #"{"dragRadiusPoints": 150}"#.write(toFile: path, atomically: false, encoding: .utf8)
        try h.step(3)
        #expect(h.session.lab.feelLab.message == nil, "the fix clears the error")
        #expect(h.session.viewer.feel == before)
        #expect(try h.replayedStates() == h.states.text)
    }

    @Test("Ctrl+S: the file is written, feelSaved is recorded, and only then does the panel count the set as saved")
    func save() throws {
        let (h, dir, path) = try Self.start(#"{"dragRadiusPoints": 150}"#, name: "rt-save")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tuned = try Self.tuneFirstParameter(h)
        try h.step(1, Self.ctrlS)
        let effects = try h.recordedEffects()
        guard case let .feelSaved(savedPath, message)? = effects.first else { Issue.record("no save result: \(effects)"); return }
        #expect(savedPath == path)
        #expect(message.hasPrefix("saved \(path) ("))
        #expect(try FeelFile.read(path: path).feel == tuned)
        #expect(h.session.lab.savedFeel == tuned)
        #expect(h.session.lab.feelLab.message?.text == message)
        // Our own write is not reloaded.
        try h.step(3)
        #expect(try h.recordedEffects().count == 1)
        #expect(try h.replayedStates() == h.states.text)
    }

    @Test("Ctrl+S into a deleted folder: feelSaveFailed is recorded; the panel still says unsaved and the error shows")
    func saveFails() throws {
        let (h, dir, path) = try Self.start(#"{"dragRadiusPoints": 150}"#, name: "rt-fail")
        let tuned = try Self.tuneFirstParameter(h)
        try FileManager.default.removeItem(atPath: dir)
        try h.step(1, Self.ctrlS)
        let message = "\(path): cannot save the feel file: No such file or directory"
        #expect(try h.recordedEffects().last == .feelSaveFailed(message: message))
        #expect(h.session.lab.savedFeel != tuned, "not saved: the panel keeps its unsaved rows")
        #expect(h.session.lab.feelLab.message?.text == message)
        #expect(h.session.lab.feelLab.message?.isError == true)
        #expect(try h.replayedStates() == h.states.text)
    }

    @Test("Ctrl+S after the file was edited on disk (a typo the reload refused): saved beside it, the edit untouched")
    func saveBeside() throws {
        let (h, dir, path) = try Self.start(#"{"dragRadiusPoints": 150}"#, name: "rt-beside")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tuned = try Self.tuneFirstParameter(h)
        let edited = "{\"dragRadiusPoints\": 160, \"clickSlopPoints\": 4,\n \"openSpring\": {\"dampingRatio\": -1}}"
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
        try h.step(3)
        try h.step(1, Self.ctrlS)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == edited, "the user's edit is not overwritten")
        let beside = dir + "/feel-2.json"
        #expect(try FeelFile.read(path: beside).feel == tuned)
        guard case let .feelSaved(savedPath, message)? = try h.recordedEffects().last else { Issue.record("no save"); return }
        #expect(savedPath == beside)
        #expect(message.contains("saved \(beside)") && message.contains("feel.json was changed on disk since it was read"))
        // Fixing the file reloads it as usual; then Ctrl+S writes the file itself again.
        try #"{"dragRadiusPoints": 160}"#.write(toFile: path, atomically: false, encoding: .utf8)
        try h.step(3)
        try h.step(1, Self.ctrlS)
        guard case let .feelSaved(again, _)? = try h.recordedEffects().last else { Issue.record("no second save"); return }
        #expect(again == path)
        #expect(try FeelFile.read(path: path).feel.dragRadiusPoints == 160)
    }

    @Test("Ctrl+S through a symbolic link writes the file it points to, keeps the link and the file's 0600 mode")
    func saveThroughLink() throws {
        let dir = try temporaryFolder("rt-link")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
        let real = dir + "/real/feel.json", link = dir + "/feel.json"
        try #"{"dragRadiusPoints": 150}"#.write(toFile: real, atomically: false, encoding: .utf8)
        chmod(real, 0o600)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let h = try FrameLoopHarness(feelArgument: link, saveFolder: dir)
        try h.step(2)
        let tuned = try Self.tuneFirstParameter(h)
        try h.step(1, Self.ctrlS)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
        #expect(try FeelFile.read(path: real).feel == tuned)
        var st = stat()
        #expect(stat(real, &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(FileManager.default.fileExists(atPath: dir + "/real/feel-2.json") == false)
    }

    @Test("--reduced-motion is fixed: reloads that lack or unset it keep it on, the file's own value is saved")
    func fixedLayer() throws {
        let (h, dir, path) = try Self.start(#"{"dragRadiusPoints": 140}"#, fixed: LiveFeelFile.reducedMotionLayer, name: "rt-fixed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(h.session.viewer.feel.reducedMotion)
        try #"{"dragRadiusPoints": 100}"#.write(toFile: path, atomically: false, encoding: .utf8)
        try h.step(3)
        #expect(h.session.viewer.feel.reducedMotion && h.session.viewer.feel.dragRadiusPoints == 100)
        #expect(h.session.lab.feelLab.message?.text == "reloaded feel.json: dragRadiusPoints 100 pt; reducedMotion kept as the command line set it")
        try h.step(1, Self.ctrlS)
        let saved = try FeelFile.read(path: path).feel
        #expect(!saved.reducedMotion && saved.dragRadiusPoints == 100)
        #expect(try h.replayedStates() == h.states.text)
    }

    @Test("a feel file over 1 MB is refused unread, as a reload error naming its size")
    func oversized() throws {
        let (h, dir, path) = try Self.start(#"{"dragRadiusPoints": 150}"#, name: "rt-big")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 1.5 MB: a JSON object padded with spaces (valid JSON, a size no feel file needs).
        let big = "{" + String(repeating: " ", count: 3 << 19) + "}"
        try big.write(toFile: path, atomically: false, encoding: .utf8)
        try h.step(3)
        #expect(try h.recordedEffects() == [.feelReloadFailed(message: "\(path): 1.5 MB is too large for a feel file (at most 1 MB)")])
    }

    @Test("a full disk while recording stops the recording with a message; the app runs on and the tuning is kept")
    func fullDisk() throws {
        let dir = try temporaryFolder("rt-full")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = TestLineSink()
        let h = try FrameLoopHarness(saveFolder: dir, trace: trace)
        let tuned = try Self.tuneFirstParameter(h)
        trace.capacity = trace.lines.count + 3
        try h.step(10)
        #expect(h.loop.isRunning)
        #expect(h.session.recordingFailure != nil)
        #expect(h.warnings.count == 1 && h.warnings[0].hasPrefix("photozoom: recording stopped: /full/disk.jsonl"))
        #expect(h.session.lab.feelLab.message?.isError == true)
        #expect(h.session.viewer.feel == tuned)
        // Frames go on; the tuning can still be saved.
        try h.step(1, Self.ctrlS)
        #expect(try FeelFile.read(path: dir + "/feel.json").feel == tuned)
        #expect(h.session.frameCount > trace.lines.count - 3)
    }
}
