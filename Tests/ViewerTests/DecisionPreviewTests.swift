import Geometry
import Gestures
import Testing
@testable import LabUI
@testable import Viewing
import Drawing
import Events
import FeelModel

/// The decision overlay tells what a release does: the preview read just before letting go names
/// the verdict and the rule, and the release that follows does exactly that.
@Suite("Decision preview: its verdict and reason are what the release then does")
struct DecisionPreviewTests {
    static let centre = Point(640, 400)

    static func presented() -> ViewerScript {
        var s = ViewerScript()
        s.openAndSettle(12)
        return s
    }

    static func lastRelease(_ s: ViewerScript) throws -> ViewerNote.Release {
        try #require(s.notes.compactMap { if case let .released(r) = $0 { r } else { nil } }.last)
    }

    /// The text the overlay shows for the rule: the reason's words and the verdict.
    static func ruleLine(_ viewer: Viewer) -> String? {
        guard let preview = viewer.dismissPreview else { return nil }
        let lines = DecisionOverlay.boxLines(for: preview)
        return lines.first { $0.decides && !$0.isHeader }?.text
    }

    @Test("a pan far past the radius: preview says close by the projected distance, and the release closes")
    func panClose() throws {
        var s = Self.presented()
        // 220 pt down in 0.2 s (1100 pt/s): projected 220 + 1100·0.998/2 = 769 pt, past 150.
        s.drag(from: Self.centre, to: Self.centre + Point(0, 220), duration: 0.2, release: false)
        let preview = try #require(s.viewer.dismissPreview)
        #expect(preview.verdict == .close)
        guard case let .projectedPastRadius(distance, radius)? = preview.reason else {
            Issue.record("reason \(String(describing: preview.reason))"); return
        }
        #expect(radius == 150 && distance > 150)
        #expect(abs(distance - preview.travel.projectedOffset.length) < 1e-9)
        #expect(Self.ruleLine(s.viewer)?.hasPrefix("projected ") == true)
        #expect(Self.ruleLine(s.viewer)?.hasSuffix("> radius 150 → close") == true)
        s.lift(Self.centre + Point(0, 220))
        let r = try Self.lastRelease(s)
        #expect(r.decision == preview.verdict)
        #expect(s.phase == .closing)
    }

    @Test("a pan moving back toward the start faster than 100 pt/s: preview says return by reversal, and it returns")
    func panReturnMovingBack() throws {
        var s = Self.presented()
        // 400 pt down, then 50 pt back up in 0.05 s (1000 pt/s toward the start): the projection
        // still lands far past the radius, but the reversal rule returns.
        s.drag(through: [Self.centre, Self.centre + Point(0, 400), Self.centre + Point(0, 350)], durations: [0.5, 0.05],
               release: false)
        let preview = try #require(s.viewer.dismissPreview)
        #expect(preview.verdict == .return)
        guard case let .movingBack(speed, limit)? = preview.reason else {
            Issue.record("reason \(String(describing: preview.reason))"); return
        }
        #expect(limit == 100 && speed > 100)
        #expect(abs(speed - preview.backSpeed) < 1e-9)
        #expect(preview.travel.projectedOffset.length > 150)
        #expect(Self.ruleLine(s.viewer)?.hasPrefix("moving back toward start at ") == true)
        s.lift(Self.centre + Point(0, 350))
        let r = try Self.lastRelease(s)
        #expect(r.decision == preview.verdict)
        #expect(s.phase == .opening)
    }

    @Test("a pinch to 0.6 held still: preview says close by the projected scale 0.60 < 0.75, and the release closes")
    func pinchClose() throws {
        var s = Self.presented()
        s.manipulate(pivot: Self.centre, scale: 0.6, duration: 0.3, kind: .pinch, end: false)
        // The fingers come to rest: the last update and the release both have no velocity, so the
        // projected scale is the scale itself.
        let still = Manipulation(phase: .changed, kind: .pinch, source: .mouseMirrored, startPivot: Self.centre, scale: 0.6,
                                 fingers: [Self.centre + Point(-24, 0), Self.centre + Point(24, 0)], time: s.now + 0.05)
        s.now += 0.05
        s.gesture(.manipulation(still))
        let preview = try #require(s.viewer.dismissPreview)
        #expect(preview.verdict == .close)
        #expect(preview.scale.value == 0.6 && preview.scale.projected == 0.6 && preview.scale.threshold == 0.75)
        #expect(preview.reason == .projectedScaleBelow(projectedScale: 0.6, threshold: 0.75))
        #expect(Self.ruleLine(s.viewer) == "projected scale 0.60 < 0.75 → close")
        var end = still
        end.phase = .ended
        s.gesture(.manipulation(end))
        let r = try Self.lastRelease(s)
        #expect(r.decision == .close && r.projected == preview.scale.projected)
        #expect(s.phase == .closing)
    }

