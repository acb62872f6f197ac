import Geometry
import Gestures
import LabUI
import Testing
@testable import Player
import Trace
import Viewing
import Drawing
import Events
import FeelModel

@Suite("Player controls: keys and the timeline move the player; the panel edits the feel; A/B pin and view")
struct PlayerControlsTests {
    /// Twenty seconds of generated use: a few gestures, releases and an interruption or two.
    static let session = GeneratedSession(seconds: 20, seed: 7)
    static let window = Size(1280, 800)
    /// DejaVu Sans Mono's advance and line height, ems (what the shell measures).
    static let text = TextMetrics(advance: 0.602, lineHeight: 1.17)

    static func controls() throws -> PlayerControls {
        PlayerControls(player: try TracePlayer(trace: session.trace, checkpointInterval: 300), windowSize: window)
    }

    static func key(_ name: String, _ mods: Modifiers = []) -> InputEvent.Kind { .key(phase: .down, key: name, modifiers: mods) }

    @Test("arrows and , . step a frame; Shift+arrows go to releases and interruptions; Home, End, digits, [ ] and Space")
    func keysMoveThePlayer() throws {
        let c = try Self.controls()
        let p = c.player
        try c.handle(Self.key("right"))
        try c.handle(Self.key("."))
        #expect(p.frame == 3)
        try c.handle(Self.key("left"))
        #expect(p.frame == 2)
        try c.handle(Self.key(","))
        try c.handle(Self.key(","))
        #expect(p.frame == 1)
        // Shift+arrows stand on each release's own instant (the frame before its effect shows) and
        // on the frame of each interruption, in time order.
        let decisions = p.a.marks.filter { $0.kind != .gesture }.map(p.playhead(of:))
        try c.handle(Self.key("right", .shift))
        #expect(p.time == decisions[0])
        try c.handle(Self.key("right", .shift))
        #expect(p.time == decisions.first { $0 > decisions[0] })
        try c.handle(Self.key("left", .shift))
        #expect(p.time == decisions[0])
        try c.handle(Self.key("2"))
        #expect(p.frame == p.a.marks.filter { $0.kind == .gesture }[1].frame)
        try c.handle(Self.key("end"))
        #expect(p.frame == p.frameCount)
        try c.handle(Self.key("home"))
        #expect(p.frame == 1)
        try c.handle(Self.key("["))
        #expect(p.speed == 0.5)
        try c.handle(Self.key("]"))
        try c.handle(Self.key("]"))
        #expect(p.speed == 2)
        try c.handle(Self.key("space"))
        #expect(p.isPlaying)
        try c.tick(at: 10)
        try c.tick(at: 10.25)
        // 0.25 s of wall time at 2×: half a second of the trace.
        #expect(p.time == p.trace.time(ofFrame: 1) + 0.5)
        try c.handle(Self.key("space"))
        #expect(!p.isPlaying)
        #expect(!c.wantsToQuit)
        try c.handle(Self.key("q"))
        #expect(c.wantsToQuit)
    }

    @Test("a press on the timeline scrubs to the instant under it and a drag goes on; a press above it does not")
    func timelineScrubs() throws {
        let c = try Self.controls()
        let p = c.player
        let bar = c.timeline
        let y = bar.track.center.y
        try c.handle(.pointer(phase: .down, position: Point(bar.track.minX + bar.track.width * 0.25, y), button: .left, modifiers: []))
        #expect(c.isScrubbing)
        // A quarter of the way along the track: a quarter of the way through the trace.
        let quarter = p.trace.time(ofFrame: 1) + 0.25 * (p.trace.time(ofFrame: p.frameCount) - p.trace.time(ofFrame: 1))
        #expect(abs(p.time - quarter) < 1e-9)
        #expect(p.frame == p.trace.frame(atTime: quarter))
        try c.handle(.pointer(phase: .move, position: Point(bar.track.maxX + 50, 300), button: .left, modifiers: []))
        #expect(p.frame == p.frameCount)
        try c.handle(.pointer(phase: .up, position: Point(bar.track.maxX + 50, 300), button: .left, modifiers: []))
        try c.handle(.pointer(phase: .move, position: Point(bar.track.minX, 300), button: nil, modifiers: []))
        #expect(p.frame == p.frameCount)
        try c.handle(.pointer(phase: .down, position: Point(bar.track.minX, bar.frame.minY - 1), button: .left, modifiers: []))
        #expect(!c.isScrubbing)
        #expect(p.frame == p.frameCount)
    }

