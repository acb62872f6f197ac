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
        Preset(name: "ios", summary: "iOS 27's zoom transition as measured (swift_transitions): open and close on ω 19, ζ 1 "
               + "(0.33 s), cancel on ω 22.5, ζ 0.9 (0.28 s), held scale 1 − 0.67·travel/height past an 18 pt dead zone, "
               + "knee 0.52, floor 0.37; pinches past an 8.7 pt dead zone, the held photo on ω 45, pinch landings on ω 17, ζ 0.7",
               feel: ios),
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
    package static func preset(named name: String) -> Feel? {
        presets.first { $0.name == name.lowercased() }?.feel
    }

    /// iOS, as measured: Apple's zoom transition recorded frame by frame on the iOS 27 simulator
    /// (iPhone 17, 402 × 874 pt) by the swift_transitions project (JakeThomson/swift_transitions,
    /// docs/parity-plan.md, stages 3–4; docs/feel-lab.md cites each figure):
    /// - open (push) and close (pop): one critically damped spring from rest, ω = 18–19.75 rad/s;
    ///   ω = 19 → response 2π/19 = 0.3307 s, ζ 1. Pan dismissals land on the same flight spring.
    /// - cancel: ω 22.5, ζ 0.9 → response 2π/22.5 = 0.2793 s.
    /// - held photo: still for the first 16–20 pt (18); the grabbed point then trails the finger by
    ///   0.48·H·(travel past the slop / H)³.
    /// - held scale: still for the first 16–20 pt (18), then 1 − 0.67 × travel / height to a knee at
    ///   0.52 of the height, eased toward a floor of 0.37 past it: minimum 0.37, the linear reach
    ///   (1 − 0.37) / 0.67 = 0.9403 of the height, knee 0.52.
    /// Paging and zoom keep the earlier guesses (0.4 s); scrolling is UIScrollView's (0.998/ms, 0.55).
    static var ios: Feel {
        var f = Feel()
        let flight = Spring(responseSeconds: 2 * Double.pi / 19, dampingRatio: 1)
        f.openSpring = flight
        f.closeSpring = flight
        f.cancelSpring = Spring(responseSeconds: 2 * Double.pi / 22.5, dampingRatio: 0.9)
        f.pagingSpring = Spring(responseSeconds: 0.4, dampingRatio: 1.0)
        f.zoomSpring = Spring(responseSeconds: 0.4, dampingRatio: 0.9)
        f.dismissMinimumScale = 0.37
        f.dismissShrinkDistanceFraction = (1 - 0.37) / 0.67
        f.dismissShrinkKneeFraction = 0.52
        f.dismissDeadZonePoints = 18
        // The touch point falls behind the finger by the cube of the travel past the slop, measured
        // 0, 9, 39 and 185 pt at 0.13, 0.28, 0.48 and 0.78 of 874 pt; a·H·(x/H)³ past 18 pt fits them
        // by least squares at a = 0.48 (0.6, 7.3, 40.7 and 183.7 pt).
        f.dismissFallLagFraction = 0.48
        // Releases: a pan by its held scale 120 ms ahead against 0.905; a pinch by the fingers'
        // scale against 0.5 with no projection (a pinch must itself be below 0.5, and at rest its
        // projection is itself).
        f.dismissReleaseProjectionSeconds = 0.12
        f.dismissPanCommitScale = 0.905
        f.dismissPinchDeliberateScale = 0.5
        f.dismissPinchCloseScale = 0.5
        // Pinch (stage 6): still until the fingers' distance has closed by 8.7 pt, then
        // distance / (start − 8.7), never above 1; the held photo trails the hand two or three
        // frames on ω 45 (ζ 0.7–1.0 fit the scale trace: 0.85); a committed pinch lands on ω 17,
        // ζ 0.7 (180 ms to the cell, 6 % overshoot); a pan lands on the flight spring (the close
        // spring: `landingSpring` stays unset).
        f.dismissPinchDeadZonePoints = 8.7
        f.followSpring = Spring(responseSeconds: 2 * Double.pi / 45, dampingRatio: 0.85)
        f.pinchLandingSpring = Spring(responseSeconds: 2 * Double.pi / 17, dampingRatio: 0.7)
        // Sideways: a gain of 0.56 rubber-banded toward 0.9 of the 402 pt width, 364 pt.
        f.dismissSidewaysGain = 0.56
        f.dismissSidewaysBandPoints = 364
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