    @Test("a pinch that ends above the close scale: preview says return, and the release returns")
    func pinchReturn() throws {
        var s = Self.presented()
        s.manipulate(pivot: Self.centre, scale: 0.9, duration: 0.3, kind: .pinch, end: false)
        let still = Manipulation(phase: .changed, kind: .pinch, source: .mouseMirrored, startPivot: Self.centre, scale: 0.9,
                                 time: s.now + 0.05)
        s.now += 0.05
        s.gesture(.manipulation(still))
        let preview = try #require(s.viewer.dismissPreview)
        #expect(preview.verdict == .return)
        #expect(preview.reason == .shortOfClosing(projectedDistance: 0, radius: 150, projectedScale: 0.9, threshold: 0.75,
                                                  projectedRotation: nil, rotationThreshold: Feel.defaults.dismissRotationRadians))
        #expect(Self.ruleLine(s.viewer)?.hasPrefix("scale 0.90 ≥ 0.75, 0 pt ≤ radius 150 → return") == true)
        var end = still
        end.phase = .ended
        s.gesture(.manipulation(end))
        let r = try Self.lastRelease(s)
        #expect(r.decision == .return)
        #expect(s.phase == .opening)
    }

    @Test("a touchpad pinch: the preview marks the gesture's centre between its two fingers and gives its scale")
    func touchpadPinch() throws {
        var s = Self.presented()
        let at = Self.centre + Point(30, -20)
        s.send(.touchpad(TouchpadGesture(gesture: .pinch, phase: .begin, fingers: 2, position: at)))
        for i in 1...12 {
            s.send(.touchpad(TouchpadGesture(gesture: .pinch, phase: .update, fingers: 2, position: at, delta: Point(2, 1),
                                             scale: 1 - 0.04 * Double(i), angleDelta: 1)), after: 1.0 / 120)
            s.frame()
        }
        let preview = try #require(s.viewer.dismissPreview)
        // The centre travelled 12 × (2, 1) from the pointer; the fingers are either side of it.
        let pivot = try #require(preview.pivot)
        #expect(pivot.distance(to: at + Point(24, 12)) < 1e-6, "\(pivot)")
        #expect(((preview.fingers[0] + preview.fingers[1]) / 2).distance(to: pivot) < 1e-6)
        #expect(abs(preview.scale.value - 0.52) < 1e-9, "\(preview.scale.value)")
        // A touch screen's two fingers have no centre mark (only the line between them).
        var t = Self.presented()
        t.send(.touch(phase: .down, id: 1, position: Self.centre - Point(100, 0)))
        t.send(.touch(phase: .down, id: 2, position: Self.centre + Point(100, 0)))
        for i in 1...6 {
            t.send(.touch(phase: .move, id: 1, position: Self.centre - Point(100 - 5 * Double(i), 0)), after: 1.0 / 120)
            t.frame()
        }
        #expect(try #require(t.viewer.dismissPreview).pivot == nil)
    }

    @Test("an Alt-drag pinch from the mouse: the preview has the mirrored fingers and their pivot, and its verdict holds")
    func mirroredPinch() throws {
        var s = Self.presented()
        // Alt + drag from 200 pt right of the photo's centre to 100 pt right of it: the mirrored
        // fingers close in about the centre, scale 100/200 = 0.5.
        let from = Self.centre + Point(200, 0), to = Self.centre + Point(100, 0)
        s.press(from, mods: [.alt])
        for i in 1...12 {
            s.move(from + (to - from) * (Double(i) / 12), after: 1.0 / 120, mods: [.alt])
            s.frame()
        }
        let preview = try #require(s.viewer.dismissPreview)
        let pivot = try #require(preview.pivot)
        #expect(pivot.distance(to: Self.centre) < 1e-6)
        #expect(preview.fingers.count == 2)
        // Mirrored: the pivot is the fingers' midpoint.
        #expect(((preview.fingers[0] + preview.fingers[1]) / 2).distance(to: pivot) < 1e-6)
        #expect(abs(preview.scale.value - 0.5) < 1e-6)
        #expect([.pinch, .pinchRotate].contains(preview.gesture))
        #expect(preview.verdict == .close)
        guard case .projectedScaleBelow? = preview.reason else { Issue.record("reason \(String(describing: preview.reason))"); return }
        // The overlay joins the fingers through the pivot.
        let o = DecisionOverlay.overlays(for: preview, windowSize: Size(1280, 800), text: .dejaVuSansMono)
        let white = Color(1, 1, 1, 0.95)
        #expect(o.contains(.line(from: preview.fingers[0], to: pivot, color: white)))
        #expect(o.contains(.line(from: pivot, to: preview.fingers[1], color: white)))
        s.lift(to, mods: [.alt])
        let r = try Self.lastRelease(s)
        #expect(r.decision == preview.verdict)
        #expect(s.phase == .closing)
    }

    @Test("an Alt-drag pinch held still past the velocity stop gap: the preview drops the velocity, as the release does")
    func heldStill() throws {
        var s = Self.presented()
        // 200 → 170 pt from the centre in 0.1 s: scale 0.85 falling at 1.5/s projects to
        // 0.85 − 1.5·0.998/2 ≈ 0.10, below 0.75: close while moving.
        let from = Self.centre + Point(200, 0), to = Self.centre + Point(170, 0)
        s.press(from, mods: [.alt])
        for i in 1...12 {
            s.move(from + (to - from) * (Double(i) / 12), after: 1.0 / 120, mods: [.alt])
        }
        s.frame()
        let moving = try #require(s.viewer.dismissPreview)
        #expect(moving.verdict == .close && moving.scale.velocity < -1)
        // Held still for 0.1 s, longer than the 40 ms stop gap: a release now has no velocity, so
        // the projected scale is the scale, 0.85, not below 0.75.
        s.run(0.1)
        let still = try #require(s.viewer.dismissPreview)
        #expect(still.scale.velocity == 0 && still.travel.velocity == .zero)
        #expect(abs(still.scale.projected - 0.85) < 1e-6)
        #expect(still.verdict == .return)
        s.lift(to, mods: [.alt])
        let r = try Self.lastRelease(s)
        #expect(r.decision == still.verdict)
        #expect(r.scaleVelocity == 0)
        #expect(s.phase == .opening)
    }

    @Test("paging: the preview names the rule (flick, projected offset, or neither) and the release turns the page it said")
    func paging() throws {
        // A flick: 60 pt left at 1000 pt/s.
        var s = ViewerScript()
        s.openAndSettle(5)
        s.drag(from: Point(900, 400), to: Point(840, 400), duration: 0.06, release: false)
        var preview = try #require(s.viewer.dismissPreview)
        #expect(preview.verdict == .next)
        // Projected −60 − 1000·0.998/2 = −559 pt, short of half the width (640): the flick decides.
        #expect(preview.reason == .flick(speed: preview.travel.velocity.x, limit: 500))
        // The drag radius is a dismissal's rule: no ring while paging.
        let o = DecisionOverlay.overlays(for: preview, windowSize: Size(1280, 800), text: .dejaVuSansMono)
        #expect(!o.contains { if case .ring(_, 150, _) = $0 { true } else { false } })
        s.lift(Point(840, 400))
        #expect(try Self.lastRelease(s).decision == .next)
        #expect(s.snapshot.photo == 6)

        // A slow short drag stays, short of both rules.
        var q = ViewerScript()
        q.openAndSettle(5)
        q.drag(from: Point(900, 400), to: Point(800, 400), duration: 1.0, release: false)
        preview = try #require(q.viewer.dismissPreview)
        #expect(preview.verdict == .stay)
        guard case let .shortOfPaging(projected, distance, _, limit)? = preview.reason else {
            Issue.record("reason \(String(describing: preview.reason))"); return
        }
        #expect(distance == 640 && limit == 500 && abs(projected) < 640)
        q.lift(Point(800, 400))
        #expect(try Self.lastRelease(q).decision == .stay)
    }
}

