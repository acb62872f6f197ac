import Motion

/// Named feel presets, selectable with `run --feel NAME` and printed by `photozoom feel --preset NAME`.
///
/// Each changes only what gives the preset its character; every other number is the default.
extension Feel {
    /// A named set of feel parameters and the reasoning behind its numbers.
    public struct Preset: Sendable {
        public var name: String
        public var summary: String
        public var feel: Feel
    }

    /// The presets, in the order `photozoom feel --list` shows them.
    public static let presets: [Preset] = [
        Preset(name: "default",
               summary: "docs/design.md's table: open 0.45 s / ζ 0.85, close 0.35 s / ζ 1, cancel 0.40 s / ζ 0.8",
               feel: .defaults),
        Preset(name: "ios", summary: "iOS Photos: open on UIKit's zoom spring (0.5 s, ζ 0.8), close without bounce, "
               + "cancel on SwiftUI's default spring (0.5 s, ζ 0.825)", feel: ios),
        Preset(name: "material", summary: "Material Motion: its default spring (tension 342, friction 30 → 0.34 s, "
               + "ζ 0.81) everywhere, the standard easing (0.4, 0, 0.2, 1) for the backdrop, a radial drag", feel: material),
        Preset(name: "photoswipe", summary: "PhotoSwipe: a vertical drag either way closes, up as well as down",
               feel: photoswipe),
        Preset(name: "snappy", summary: "short responses (0.28 s open), firm damping, fast-rate momentum "
               + "(UIScrollView .fast, 0.99/ms): quick, decisive, little travel", feel: snappy),
        Preset(name: "soft", summary: "long responses (0.6 s open) with visible bounce (ζ 0.72), a 200 pt drag "
               + "radius and a gentle shrink: floaty and forgiving", feel: soft),
    ]

    /// The preset called `name` (case-insensitive), or nil.
    public static func preset(named name: String) -> Feel? {
        presets.first { $0.name == name.lowercased() }?.feel
    }

    /// iOS Photos. UIKit's zoom transitions use a spring of about 0.5 s response and 0.8 damping;
    /// closing lands without bounce; the drag-to-dismiss return uses SwiftUI's default spring
    /// (response 0.5 s, ζ 0.825). UIScrollView's normal deceleration 0.998/ms and rubber band 0.55.
    static var ios: Feel {
        var f = Feel()
        f.openSpring = Spring(responseSeconds: 0.5, dampingRatio: 0.8)
        f.closeSpring = Spring(responseSeconds: 0.4, dampingRatio: 1.0)
        f.cancelSpring = Spring(responseSeconds: 0.5, dampingRatio: 0.825)
        f.pagingSpring = Spring(responseSeconds: 0.4, dampingRatio: 1.0)
        f.zoomSpring = Spring(responseSeconds: 0.4, dampingRatio: 0.9)
        f.dismissMinimumScale = 0.6
        return f
    }

    /// Material Motion. Its default spring is tension 342, friction 30 with unit mass (Origami/POP
    /// constants): ω₀ = √342 = 18.49 rad/s, response = 2π/ω₀ = 0.340 s, ζ = 30 / (2·√342) = 0.811.
    /// The backdrop fades on Material's standard easing, cubic-bezier(0.4, 0, 0.2, 1); the drag
    /// radius is `MapDragRadius(150)`.
    static var material: Feel {
        var f = Feel()
        let motion = Spring(responseSeconds: 0.34, dampingRatio: 0.81)
        f.openSpring = motion
        f.closeSpring = motion
        f.cancelSpring = motion
        f.pagingSpring = motion
        f.zoomSpring = motion
        f.backdropCurve = CubicBezier(0.4, 0, 0.2, 1)
        f.dragRadiusPoints = 150
        // Radial: a drag any way dismisses.
        f.dismissDirectionDegrees = 180
        return f
    }

    /// PhotoSwipe: its vertical drag closes the photo either way (up or down); everything else is
    /// the default.
    static var photoswipe: Feel {
        var f = Feel()
        f.dismissDirectionDegrees = 90
        f.dismissUpward = true
        return f
    }

    /// Snappy: responses about 60 % of the defaults, damping close to critical so nothing lingers,
    /// UIScrollView's fast deceleration (0.99/ms) so projections stay short and decisions follow
    /// the finger, a shorter drag radius (120 pt), a lower flick threshold for paging and a brisker
    /// page pace (peaks up to 2.5× the release, 4,500 pt/s for a key: a 1,280 pt page in about 0.6 s).
    static var snappy: Feel {
        var f = Feel()
        f.openSpring = Spring(responseSeconds: 0.28, dampingRatio: 0.9)
        f.closeSpring = Spring(responseSeconds: 0.24, dampingRatio: 1.0)
        f.cancelSpring = Spring(responseSeconds: 0.26, dampingRatio: 0.9)
        f.pagingSpring = Spring(responseSeconds: 0.25, dampingRatio: 1.0)
        f.zoomSpring = Spring(responseSeconds: 0.25, dampingRatio: 0.95)
        f.scrollSpring = Spring(responseSeconds: 0.18, dampingRatio: 1.0)
        f.dragRadiusPoints = 120
        f.decelerationRatePerMillisecond = 0.99
        f.pagingFlickSpeedPointsPerSecond = 400
        f.dismissCarrySeconds = 0.22
        f.pagingPeakSpeedRatio = 2.5
        f.pagingMinimumPeakPointsPerSecond = 4500
        return f
    }

    /// Soft: responses about 1.4× the defaults with visible bounce (ζ 0.72 opening, 0.7 returning),
    /// a 200 pt drag radius so the backdrop clears slowly, a gentler shrink (to 0.6 over 0.6 of the
    /// height), a looser rubber band and an unhurried page pace (peaks up to 1.5× the release,
    /// 2,800 pt/s for a key).
    static var soft: Feel {
        var f = Feel()
        f.openSpring = Spring(responseSeconds: 0.6, dampingRatio: 0.72)
        f.closeSpring = Spring(responseSeconds: 0.5, dampingRatio: 0.95)
        f.cancelSpring = Spring(responseSeconds: 0.55, dampingRatio: 0.7)
        f.pagingSpring = Spring(responseSeconds: 0.5, dampingRatio: 0.9)
        f.zoomSpring = Spring(responseSeconds: 0.5, dampingRatio: 0.8)
        f.scrollSpring = Spring(responseSeconds: 0.35, dampingRatio: 1.0)
        f.dragRadiusPoints = 200
        f.dismissMinimumScale = 0.6
        f.dismissShrinkDistanceFraction = 0.6
        f.rubberBandCoefficient = 0.45
        f.dismissCarrySeconds = 0.4
        f.pagingPeakSpeedRatio = 1.5
        f.pagingMinimumPeakPointsPerSecond = 2800
        return f
    }
}
