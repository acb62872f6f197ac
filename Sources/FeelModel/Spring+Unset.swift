import Motion

extension Spring {
    /// A feel spring left unset, response 0: its role falls back to another spring (a landing to
    /// the close spring) or to none (the held photo follows the hand exactly). A feel file writes
    /// it as `{"responseSeconds": 0, "dampingRatio": 1}`.
    package static let unset = Spring(responseSeconds: 0, dampingRatio: 1)

    /// True when the spring is set (its response above 0), false for `unset`.
    public var isSet: Bool { responseSeconds > 0 }
}
