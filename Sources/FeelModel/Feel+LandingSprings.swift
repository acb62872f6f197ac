import Motion

/// Which spring a committed dismissal lands on, and the held photo's follow spring, with the
/// fallbacks of unset springs (`Spring.unset`) resolved.
extension Feel {
    /// The spring a committed dismissal flies into the cell on: a pinch's on `pinchLandingSpring`,
    /// else (or when that is unset) on `landingSpring`, else (unset) on `closeSpring`. With every
    /// landing spring unset, as in every preset but `ios`, this is `closeSpring`: as before.
    package func landingSpring(pinch: Bool) -> Spring {
        if pinch, pinchLandingSpring.isSet { return pinchLandingSpring }
        return landingSpring.isSet ? landingSpring : closeSpring
    }

    /// The spring the held photo follows the hand through, nil when it follows exactly.
    public var heldFollowSpring: Spring? { followSpring.isSet ? followSpring : nil }
}
