import FeelModel
/// How far the held photo follows a downward drag during a dismissal: exactly (every preset but
/// `ios`), or not at all within a dead zone and then trailing the pointer by the cube of the
/// travel past it: `y' = x − a·H·(x/H)³`, `x = dy − deadZone`, `H` the window height.
///
/// iOS (swift_transitions' parity plan, stage 4): still for the first 16–20 pt, then the touch
/// point falls behind the finger by 0 pt at 0.13 of the height, 9 at 0.28, 39 at 0.48, 185 at
/// 0.78 — the cube of the travel past the slop, `a` = 0.48 by least squares past 18 pt.
package struct DownwardFollow: Hashable, Sendable {
    package var deadZonePoints: Double
    package var lagFraction: Double

    package init(feel: Feel) {
        deadZonePoints = feel.dismissDeadZonePoints
        lagFraction = feel.dismissFallLagFraction
    }

    /// The photo follows the pointer exactly.
    package var isIdentity: Bool { deadZonePoints <= 0 && lagFraction <= 0 }

    /// The downward offset shown for a downward travel `dy > 0` in a window `height` points tall
    /// (travel up is left to `DismissDirection`).
    package func offset(_ dy: Double, height: Double) -> Double {
        guard !isIdentity, dy > 0 else { return dy }
        let x = max(0, dy - deadZonePoints), h = max(1, height)
        let u = x / h
        return max(0, x - lagFraction * h * u * u * u)
    }

    /// `d offset / d dy` at `dy`.
    package func slope(_ dy: Double, height: Double) -> Double {
        guard !isIdentity, dy > 0 else { return 1 }
        let x = dy - deadZonePoints
        guard x > 0 else { return 0 }
        let u = x / max(1, height)
        return max(0, 1 - 3 * lagFraction * u * u)
    }
}
