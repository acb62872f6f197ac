import Geometry
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

    package var isAtRest: Bool { offset.isAtRest && (fade?.isAtRest ?? true) }
    /// Their opacity now.
    package var alpha: Double { fade?.alpha ?? 1 }

    /// A resize in the window's own terms: shifts by the slot's ratio, the offset (value and
    /// velocity) by the window width's, and each settling pose about the window's centre by its
    /// photo's fit ratio (`ratio(photo)`), as the moving photo keeps its place.
    package mutating func rescale(slotRatio: Double, widthRatio: Double, oldCentre: Point, centre: Point, ratio: (Int) -> Double) {
        guard slotRatio.isFinite, slotRatio > 0, widthRatio.isFinite, widthRatio > 0 else { return }
        photos = photos.map { (index: $0.index, shift: $0.shift * slotRatio) }
        offset.jump(to: offset.value * widthRatio, velocity: offset.velocity * widthRatio)
        for i in leaving.indices {
            let r = ratio(leaving[i].photo)
            guard r.isFinite, r > 0 else { continue }
            func place(_ p: PhotoPose) -> PhotoPose {
                var p = p
                p.center = centre + (p.center - oldCentre) * r
                p.size = Size(p.size.width * r, p.size.height * r)
                return p
            }
            var v = leaving[i].pose.velocity
            v.center = v.center * r
            v.size = Size(v.size.width * r, v.size.height * r)
            let paused = leaving[i].pose.isPaused
            leaving[i].pose.retarget(to: place(leaving[i].pose.target))
            leaving[i].pose.jump(to: place(leaving[i].pose.value), velocity: v)
            if paused { leaving[i].pose.pause() }
        }
    }

    package mutating func advance(by dt: Double) {
        offset.advance(by: dt)
        fade?.advance(by: dt)
        for i in leaving.indices { leaving[i].pose.advance(by: dt) }
    }
}

extension DepartingNeighbours {
    /// Every stored property, as the memberwise initializer takes them (for Viewer's module).
    package init(photos: [(index: Int, shift: Double)], offset: SpringAnimation<Double>, fade: CrossFade? = nil, leaving: [Pager.Leaving] = []) {
        self.photos = photos
        self.offset = offset
        self.fade = fade
        self.leaving = leaving
    }
}
