import Geometry
import Testing
@testable import Viewing
import Drawing
import FeelModel

/// The slideshow shows that it runs (issue 42): an indicator in the draw list while it runs,
/// none once it stops.
@Suite("The slideshow's indicator: a ring with a play triangle and an arc for the interval run, drawn while it runs, gone when it stops")
struct SlideshowIndicatorTests {
    /// The ring at the window's bottom-right corner (1280 × 800: centre at 1280 − 20 − 11, 800 − 20 − 11).
    static let centre = Point(1249, 769)

    static func ring(_ overlays: [Scene.Overlay]) -> Bool {
        overlays.contains { if case let .ring(c, r, _) = $0 { c == centre && r == Viewer.slideshowRingRadius } else { false } }
    }

    /// The arc's end point, nil when none is drawn (the polyline whose points all lie on the ring).
    static func arcEnd(_ overlays: [Scene.Overlay]) -> Point? {
        for case let .polyline(points, _) in overlays
        where points.count > 1 && points.allSatisfy({ abs($0.distance(to: centre) - Viewer.slideshowRingRadius) < 1e-9 }) {
            return points.last
        }
        return nil
    }

    @Test("F5 on a resting photo: the ring and triangle at once; after 1 s of a 4 s interval the arc ends a quarter turn clockwise from the top; F5 again removes it all")
    func drawnWhileRunning() throws {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(2)
        #expect(!Self.ring(s.viewer.scene().overlays), "no show, no indicator")
        s.key("f5")
        s.frame()
        #expect(Self.ring(s.viewer.scene().overlays))
        s.run(1)
        let share = try #require(s.viewer.slideshowShare)
        // 1 s (and the frame's) of the 4 s interval: the arc ends at −π/2 + 2π·share from the top.
        let angle = -Double.pi / 2 + 2 * Double.pi * share
        let end = try #require(Self.arcEnd(s.viewer.scene().overlays))
        #expect(abs(share - (1 + 1.0 / 60) / Feel.defaults.slideshowIntervalSeconds) < 0.01, "\(share)")
        #expect(end.distance(to: Point(Self.centre.x + 11 * cosine(angle), Self.centre.y + 11 * sine(angle))) < 1e-9)
        // A quarter turn from the top: to the right of the centre, level with it.
        #expect(end.x > Self.centre.x + 10 && abs(end.y - Self.centre.y) < 1.5, "\(end)")
        s.key("f5")
        s.frame()
        #expect(!Self.ring(s.viewer.scene().overlays) && Self.arcEnd(s.viewer.scene().overlays) == nil)
    }

    @Test("while the show's page turns the ring stays and the arc is gone (the interval starts again when the next photo rests); any key stops the show and the indicator with it")
    func arcRestartsAndAnyKeyStops() {
        var s = ViewerScript(photos: 6)
        s.openAndSettle(2)
        s.key("f5")
        s.run(Feel.defaults.slideshowIntervalSeconds + 0.05)
        #expect(s.phase == .paging)
        #expect(Self.ring(s.viewer.scene().overlays) && Self.arcEnd(s.viewer.scene().overlays) == nil)
        s.settle()
        s.key("x")
        s.frame()
        #expect(!Self.ring(s.viewer.scene().overlays))
    }
}
