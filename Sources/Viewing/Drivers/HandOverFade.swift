import Drawing
import Geometry
import Gestures

/// Photos that left the list while they were drawn out of the grid (deleted, or moved away on
/// disk) and the photos that took their places: nothing vanishes and nothing pops in.
///
/// The picture of a photo that left stays where it was drawn (a ghost) and fades out over the
/// feel's cross-fade time; a photo that starts being drawn because of the change (the neighbour
/// taking over, a photo sliding into the gap) fades in over the same time. Photos that were drawn
/// at the change stay as they were.
package struct HandOverFade: Sendable {
    /// The last picture of a photo that left.
    package struct Ghost: Sendable {
        /// Every stored property, as the memberwise initializer takes them (for Viewer's module).
        package init(quad: Scene.PhotoQuad, photo: Photo, alpha: Double, flight: Int) {
            self.quad = quad
            self.photo = photo
            self.alpha = alpha
            self.flight = flight
        }

        /// The quad as it was drawn, its `photo` the number of a photo that left: −1 − its index
        /// before it left (the number the jump detector gives it; the texture source keeps its
        /// picture under it); or, for a photo still listed that the change pushed out of the window
        /// (a photo added before it in the strip), its number now (it gives way if drawn again).
        package var quad: Scene.PhotoQuad
        /// The photo it was (for its fit when the window changes).
        package var photo: Photo
        /// Its opacity when it left.
        package var alpha: Double
        /// The session number it was drawn under (`Viewer.flights`).
        package var flight: Int
    }

    package var ghosts: [Ghost]
    /// The opacity factor of each photo that began to be drawn in the window at the change (0),
    /// or was still fading in after an earlier change (what it had reached), by new index; every
    /// other photo shows whole (one drawn before, or coming in over the window's edge).
    package var start: [Int: Double]
    /// The backdrop when the last photo out of the grid left the list (0 otherwise): the grid
    /// shows through it as it fades out with the leaving picture.
    package var backdrop = 0.0
    package var elapsed = 0.0
    /// The fade's length, seconds (the feel's cross-fade time).
    package var durationSeconds: Double

    /// 0 at the change … 1 when the ghosts are gone and every newcomer shows whole.
    package var progress: Double {
        durationSeconds > 0 && durationSeconds.isFinite ? min(1, max(0, elapsed / durationSeconds)) : 1
    }
    package var isAtRest: Bool { progress >= 1 }

    /// The rate the opacities change at (per second): a ghost's from its own opacity, a newcomer's from 0 to 1.
    package var fadeRatePerSecond: Double { durationSeconds > 0 && durationSeconds.isFinite ? 1 / durationSeconds : .infinity }

    /// The opacity factor of photo `photo` now: from what it had at the change to 1.
    package func arrivalAlpha(_ photo: Int) -> Double {
        guard let s = start[photo] else { return 1 }
        return s + (1 - s) * progress
    }

    /// The ghosts' quads now, fading.
    package var ghostQuads: [Scene.PhotoQuad] {
        ghosts.map { g in
            var q = g.quad
            q.alpha = g.alpha * (1 - progress)
            return q
        }
    }

    package mutating func advance(by dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        elapsed += dt
    }

    /// A resize: each ghost keeps its place in the window's terms (its centre scaled with the
    /// window, its size with its photo's fit: `oldFits` and `newFits`, one per ghost), as the jump
    /// detector reads other photos.
    package mutating func resize(from old: Size, to new: Size, oldFits: [Size], newFits: [Size]) {
        guard old.width > 0, old.height > 0, oldFits.count == ghosts.count, newFits.count == ghosts.count else { return }
        for i in ghosts.indices {
            let g = ghosts[i], fa = oldFits[i], fb = newFits[i]
            ghosts[i].quad.center = Point(g.quad.center.x * new.width / old.width, g.quad.center.y * new.height / old.height)
            if fa.width > 0, fa.height > 0 {
                ghosts[i].quad.size = Size(g.quad.size.width * fb.width / fa.width, g.quad.size.height * fb.height / fa.height)
            }
        }
    }
}

extension HandOverFade {
    /// Every stored property, as the memberwise initializer takes them (for Viewer's module).
    package init(ghosts: [Ghost], start: [Int: Double], durationSeconds: Double) {
        self.ghosts = ghosts
        self.start = start
        self.durationSeconds = durationSeconds
    }
}
