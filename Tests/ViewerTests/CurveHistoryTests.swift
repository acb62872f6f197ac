import Geometry
import Testing
@testable import LabUI
@testable import Viewing
import Drawing

func snapshot(_ t: Double, _ phase: Phase, gesture: GestureName = .none, x: Double = 640, width: Double = 900,
              backdrop: Double = 1) -> StateSnapshot {
    StateSnapshot(frame: 0, time: t, phase: phase, photo: phase == .grid ? nil : 0,
                  image: phase == .grid ? nil : .init(center: Point(x, 400), size: Size(width, 600), rotation: 0),
                  backdrop: backdrop, progress: backdrop, scroll: 0, gesture: gesture)
}

@Suite("Live curves: the last 2 s of motion, with release and interruption marks")
struct CurveHistoryTests {
    @Test("release: a holding gesture ends; interruption: a flight turns before its natural end")
    func marks() {
        #expect(CurveMark.between(snapshot(1, .interacting, gesture: .pan), snapshot(1.1, .closing)) == CurveMark(kind: .release, time: 1.1))
        #expect(CurveMark.between(snapshot(1, .opening), snapshot(1.1, .closing)) == CurveMark(kind: .interruption, time: 1.1))
        #expect(CurveMark.between(snapshot(1, .closing), snapshot(1.1, .opening))?.kind == .interruption)
        #expect(CurveMark.between(snapshot(1, .opening), snapshot(1.1, .interacting, gesture: .pan))?.kind == .interruption)
        #expect(CurveMark.between(snapshot(1, .opening), snapshot(1.1, .presented)) == nil)
        #expect(CurveMark.between(snapshot(1, .closing), snapshot(1.1, .grid)) == nil)
        #expect(CurveMark.between(snapshot(1, .grid, gesture: .scroll), snapshot(1.1, .grid)) == nil)
        #expect(CurveMark.between(snapshot(1, .presented, gesture: .tap), snapshot(1.1, .closing)) == nil)
    }

    @Test("keeps 2 s of samples and the marks inside them; scale is width over the fit width")
    func window() {
        var h = CurveHistory()
        // 60 fps for 4 s, a release at 1 s and an interruption at 3.5 s.
        for i in 0...240 {
            let t = Double(i) / 60
            let phase: Phase = t < 1 ? .interacting : t < 3.5 ? .opening : .closing
            h.record(snapshot(t, phase, gesture: t < 1 ? .pan : .none, width: 450 + t * 100), fitWidth: 900)
        }
        let samples = h.samples
        #expect(samples.first!.time >= 4 - 2)
        #expect(samples.count == 121)                 // frames 120…240
        #expect(h.marks.map(\.kind) == [.interruption])
        #expect(abs(h.marks[0].time - 3.5) < 1 / 60)
        // scale = (450 + 4·100) / 900
        #expect(samples.last!.scale == (450 + 4.0 * 100) / 900)
    }

    @Test("the ring holds at most its capacity, newest kept, in order")
    func ring() {
        var h = CurveHistory(duration: 100, capacity: 8)
        for i in 0..<20 { h.record(snapshot(Double(i), .presented), fitWidth: 900) }
        #expect(h.samples.map(\.time) == (12..<20).map(Double.init))
    }

    @Test("compacted (a checkpoint's copy), it holds only the samples shown, and shows what the whole ring shows after every later frame, through the ring's wrap")
    func compacting() {
        // A 0.5 s window over a 64-sample ring, frames 15–19 ms apart (30 ± 3 in the window): the
        // ring wraps every 64 frames, and a compacted copy (≤ 34 samples) grows back into the wrap.
        var whole = CurveHistory(duration: 0.5, capacity: 64)
        var copies: [CurveHistory] = []
        var t = 0.0
        var mismatches = 0, mostHeldAfterCompacting = 0
        for i in 0..<600 {
            t += Double(15 + i % 5) / 1000
            let phase: Phase = i % 97 < 40 ? .interacting : i % 97 < 70 ? .closing : .opening
            let shot = snapshot(t, phase, gesture: phase == .interacting ? .pan : .none, x: 300 + Double(i % 50), width: 450 + Double(i % 31))
            whole.record(shot, fitWidth: 900)
            for k in copies.indices {
                copies[k].record(shot, fitWidth: 900)
                if copies[k].samples != whole.samples || copies[k].marks != whole.marks { mismatches += 1 }
            }
            if i % 45 == 44 {
                var copy = whole
                copy.compact()
                // What it holds: the samples shown (the window's, ≤ 0.5 s / 15 ms + 1 = 34), not the ring.
                #expect(copy.heldSamples == copy.samples.count)
                mostHeldAfterCompacting = max(mostHeldAfterCompacting, copy.heldSamples)
                copies.append(copy)
            }
        }
        #expect(copies.count == 13)
        #expect(mismatches == 0)
        #expect(mostHeldAfterCompacting <= 34)
        // The measure, shown failing on the whole ring: it holds its capacity.
        #expect(whole.heldSamples == 64)
    }