    @Test("with the panel shown, arrows adjust the feel, which re-runs the trace at the same frame; , and . still step")
    func panelEditsTheFeel() throws {
        let c = try Self.controls()
        let p = c.player
        try p.seek(toFrame: 300)
        #expect(c.panel == nil)
        try c.handle(Self.key("tab"))
        #expect(c.panel?.isVisible == true)
        let selected = try #require(c.panel).selectedParameter
        try c.handle(Self.key("right"))
        #expect(p.frame == 300)
        #expect(p.edits.keys == [selected.key])
        #expect(selected.value(in: p.a.viewer.feel) == selected.adjusted(selected.value(in: Feel.defaults), steps: 1, fine: false))
        // What is shown is the straight replay under the edit, which is not the unedited one.
        let edited = try Self.session.straightReplay(feel: p.edits.layer).lines
        #expect(StateLogFormat.line(p.a.viewer.snapshot) == edited[299])
        #expect(edited != (try Self.session.straightReplay().lines))
        try c.handle(Self.key("."))
        #expect(p.frame == 301)
        // The panel is drawn from the player's copy, over the replayed state.
        #expect(c.scene(of: p.a, text: Self.text).overlays.count > p.a.viewer.scene(text: Self.text).overlays.count)
        #expect(c.caption.contains("edited: \(selected.key)"))
        // Backspace resets the parameter to its value before the edit: no edit is left (the
        // caption's "edited:" goes), and the run is the unedited one again.
        try c.handle(Self.key("backspace"))
        #expect(p.a.viewer.feel == Feel.defaults)
        #expect(p.edits.keys.isEmpty)
        #expect(p.edits.layer == nil)
        #expect(!c.caption.contains("edited"))
        #expect(StateLogFormat.line(p.a.viewer.snapshot) == (try Self.session.straightReplay().lines)[300])
        // A step there and back is no edit either; Shift+Backspace (the built-in default, here
        // the value the trace has) none; a second Backspace with nothing edited changes nothing.
        try c.handle(Self.key("down"))
        try c.handle(Self.key("left"))
        #expect(p.edits.keys.count == 1)
        try c.handle(Self.key("right"))
        #expect(p.edits.keys.isEmpty)
        try c.handle(Self.key("right"))
        try c.handle(Self.key("backspace", .shift))
        #expect(p.edits.keys.isEmpty)
        let unedited = p.a
        try c.handle(Self.key("backspace"))
        #expect(p.a === unedited)
        try c.handle(Self.key("escape"))
        #expect(c.panel?.isVisible == false)
        #expect(!c.wantsToQuit)
    }

    @Test("Shift+Right lands on a release's instant: the hold is still shown, with the decision the overlay draws")
    func shiftRightLandsOnTheRelease() throws {
        let c = try Self.controls()
        let p = c.player
        let release = try #require(p.a.marks.first { $0.kind == .release && $0.label.hasPrefix("pan") })
        try p.seek(toFrame: release.frame - 2)
        try c.handle(Self.key("right", .shift))
        #expect(p.time == release.time)
        // The frame at the release instant is the last drawn before it: the photo is still held,
        // so the dismissal's decision preview is there to draw.
        #expect(p.frame == p.trace.frame(atTime: release.time))
        #expect(p.frame < release.frame)
        #expect(p.a.viewer.snapshot.phase == .interacting)
        #expect(p.a.viewer.dismissPreview != nil)
    }

