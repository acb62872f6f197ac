import Foundation
import Geometry
import Gestures
import LabUI
import Testing
@testable import FeelFiles
@testable import PlayerWindow
import Player
import Trace
import Viewing
import Drawing
import Events

@Suite("Player loop: the person's input from the event source moves the player; the clock plays it")
struct PlayerLoopTests {
    /// Two seconds at 60 Hz: a click opens photo 2 at 0.2 s.
    static func trace() -> PlaybackTrace {
        let header = TraceHeader(windowSize: FrameLoopHarness.windowSize, scale: 1, photos: FrameLoopHarness.photos, feel: nil)
        let cell = GridLayout(windowSize: header.windowSize, photoCount: header.photos.count).cellRect(2, scroll: 0).center
        var events: [InputEvent] = []
        for k in 1...120 {
            let t = Double(k) / 60
            if k == 12 { events += [.pointer(.down, t - 0.01, cell.x, cell.y), .pointer(.up, t - 0.004, cell.x, cell.y)] }
            events.append(.frame(t))
        }
        return PlaybackTrace(name: "loop", header: header, events: events)
    }

    @Test("a burst of keys steps and plays; wall time at 0.5× moves the playhead half as far; closing the window quits")
    func loopDrivesPlayer() throws {
        let controls = PlayerControls(player: try TracePlayer(trace: Self.trace()), windowSize: FrameLoopHarness.windowSize)
        let source = ScriptedEventSource(), clock = ManualClock()
        let feelFile = try LiveFeelFile(argument: nil, saveFolder: try Self.scratch("loop"))
        let loop = PlayerLoop(controls: controls, source: source, clock: clock, save: feelFile.save)
        source.bursts = [[.key(.down, "right"), .key(.up, "right"), .key(.down, "right")], [.key(.down, "["), .key(.down, "space")], [], [.quit]]
        clock.time = 5
        try loop.step()
        #expect(controls.player.frame == 3)
        try loop.step()
        #expect(controls.player.isPlaying && controls.player.speed == 0.5)
        let start = controls.player.time
        clock.time = 5.2
        try loop.step()
        // 0.2 s of wall time at 0.5×: 0.1 s of the trace.
        #expect(abs(controls.player.time - (start + 0.1)) < 1e-12)
        #expect(controls.player.frame == controls.player.trace.frame(atTime: start + 0.1))
        #expect(loop.isRunning)
        try loop.step()
        #expect(!loop.isRunning)
    }

    /// A fresh empty folder for one test's feel files.
    static func scratch(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "photozoom-player-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Ctrl+S saves the feel playing, edits included, by the live window's rules: a fresh feel.json; beside a feel file changed on disk; the message line says where")
    func ctrlSSaves() throws {
        let folder = try Self.scratch("save")
        let controls = PlayerControls(player: try TracePlayer(trace: Self.trace()), windowSize: FrameLoopHarness.windowSize)
        let source = ScriptedEventSource(), clock = ManualClock()
        let loop = PlayerLoop(controls: controls, source: source, clock: clock,
                              save: try LiveFeelFile(argument: nil, saveFolder: folder).save)
        // Tab shows the panel, Right steps its first parameter, Ctrl+S saves: all in one frame's burst.
        source.bursts = [[.key(.down, "tab"), .key(.down, "right"), .key(.down, "s", mods: .ctrl), .key(.up, "s", mods: .ctrl)]]
        clock.time = 1
        try loop.step()
        let edited = try #require(controls.panel).selectedParameter
        #expect(controls.player.edits.keys == [edited.key])
        let saved = try FeelFile.read(path: folder + "/feel.json").feel
        #expect(saved == controls.player.a.viewer.feel)
        #expect(edited.value(in: saved) != edited.value(in: .defaults))
        #expect(controls.message?.text.hasPrefix("saved \(folder)/feel.json") == true)
        #expect(controls.message?.isError == false)
        // Drawn in the message line over A's scene.
        let text = TextMetrics(advance: 0.602, lineHeight: 1.17)
        #expect(controls.scene(of: controls.player.a, text: text).overlays.contains { if case let .label(s, _, _, _) = $0 { return s.hasPrefix("saved ") } else { return false } })

        // play --feel mine.json, which the person then edits on disk: the save goes beside it.
        let mine = folder + "/mine.json"
        try #"{"dragRadiusPoints":120}"#.write(toFile: mine, atomically: true, encoding: .utf8)
        let second = PlayerControls(player: try TracePlayer(trace: Self.trace()), windowSize: FrameLoopHarness.windowSize)
        let source2 = ScriptedEventSource()
        let loop2 = PlayerLoop(controls: second, source: source2, clock: clock,
                               save: try LiveFeelFile(argument: mine, saveFolder: folder).save)
        try #"{"dragRadiusPoints":135}"#.write(toFile: mine, atomically: true, encoding: .utf8)
        source2.bursts = [[.key(.down, "s", mods: .ctrl)]]
        try loop2.step()
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == #"{"dragRadiusPoints":135}"#)
        #expect(FileManager.default.fileExists(atPath: folder + "/mine-2.json"))
        #expect(second.message?.text.contains("mine.json was changed on disk since it was read, so it was left as it is") == true)
    }
}