    @Test("time going backwards (a new session) starts over")
    func reset() {
        var h = CurveHistory()
        h.record(snapshot(5, .presented), fitWidth: 900)
        h.record(snapshot(1, .presented), fitWidth: 900)
        #expect(h.samples.map(\.time) == [1])
    }

    @Test("curves draw as polylines inside their rect, broken where there is no photo, marks as vertical lines")
    func drawing() {
        var h = CurveHistory()
        for i in 0...60 {
            let t = Double(i) / 60
            let phase: Phase = i < 20 ? .grid : i < 40 ? .opening : .closing
            h.record(snapshot(t, phase, x: 300 + Double(i)), fitWidth: 900)
        }
        let rect = Rect(x: 100, y: 500, width: 400, height: 200)
        let overlays = h.overlays(in: rect)
        var polylines = 0, verticals = 0
        for o in overlays {
            switch o {
            case let .polyline(points, _):
                polylines += 1
                #expect(points.allSatisfy { rect.insetBy(dx: -0.01, dy: -0.01).contains($0) })
            case let .line(a, b, color):
                if a.x == b.x, color == CurveHistory.Palette.interruption { verticals += 1 }
            default: break
            }
        }
        // x, y, scale, rotation while a photo is out (one run each) + backdrop (one run)
        #expect(polylines == 5)
        #expect(verticals == 4)                     // one interruption mark in each of 4 strips
    }
}

extension CurveHistoryTests {
    @Test("every curve runs below its strip's label, even a value at the top of its range (backdrop 1, the larger centre coordinate)")
    func curvesClearTheLabels() {
        var h = CurveHistory()
        // A photo at rest, presented: each value is flat, the backdrop at 1 (its range's top) and the
        // centre's x (640) above its y (400), so both sit at the top of their strips.
        for i in 0...60 { h.record(snapshot(Double(i) / 60, .presented), fitWidth: 900) }
        let textSize = 10.0
        let overlays = h.overlays(in: Rect(x: 0, y: 0, width: 400, height: 200), textSize: textSize)
        // Each strip is its frame, then its curves, then its label: pair each strip's curves with its label.
        var strips: [(curves: [Point], label: Point)] = []
        var pending: [Point] = []
        for o in overlays {
            switch o {
            case let .polyline(points, _): pending += points
            case let .text(_, at, _, _): strips.append((pending, at)); pending = []
            default: break
            }
        }
        #expect(strips.count == 4)
        for strip in strips {
            #expect(!strip.curves.isEmpty)
            // The label's line is 1.17 em tall in DejaVu Sans Mono: its bottom is at label.y + 1.17 · textSize.
            #expect(strip.curves.allSatisfy { $0.y >= strip.label.y + 1.17 * textSize })
        }
    }
}

@Suite("Decision overlay: start, radius, velocity, landing point, verdict, fingers")
struct DecisionOverlayTests {
    @Test("draws each part where the preview puts it, in the verdict's colour")
    func parts() {
        let preview = DismissPreview(verdict: .close,
                                     travel: .init(start: Point(600, 400), current: Point(610, 520), velocity: Point(50, 900),
                                                   projected: Point(640, 970)),
                                     limits: .init(dragRadiusPoints: 150),
                                     fingers: [Point(560, 500), Point(660, 540)], pivot: Point(610, 520))
        let o = DecisionOverlay.overlays(for: preview, windowSize: Size(1280, 800), text: .dejaVuSansMono)
        #expect(o.contains(.ring(center: Point(600, 400), radius: 150, color: Color(1, 1, 1, 0.35))))
        #expect(o.contains(.ring(center: Point(640, 970), radius: 9, color: .verdictClose)))
        // The arrow's shaft ends 0.1 s of travel ahead: (610, 520) + (50, 900)·0.1
        #expect(o.contains(.line(from: Point(610, 520), to: Point(615, 610), color: .overlay)))
        #expect(o.contains { if case let .text(s, _, _, c) = $0 { s == "release now → close" && c == .verdictClose } else { false } })
        // Each finger: a light ring of 11 pt on a dark disc of 14 pt.
        #expect(o.filter { if case .ring(_, 11, _) = $0 { true } else { false } }.count == 2)
        #expect(o.filter { if case .dot(_, 14, DecisionOverlay.halo) = $0 { true } else { false } }.count == 2)
        let returning = DismissPreview(verdict: .return,
                                       travel: .init(start: .zero, current: Point(0, 30), velocity: Point(0, -200), projected: Point(0, 0)),
                                       limits: .init(dragRadiusPoints: 150))
        #expect(DecisionOverlay.overlays(for: returning, windowSize: Size(1280, 800), text: .dejaVuSansMono).contains {
            if case let .text(s, _, _, c) = $0 { s == "release now → return" && c == .verdictReturn } else { false }
        })
    }
}