    @Test("Ctrl+S then the shell's saved result: the panel says saved as the message does, and compares with what was saved")
    func saveAgreesWithThePanel() throws {
        let c = try Self.controls()
        let p = c.player
        try p.seek(toFrame: 300)
        try c.handle(Self.key("tab"))
        let selected = try #require(c.panel).selectedParameter
        try c.handle(Self.key("right"))
        func status() -> [String] {
            c.scene(of: p.a, text: Self.text).overlays.compactMap { o -> String? in
                if case let .text(s, _, _, _) = o, s.hasPrefix("FEEL  ") { return s } else { return nil }
            }
        }
        #expect(status().contains { $0.hasPrefix("FEEL  1 unsaved") }, "\(status())")
        try c.handle(Self.key("s", .ctrl))
        let saving = try #require(c.takeSave())
        c.saveFinished(.feelSaved(path: "/tmp/feel.json", message: "saved /tmp/feel.json"))
        #expect(c.message?.text == "saved /tmp/feel.json")
        #expect(status().contains { $0.hasPrefix("FEEL  saved") }, "\(status())")
        #expect(c.baseline == saving)
        // Still an edit of the recorded run; another step is one unsaved change against the save,
        // and Backspace returns to the saved value, not the recorded one.
        #expect(p.edits.keys == [selected.key])
        try c.handle(Self.key("right"))
        #expect(status().contains { $0.hasPrefix("FEEL  1 unsaved") })
        try c.handle(Self.key("backspace"))
        #expect(selected.value(in: p.a.viewer.feel) == selected.value(in: saving))
        #expect(status().contains { $0.hasPrefix("FEEL  saved") })
        // A failed save changes nothing but the message.
        try c.handle(Self.key("right"))
        try c.handle(Self.key("s", .ctrl))
        _ = c.takeSave()
        c.saveFinished(.feelSaveFailed(message: "cannot save"))
        #expect(c.baseline == saving)
    }

    @Test("b pins the feel playing as B, an edit then changes A only; b again drops B; g switches ghost and split")
    func pinAndCompare() throws {
        let c = try Self.controls()
        let p = c.player
        try c.handle(Self.key("b"))
        let pinned = try #require(p.b)
        #expect(pinned === p.a)
        var feel = p.a.viewer.feel
        feel.openSpring.responseSeconds = 0.9
        try p.edit(feel: feel)
        #expect(p.b === pinned && p.a !== pinned)
        #expect(c.comparison == .ghost)
        try c.handle(Self.key("g"))
        #expect(c.comparison == .split)
        #expect(c.caption.contains("A/B split"))
        try c.handle(Self.key("b"))
        #expect(p.b == nil)
    }

    @Test("d shows the decision overlay over the replayed state without changing it")
    func decisionOverlayToggles() throws {
        let c = try Self.controls()
        let p = c.player
        let grab = try #require(p.a.marks.first { $0.label == "pan" })
        try p.seek(toFrame: grab.frame + 3)
        let recorded = p.a.lab.scene(text: Self.text).overlays.count
        try c.handle(Self.key("d"))
        #expect(c.showsDecisions == true)
        #expect(c.scene(of: p.a, text: Self.text).overlays.count > recorded)
        #expect(p.a.lab.feelLab.showsDecisions == false)
    }
}

