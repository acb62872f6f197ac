import Motion

/// The paging neighbours still on screen when paging is cut short (Esc, a click or a key closes the
/// photo mid-flight): they carry on sliding on the paging spring until they are out of the window,
/// while the current photo flies to its cell. Without them the outgoing photo, which may still cover
/// most of the window, would vanish in one frame.
package struct DepartingNeighbours: Sendable {
    /// The photos and their slot shifts (−slot: the previous photo, +slot: the next).
    package var photos: [(index: Int, shift: Double)]
    /// The paging offset, carrying on toward 0 with the velocity it had.
    package var offset: SpringAnimation<Double>
    /// Reduced motion: their opacity, fading out with the closing photo's (a copy of its cross-fade,
    /// so they keep fading after it has landed); nil: opaque.
    package var fade: CrossFade?
    /// The session they were drawn under (`Viewer.flights` then).
    package var flight = 0
    /// Those still settling onto their full frames in their slots (`Pager.leaving`), carrying on.
    package var leaving: [Pager.Leaving] = []

    var isAtRest: Bool { offset.isAtRest && (fade?.isAtRest ?? true) }
    /// Their opacity now.
    var alpha: Double { fade?.alpha ?? 1 }

    mutating func advance(by dt: Double) {
        offset.advance(by: dt)
        fade?.advance(by: dt)
        for i in leaving.indices { leaving[i].pose.advance(by: dt) }
    }
}
