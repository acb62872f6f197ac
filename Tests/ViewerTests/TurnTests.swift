import Foundation
import Geometry
import Gestures
import Testing
@testable import Continuity
@testable import LabUI
@testable import Viewing

/// Ctrl+R and Ctrl+Shift+R in the viewer (issue 32): the keys ask the shell, and the shell's
/// `photoTurned` turns the photo with no cut: the same picture at the instant, then the zoom
/// spring to the new fit, every frame checked by the jump detector.
@Suite("Turning a photo: Ctrl+R asks the shell; the turn keeps the drawn picture, then springs upright to the new fit")
struct TurnTests {
    /// The four corners of photo `photo`'s quad, in window points.
    static func corners(_ viewer: Viewer, _ photo: Int) -> [Point] {
        guard let q = viewer.photoQuads().first(where: { $0.photo == photo }) else { return [] }
        let c = cos(q.rotation), s = sin(q.rotation)
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
            let x = sx * q.size.width / 2, y = sy * q.size.height / 2
            return Point(q.center.x + x * c - y * s, q.center.y + x * s + y * c)
        }
    }

    /// True when every corner of `a` has one of `b` within 1e-6 pt, and both have four.
    static func sameCorners(_ a: [Point], _ b: [Point]) -> Bool {
        a.count == 4 && b.count == 4 && a.allSatisfy { p in b.contains { abs($0.x - p.x) < 1e-6 && abs($0.y - p.y) < 1e-6 } }
    }

    @Test("Ctrl+R asks to turn the open photo clockwise, Ctrl+Shift+R anticlockwise; in the grid nothing is asked; while it opens, the key waits for it to land")
    func keysAsk() {
        var s = ViewerScript(photos: 6)
        s.key("r", mods: .ctrl)
        #expect(s.viewer.takeRequests().isEmpty, "nothing is open in the grid")
        s.click(s.cellCenter(0))
        s.run(0.05)
        s.key("r", mods: .ctrl)
        #expect(s.viewer.takeRequests().isEmpty, "photo 0 is still flying out of its cell: the key waits")
        s.settle()
        #expect(s.viewer.takeRequests() == [.photoFile(.turnClockwise, photo: 0, name: "p0.png")], "asked once it landed")
        s.key("r", mods: .ctrl)
        #expect(s.viewer.takeRequests() == [.photoFile(.turnClockwise, photo: 0, name: "p0.png")])
        s.key("r", mods: [.ctrl, .shift])
        #expect(s.viewer.takeRequests() == [.photoFile(.turnAnticlockwise, photo: 0, name: "p0.png")])
    }

    @Test("turned clockwise, photo 0 (1200 × 800, fit 1200 × 800) is drawn with the same corners at the instant, then springs to rotation 0 at its new fit 533.3 × 800; the jump detector finds nothing",
          arguments: [1, -1])
    func turnKeepsThePicture(quarterTurns: Int) {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(0)
        #expect(s.pose?.size == Size(1200, 800))
        var detector = JumpDetector()
        _ = detector.observe(s.viewer.motionSample)
        let before = Self.corners(s.viewer, 0)
        s.send(.effect(.photoTurned(photo: 0, quarterTurns: quarterTurns, message: "turned p0.png", asksToWrite: false)))
        var jumps = detector.observe(s.viewer.motionSample)
        #expect(s.viewer.photos[0].pixelSize == Size(800, 1200))
        #expect(Self.sameCorners(Self.corners(s.viewer, 0), before), "the turned picture turned back is the picture before")
        #expect(abs((s.pose?.rotation ?? 0) + Double(quarterTurns) * Double.pi / 2) < 1e-12)
        #expect(s.lab.feelLab.message?.text == "turned p0.png")
        var rotations: [Double] = []
        for _ in 0..<300 where !s.viewer.isAtRest || rotations.isEmpty {
            s.frame()
            jumps += detector.observe(s.viewer.motionSample)
            rotations.append(s.pose?.rotation ?? .nan)
            if rotations.count == 6 {
                // Mid-turn (the phase reads opening), a second Ctrl+R is taken: it turns on from there.
                #expect(s.phase == .opening)
                s.key("r", mods: .ctrl)
                #expect(s.viewer.takeRequests() == [.photoFile(.turnClockwise, photo: 0, name: "p0.png")])
            }
        }
        #expect(jumps.isEmpty, "\(jumps.map(\.description))")
        #expect(s.phase == .presented)
        // The new fit: 800 tall, 800 × 400 / 600 = 533.3 wide; upright.
        let pose = s.pose!
        #expect(abs(pose.size.width - 800.0 * 400 / 600) < 0.01 && abs(pose.size.height - 800) < 0.01)
        #expect(abs(pose.rotation) < 0.001)
        // On a spring: the angle passes through the turn's middle, never in one step.
        #expect(rotations.contains { abs(abs($0) - Double.pi / 4) < 0.2 })
    }

    @Test("planted: the same turn with the detector not told (no reference change), or with the pose left unturned, is caught as a jump")
    func detectorCatchesAnUntoldTurn() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(0)
        let previous = s.viewer
        s.send(.effect(.photoTurned(photo: 0, quarterTurns: 1, message: "turned", asksToWrite: false)))
        // Not told (the event's notes without the turn): the size swapped and the angle stepped by
        // π/2 at once.
        var untold = s.viewer
        #expect(untold.eventNotes.contains { if case .referenceChanged(.photoTurned(0, 1), _) = $0 { true } else { false } })
        untold.notes = NoteLog()
        var d1 = JumpDetector()
        _ = d1.observe(previous.motionSample)
        #expect(!d1.observe(untold.motionSample).isEmpty)
        // Told, but the photo drawn in its old pose over the turned picture.
        var unturned = s.viewer
        unturned.mode = previous.mode
        var d2 = JumpDetector()
        _ = d2.observe(previous.motionSample)
        #expect(!d2.observe(unturned.motionSample).isEmpty)
        // Told and turned: nothing.
        var d3 = JumpDetector()
        _ = d3.observe(previous.motionSample)
        #expect(d3.observe(s.viewer.motionSample).isEmpty)
    }

    @Test("a turn that asks to be written: w next asks the shell to write it; any other key answers no (and does its own work)")
    func promptToWrite() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(0)
        s.send(.effect(.photoTurned(photo: 0, quarterTurns: 1, message: "turned p0.png for this session; w writes it", asksToWrite: true)))
        s.settle()
        s.key("w")
        #expect(s.viewer.takeRequests() == [.photoFile(.writeTurn, photo: 0, name: "p0.png")])
        s.key("w")
        #expect(s.viewer.takeRequests().isEmpty, "answered once")
        s.send(.effect(.photoTurned(photo: 0, quarterTurns: 1, message: "turned again", asksToWrite: true)))
        s.settle()
        s.key("right")
        s.key("w")
        #expect(s.viewer.takeRequests().isEmpty, "another key answered no")
    }
}