@Suite("Timeline bar and ghost: where marks and the playhead go, what B's ghost adds")
struct TimelineAndGhostTests {
    @Test("times and x positions map onto each other along the track; marks sit at their times")
    func timelineMapping() {
        let bar = TimelineBar(windowSize: Size(1000, 600), start: 2, end: 12)
        #expect(bar.frame == Rect(x: 0, y: 600 - TimelineBar.height, width: 1000, height: TimelineBar.height))
        // The track runs from the inset to width − inset: 976 pt for 10 s.
        #expect(bar.x(atTime: 7) == 12 + 976 / 2)
        #expect(bar.time(atX: 12 + 976 * 0.3) == 2 + 10 * 0.3)
        #expect(bar.time(atX: -40) == 2 && bar.time(atX: 5000) == 12)
        let marks = [PlaybackMark(kind: .release, frame: 10, time: 4.5, label: "pan → close")]
        let overlays = bar.overlays(marks: marks, playhead: 7, caption: "paused")
        let x = (bar.x(atTime: 4.5)).rounded() + 0.5
        #expect(overlays.contains(.line(from: Point(x, bar.track.minY - 5), to: Point(x, bar.track.maxY + 3), color: .overlay)))
        #expect(overlays.contains(.text("paused", at: Point(12, bar.frame.minY + 5), size: 12, color: TimelineBar.textColor)))
    }

    @Test("the ghost adds B's photos at 0.4 of their alpha, outlined, above A's and below A's overlays")
    func ghostComposition() {
        let quadA = Scene.PhotoQuad(photo: 1, crop: Rect(x: 0, y: 0, width: 1, height: 1), center: Point(400, 300),
                                    size: Size(200, 100), rotation: 0, alpha: 1)
        var quadB = quadA
        quadB.center = Point(420, 330)
        quadB.rotation = 0.1
        let a = Scene(windowSize: Size(800, 600), photos: [quadA], overlays: [.dot(center: .zero, radius: 2, color: .white)])
        let b = Scene(windowSize: Size(800, 600), photos: [quadB])
        let ghost = GhostScene.compose(a: a, b: b)
        #expect(ghost.photos.count == 2)
        #expect(ghost.photos[0] == quadA)
        #expect(ghost.photos[1].alpha == 0.4 && ghost.photos[1].center == quadB.center)
        #expect(ghost.overlays.first == .polyline(quadB.corners + [quadB.corners[0]], color: GhostScene.outlineColor))
        #expect(ghost.overlays.last == .dot(center: .zero, radius: 2, color: .white))
        let halves = GhostScene.splitFrames(scene: Size(1280, 800), window: Size(1280, 800))
        // Each half is 640 wide: the scene at half size, 400 high, centred vertically.
        #expect(halves.a == Rect(x: 0, y: 200, width: 640, height: 400))
        #expect(halves.b == Rect(x: 640, y: 200, width: 640, height: 400))
    }

    @Test("with slow motion on, the caption gives the viewer time (the summary's clock) beside the timeline's wall time")
    func captionSaysItsClocks() throws {
        // 0.25× from 0.1 s, frames every 16 ms: at the frame of 1.6 s the viewer is at
        // 0.1 + 0.25 · 1.5 = 0.475 s. Before, the caption gave only the wall clock's 1.58 s.
        var lines = ["{\"trace\":\"photozoom\",\"version\":1,\"window\":{\"w\":1280,\"h\":800},\"scale\":1,\"photos\":[{\"name\":\"a.jpg\",\"w\":400,\"h\":300}]}"]
        for k in 1...125 {
            if k == 7 { lines.append(#"{"t":0.1,"type":"key","phase":"down","key":"s","mods":[]}"#) }
            lines.append("{\"t\":\(Double(k) * 0.016),\"type\":\"frame\"}")
        }
        let reader = try TraceReader(text: lines.joined(separator: "\n") + "\n", name: "slowed", warn: { Issue.record("\($0)") })
        let c = PlayerControls(player: try TracePlayer(trace: try PlaybackTrace(reading: reader)), windowSize: PlayerControlsTests.window)
        try c.player.seek(toFrame: 100)
        #expect(c.caption.contains("wall (trace 1.60 s) · viewer 0.48 s, the summary's clock"), "\(c.caption)")
        try c.player.seek(toFrame: 5)
        #expect(!c.caption.contains("viewer"), "\(c.caption)")
    }
}