/// The overlay's labels and verdict box: none overlaps another, all inside the window.
@Suite("Decision overlay layout: labels and the verdict box never overlap and stay in the window")
struct DecisionOverlayLayoutTests {
    /// The rectangles the overlay fills (label backings and the verdict box: nothing else is filled).
    static func boxes(_ overlays: [Scene.Overlay]) -> [Rect] {
        overlays.compactMap { if case let .rect(r, _, true) = $0 { r } else { nil } }
    }

    /// Each text's extent: 0.602 em per character (hinted to whole pixels: never less than the
    /// rounded advance), 1.17 em tall (DejaVu Sans Mono).
    static func texts(_ overlays: [Scene.Overlay]) -> [(String, Rect)] {
        overlays.compactMap {
            guard case let .text(s, at, size, _) = $0 else { return nil }
            let advance = max(0.602 * size, (0.602 * size).rounded())
            return (s, Rect(x: at.x, y: at.y, width: Double(s.count) * advance, height: 1.17 * size))
        }
    }

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.minY >= outer.minY - 1e-9
            && inner.maxX <= outer.maxX + 1e-9 && inner.maxY <= outer.maxY + 1e-9
    }

    static func overlap(_ a: Rect, _ b: Rect) -> Double {
        let w = min(a.maxX, b.maxX) - max(a.minX, b.minX), h = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return w > 0 && h > 0 ? w * h : 0
    }

    @Test("a sweep of start, current and projected points, coincident and near every edge, in two window sizes")
    func sweep() {
        var cases = 0
        for window in [Size(1280, 800), Size(800, 500)] {
            let w = window.width, h = window.height
            let places = [Point(w / 2, h / 2), Point(w / 2 + 5, h / 2 + 3), Point(2, 2), Point(w - 2, 2), Point(2, h - 2),
                          Point(w - 2, h - 2), Point(w / 2, 1), Point(1, h / 2), Point(w - 1, h / 2), Point(w / 2, h - 1),
                          Point(w - 60, h - 40), Point(-300, h + 200)]
            let panel = TuningPanel.layout(windowSize: window).panel
            for (i, start) in places.enumerated() {
                for (j, current) in places.enumerated() {
                    for (k, projected) in places.enumerated() {
                        // Every third case has two virtual fingers about a pivot, and keeps clear of the panel.
                        let pinch = (i + j + k) % 3 == 0
                        let fingers = pinch ? [current + Point(-60, 10), current + Point(60, -10)] : []
                        let preview = DismissPreview(
                            gesture: pinch ? .pinchRotate : .pan, verdict: .close,
                            reason: pinch ? .projectedScaleBelow(projectedScale: 0.62, threshold: 0.75)
                                : .projectedPastRadius(projectedDistance: 980, radius: 150),
                            travel: .init(start: start, current: current, velocity: (projected - current) * 2, projected: projected),
                            scale: .init(value: pinch ? 0.8 : 1, velocity: pinch ? -1.4 : 0, projected: pinch ? 0.62 : 1,
                                         threshold: Feel.defaults.dismissPinchCloseScale),
                            rotation: .init(value: pinch ? 0.2 : 0, velocity: pinch ? 0.8 : 0,
                                            threshold: Feel.defaults.dismissRotationRadians),
                            limits: .init(dragRadiusPoints: 150), fingers: fingers, pivot: pinch ? current : nil)
                        let keepClear = pinch ? [panel] : []
                        let o = DecisionOverlay.overlays(for: preview, windowSize: window, keepClear: keepClear, text: .dejaVuSansMono)
                        let rects = Self.boxes(o)
                        let name = "window \(window) start \(start) current \(current) projected \(projected)"
                        // The box, "projected", "start", the drag radius when its ring shows, "pivot" with fingers.
                        #expect(rects.count >= 3, "\(name)")
                        for (a, r) in rects.enumerated() {
                            #expect(Self.contains(Rect(x: 0, y: 0, width: w, height: h), r), "\(name): \(r) leaves the window")
                            for s in rects[(a + 1)...] {
                                #expect(Self.overlap(r, s) == 0, "\(name): \(r) overlaps \(s)")
                            }
                            for k in keepClear { #expect(Self.overlap(r, k) == 0, "\(name): \(r) covers the panel") }
                        }
                        for (text, extent) in Self.texts(o) {
                            #expect(rects.contains { Self.contains($0, extent) }, "\(name): \"\(text)\" outside its backing")
                        }
                        cases += 1
                    }
                }
            }
        }
        report("decision overlay layout: \(cases) cases without an overlap")
    }

    @Test("the verdict box lists the figures each rule uses, and marks the one that decided")
    func figures() {
        let pinch = DismissPreview(gesture: .pinchRotate, verdict: .close,
                                   reason: .projectedScaleBelow(projectedScale: 0.62, threshold: 0.75),
                                   travel: .init(start: Point(640, 400), current: Point(640, 400), velocity: .zero, projected: Point(640, 400)),
                                   scale: .init(value: 0.82, velocity: -0.4, projected: 0.62, threshold: Feel.defaults.dismissPinchCloseScale),
                                   rotation: .init(value: 0.2094395, velocity: 0.8, projected: 0.609,
                                                   threshold: Feel.defaults.dismissRotationRadians),
                                   limits: .init(dragRadiusPoints: 150))
        let lines = DecisionOverlay.boxLines(for: pinch)
        #expect(lines.map(\.text) == [
            "release now → close",
            "projected scale 0.62 < 0.75 → close",
            "pinch  0.82×  -0.40/s → 0.62×  close < 0.75×",
            // 0.8 rad/s = 45.8°/s; 0.609 rad = 34.9°; the rule's 45° is π/4.
            "rotate 12°  46°/s → 35°  close > ±45°",
            "pan    0 pt  0 pt/s → 0 pt  close > 150",
            "back   0 pt/s toward start  return > 100",
        ])
        #expect(lines.filter(\.decides).map(\.text) == ["projected scale 0.62 < 0.75 → close",
                                                        "pinch  0.82×  -0.40/s → 0.62×  close < 0.75×"])
    }
}
