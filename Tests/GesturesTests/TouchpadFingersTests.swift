import Geometry
import Gestures
import Testing
import Events

@Suite("Touchpad fingers: a touchpad pinch or swipe as the touch-screen fingers it stands for")
struct TouchpadFingersTests {
    static let r = TouchpadFingers.radiusPoints
    static let ids = TouchpadFingers.pinchIDs

    static func pinch(_ phase: TouchpadGesture.Phase, scale: Double = 1, angle: Double = 0, dx: Double = 0, dy: Double = 0) -> TouchpadGesture {
        TouchpadGesture(gesture: .pinch, phase: phase, fingers: 2, position: Point(400, 300), delta: Point(dx, dy), scale: scale, angleDelta: angle)
    }

    static func swipe(_ phase: TouchpadGesture.Phase, fingers: Int = 3, dx: Double = 0, dy: Double = 0) -> TouchpadGesture {
        TouchpadGesture(gesture: .swipe, phase: phase, fingers: fingers, position: Point(400, 300), delta: Point(dx, dy))
    }

    static func near(_ a: Point, _ b: Point) -> Bool { a.distance(to: b) < 1e-9 }

    @Test("a pinch puts two fingers either side of the pointer, spreads them with the scale, turns them by each angle and carries them by the deltas")
    func pinchFingers() {
        var f = TouchpadFingers()
        let down = f.touches(for: Self.pinch(.begin), slopPoints: 6)
        #expect(down.map(\.phase) == [.down, .down] && down.map(\.id) == [Self.ids.first, Self.ids.second])
        #expect(Self.near(down[0].position, Point(400 - Self.r, 300)) && Self.near(down[1].position, Point(400 + Self.r, 300)))
        // Scale 1.5, a 90° clockwise turn (y grows downwards: the first finger goes up), travel (10, -4).
        let moved = f.touches(for: Self.pinch(.update, scale: 1.5, angle: 90, dx: 10, dy: -4), slopPoints: 6)
        #expect(moved.map(\.phase) == [.move, .move])
        #expect(Self.near(moved[0].position, Point(410, 296 - 1.5 * Self.r)), "\(moved[0].position)")
        #expect(Self.near(moved[1].position, Point(410, 296 + 1.5 * Self.r)), "\(moved[1].position)")
        // The turns add up: another 90° puts the first finger on the right.
        let turned = f.touches(for: Self.pinch(.update, scale: 1.5, angle: 90), slopPoints: 6)
        #expect(Self.near(turned[0].position, Point(410 + 1.5 * Self.r, 296)), "\(turned[0].position)")
        // The end lifts them where the last update left them (its own numbers repeat the last ones).
        let lifted = f.touches(for: Self.pinch(.end, scale: 1.5 + 1e-12, dx: 0.001), slopPoints: 6)
        #expect(lifted.map(\.phase) == [.up, .up])
        #expect(Self.near(lifted[0].position, turned[0].position) && Self.near(lifted[1].position, turned[1].position))
        #expect(!f.isHolding)
    }

    @Test("a pinch the server cancels ends like a lifted hand: both fingers up where they are")
    func cancelledPinchLifts() {
        var f = TouchpadFingers()
        _ = f.touches(for: Self.pinch(.begin), slopPoints: 6)
        _ = f.touches(for: Self.pinch(.update, scale: 0.8), slopPoints: 6)
        let lifted = f.touches(for: Self.pinch(.cancel, scale: 0.8), slopPoints: 6)
        #expect(lifted.suffix(2).map(\.phase) == [.up, .up])
        #expect(Self.near(lifted.last!.position, Point(400 + 0.8 * Self.r, 300)))
    }

    @Test("a swipe of three or more fingers is one finger dragged from the pointer; two fingers' travel is the wheel's and makes nothing")
    func swipeFinger() {
        var f = TouchpadFingers()
        #expect(f.touches(for: Self.swipe(.begin, fingers: 2), slopPoints: 6).isEmpty)
        #expect(f.touches(for: Self.swipe(.update, fingers: 2, dx: 30), slopPoints: 6).isEmpty)
        #expect(f.touches(for: Self.swipe(.end, fingers: 2), slopPoints: 6).isEmpty)
        let down = f.touches(for: Self.swipe(.begin, fingers: 4), slopPoints: 6)
        #expect(down.map(\.phase) == [.down] && down[0].id == TouchpadFingers.swipeID && down[0].position == Point(400, 300))
        _ = f.touches(for: Self.swipe(.update, dx: -30, dy: 2), slopPoints: 6)
        let moved = f.touches(for: Self.swipe(.update, dx: -30, dy: 2), slopPoints: 6)
        #expect(moved.map(\.position) == [Point(340, 304)])
        #expect(f.touches(for: Self.swipe(.end), slopPoints: 6).map(\.phase) == [.up])
    }

    @Test("a swipe that never leaves the click slop lifts as a cancelled touch, so it is never a tap")
    func shortSwipeIsNoTap() {
        var f = TouchpadFingers()
        _ = f.touches(for: Self.swipe(.begin), slopPoints: 6)
        _ = f.touches(for: Self.swipe(.update, dx: 3, dy: 4), slopPoints: 6)  // 5 pt from the start
        #expect(f.touches(for: Self.swipe(.end), slopPoints: 6).map(\.phase) == [.cancel])
    }

    @Test("a begin while a gesture is held lifts that one first; updates of a gesture never begun make nothing; bad numbers make nothing")
    func orderAndBadInput() {
        var f = TouchpadFingers()
        #expect(f.touches(for: Self.pinch(.update, scale: 2), slopPoints: 6).isEmpty)
        _ = f.touches(for: Self.pinch(.begin), slopPoints: 6)
        #expect(f.touches(for: Self.pinch(.update, scale: .nan), slopPoints: 6).isEmpty)
        #expect(f.touches(for: Self.pinch(.update, scale: 0), slopPoints: 6).isEmpty)
        #expect(f.touches(for: Self.swipe(.update, dx: 10), slopPoints: 6).isEmpty)
        let again = f.touches(for: Self.swipe(.begin), slopPoints: 6)
        #expect(again.map(\.phase) == [.up, .up, .down])
    }
}
