import Geometry
import Testing
@testable import Gestures
import Events

@Suite("Modifiers pressed or released mid-drag never make the photo jump")
struct ModifierSwitchTests {
    /// The mirror pivot (the photo's centre) and a photo centre captured at `began`.
    let pivot = Point(500, 300)
    let photoCentre = Point(350, 320)

    @Test("Alt pressed then released by key events: one manipulation, map(c0) continuous, values continuing")
    func altByKeys() throws {
        var script = GestureScript(mirrorPivot: pivot)
        script.feed([.pointer(.down, 0, 300, 300), .pointer(.move, 0.01, 350, 300), .pointer(.move, 0.02, 400, 300)])
        let beforeAlt = try #require(script.last)
        #expect(beforeAlt.translation == Point(100, 0))

        // Alt goes down: the mirror is set up about the pivot, through the pointer; nothing moves.
        script.feed(.key(.down, 0.03, "left alt", mods: [.alt]))
        let onAlt = try #require(script.last)
        #expect(onAlt.phase == .changed && onAlt.source == .mouseMirrored)
        #expect(onAlt.map(photoCentre) == beforeAlt.map(photoCentre))
        #expect(onAlt.fingers == [Point(400, 300), Point(600, 300)] && onAlt.fingerCentre == pivot)

        // The pointer halves its distance to the pivot: the span goes 200 → 100, scale 1 → 0.5 about
        // the pivot. The grabbed point (300, 300), carried to (400, 300), goes to pivot + (−100, 0)·0.5.
        script.feed(.pointer(.move, 0.04, 450, 300, mods: [.alt]))
        let pinched = try #require(script.last)
        #expect(pinched.scale == 0.5 && pinched.rotation == 0)
        #expect(pinched.translation == Point(150, 0))
        // map(c0) = pivot + ((c0 − startPivot)·0.5) = (450, 300) + (25, 10)
        #expect(pinched.map(photoCentre) == Point(475, 310))

        // Alt released: back to a pan from where it stands, the scale kept.
        script.feed(.key(.up, 0.05, "left alt", mods: []))
        let onRelease = try #require(script.last)
        #expect(onRelease.source == .mouse && onRelease.fingers == [Point(450, 300)])
        #expect(onRelease.map(photoCentre) == pinched.map(photoCentre) && onRelease.scale == 0.5)
        script.feed([.pointer(.move, 0.06, 460, 310), .pointer(.up, 0.07, 460, 310)])
        let end = try #require(script.last)
        #expect(end.phase == .ended && end.scale == 0.5)
        #expect(end.translation == Point(160, 10))
        #expect(end.map(photoCentre) == Point(485, 320))
        // One manipulation throughout, never restarted.
        #expect(script.manipulations.filter { $0.phase == .began }.count == 1)
        #expect(Set(script.manipulations.map(\.startPivot)) == [Point(300, 300)])
    }

    @Test("the same modifiers reported only on the motion events give the same figures")
    func altOnMoves() throws {
        var script = GestureScript(mirrorPivot: pivot)
        script.feed([.pointer(.down, 0, 300, 300), .pointer(.move, 0.01, 350, 300), .pointer(.move, 0.02, 400, 300),
                     .pointer(.move, 0.04, 450, 300, mods: [.alt])])
        let pinched = try #require(script.last)
        #expect(pinched.scale == 0.5 && pinched.map(photoCentre) == Point(475, 310))
        script.feed(.pointer(.move, 0.06, 460, 310))
        let panned = try #require(script.last)
        #expect(panned.source == .mouse && panned.map(photoCentre) == Point(485, 320))
    }

