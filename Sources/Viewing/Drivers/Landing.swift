import Geometry
import Motion

/// A photo still flying the last few points onto its cell when a click opened another: it finishes
/// its flight under the opening photo instead of snapping onto the cell (`Viewer.landing`).
package struct Landing: Sendable {
    /// Its flight onto the cell (following the cell as the grid scrolls).
    package var transition: PhotoTransition
    /// The number of the session it flew in (`PhotoSession.flight`): the jump detector tells one
    /// flight of a photo from the next by it.
    package let flight: Int

    package var photo: Int { transition.photo }

    package init(transition: PhotoTransition, flight: Int) {
        self.transition = transition
        self.flight = flight
    }

    /// Flies on by `dt` seconds onto its cell, which is at `cellStart` at the step's start and at
    /// `cellEnd` at its end, riding the grid's scroll between (scroll velocity
    /// `scrollVelocity.start` at the start, `.end` at the end; the cell moves against the scroll:
    /// y = row − offset). Whatever moved the cell at an instant (a resize, a photo joining the
    /// list before it) moved it before the step: the step starts from the cell where it is then.
    /// The cell is chased in closed form (`PhotoTransition.advancePose(by:targetMovingTo:velocity:endVelocity:)`),
    /// as a closing flight chases it: a target written once a frame would land the photo at a place
    /// that depends on how often frames were drawn (property seed 484: 5.2 pt between 30 fps and
    /// 0.1× while a drag scrolled the grid under it).
    package mutating func advance(by dt: Double, cellFrom cellStart: PhotoPose, to cellEnd: PhotoPose,
                                  scrollVelocity: (start: Double, end: Double)) {
        if transition.pose.target != cellStart { transition.follow(cellStart) }
        var velocityStart = PhotoPose.zero, velocityEnd = PhotoPose.zero
        velocityStart.center = Point(0, -scrollVelocity.start)
        velocityEnd.center = Point(0, -scrollVelocity.end)
        transition.advancePose(by: dt, targetMovingTo: cellEnd, velocity: velocityStart, endVelocity: velocityEnd)
    }
}