    @Test("Alt, then Shift added, then Shift released: the virtual fingers stay put at each switch")
    func shiftWhileAlt() throws {
        var script = GestureScript(mirrorPivot: pivot)
        script.feed([.pointer(.down, 0, 600, 300, mods: [.alt]), .pointer(.move, 0.01, 620, 300, mods: [.alt])])
        let mirrored = try #require(script.last)
        // span 2·120 / 2·100
        #expect(mirrored.scale == 1.2 && mirrored.fingers == [Point(620, 300), Point(380, 300)])

        script.feed(.key(.down, 0.02, "left shift", mods: [.alt, .shift]))
        let pairFixed = try #require(script.last)
        #expect(pairFixed.source == .mouseTranslated && pairFixed.fingers == mirrored.fingers)
        #expect(pairFixed.map(photoCentre) == mirrored.map(photoCentre))

        script.feed(.pointer(.move, 0.03, 640, 320, mods: [.alt, .shift]))
        let travelled = try #require(script.last)
        #expect(travelled.scale == 1.2 && travelled.rotation == 0)
        #expect(travelled.fingers == [Point(640, 320), Point(400, 320)])
        #expect(close(travelled.map(photoCentre), mirrored.map(photoCentre) + Point(20, 20)))

        // Shift released: the pair now mirrors about its own midpoint, (520, 320).
        script.feed(.key(.up, 0.04, "left shift", mods: [.alt]))
        let remirrored = try #require(script.last)
        #expect(remirrored.source == .mouseMirrored && remirrored.fingerCentre == Point(520, 320))
        #expect(remirrored.fingers == travelled.fingers && remirrored.map(photoCentre) == travelled.map(photoCentre))

        // Pointer twice as far from the new pivot: span 240 → 480, so the scale doubles from 1.2.
        script.feed(.pointer(.move, 0.05, 760, 320, mods: [.alt]))
        let doubled = try #require(script.last)
        #expect(doubled.scale == 2.4)
        #expect(script.manipulations.filter { $0.phase == .began }.count == 1)
    }

    @Test("through any sequence of modifier switches by key, map(c0) is unchanged at each switch and the drag stays one")
    func switchStorm() throws {
        var script = GestureScript(mirrorPivot: pivot)
        let mixes: [Modifiers] = [[], [.alt], [.alt, .shift], [.shift], [.alt], [], [.alt, .shift], [.ctrl], [.alt]]
        script.feed(.pointer(.down, 0, 400, 300))
        var switches = 0, sourcesSeen: Set<GestureSource> = []
        for step in 1...180 {
            let t = Double(step) * 0.005
            // A slow circle of radius 60 about (420, 330), steps of 60·2π/90 ≈ 4.2 pt.
            let a = Double(step) * 2 * Double.pi / 90
            let p = Point(420 + 60 * cosine(a), 330 + 60 * sine(a))
            let mods = mixes[(step / 20) % mixes.count]
            if step % 20 == 0, let before = script.last {
                let made = script.feed(.key(.down, t, "switch", mods: mods))
                if let after = made.last?.manipulation {
                    switches += 1
                    #expect(after.map(photoCentre) == before.map(photoCentre))
                    #expect(after.scale == before.scale && after.rotation == before.rotation)
                }
            }
            script.feed(.pointer(.move, t, p.x, p.y, mods: mods))
            if let m = script.last { sourcesSeen.insert(m.source) }
        }
        // [] → alt → alt+shift → shift (plain) → alt → [] → alt+shift → ctrl (plain) → alt → []: 9 grips.
        #expect(switches == 9)
        #expect(sourcesSeen == [.mouse, .mouseMirrored, .mouseTranslated])
        #expect(script.manipulations.filter { $0.phase == .began }.count == 1)
        #expect(script.output.allSatisfy { $0.isFinite })
    }

    @Test("a key switch before the slop is passed changes the grip silently; the press can still tap")
    func switchBeforeSlop() {
        var script = GestureScript(mirrorPivot: pivot)
        script.feed([.pointer(.down, 0, 300, 300), .key(.down, 0.01, "left alt", mods: [.alt]),
                     .pointer(.up, 0.05, 302, 300, mods: [.alt])])
        #expect(script.manipulations.isEmpty)
        #expect(script.taps.map(\.tapCount) == [1])
    }
}
