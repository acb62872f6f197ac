import Geometry
import Gestures
import Motion
import FeelModel

/// The grid's vertical scroll: the wheel moves a spring's target (rubber-banded past the ends, sent
/// back once the wheel is quiet), a drag holds the content under the pointer and lets it coast on
/// release, and keyboard focus or a closing photo scroll a cell into view.
package struct GridScroller: Sendable {
    package private(set) var axis: ScrollAxis
    private var lastWheelTime = -Double.infinity
    private var wheelQuietSeconds: Double
    private var coastingStopSpeed: Double
    /// The raw (unbanded) offset when the current drag took hold.
    private var dragStartRaw: Double?

    package init(feel: Feel, layout: GridLayout) {
        axis = ScrollAxis(value: 0, lower: 0, upper: layout.maxScroll, dimension: layout.windowSize.height,
                          feel: feel, spring: feel.scrollSpring, restTolerance: 0.05, restVelocityTolerance: 1)
        wheelQuietSeconds = feel.wheelQuietSeconds
        coastingStopSpeed = feel.coastingStopSpeedPointsPerSecond
    }

    /// The scroll offset shown now, points (content moved up by this much).
    package var offset: Double { axis.value }

    /// Where the scroll is heading: the spring's target, or the offset itself.
    package var destination: Double { axis.drive == .spring ? axis.target : axis.value }

    package var isAtRest: Bool { axis.isAtRest }
    package var isDragging: Bool { dragStartRaw != nil }
    /// Flung: coasting fast, or springing back from past an end (the rubber band's bounce after a
    /// fling); a press should stop it rather than click a cell.
    package var isFlung: Bool {
        switch axis.drive {
        case .coasting: abs(axis.velocity) > coastingStopSpeed
        case .spring: axis.isOutOfBounds
        case .rest, .held: false
        }
    }

    package mutating func apply(feel: Feel) {
        axis.apply(feel: feel, spring: feel.scrollSpring)
        wheelQuietSeconds = feel.wheelQuietSeconds
        coastingStopSpeed = feel.coastingStopSpeedPointsPerSecond
    }

    /// The layout changed (resize, feel): new bounds and viewport.
    package mutating func relayout(_ layout: GridLayout) {
        axis.dimension = layout.windowSize.height
        axis.setBounds(lower: 0, upper: layout.maxScroll)
    }

    /// Moves the content by `delta` points (positive shows later rows).
    package mutating func wheel(by delta: Double, at time: Double) {
        guard !isDragging else { return }
        axis.nudge(by: delta)
        lastWheelTime = time
    }

    /// Scrolls so that `offset` shows, on the scroll spring (or at once when nobody can see the grid).
    package mutating func reveal(_ newOffset: Double, animated: Bool) {
        guard !isDragging, abs(newOffset - destination) > 1e-9 else { return }
        if animated { axis.animate(to: newOffset) } else { axis.jump(to: newOffset) }
    }

    /// Keeps the content under the viewport when the layout reflows (a resize): both the offset and
    /// any target move by `delta`, so motion in flight continues.
    package mutating func shift(by delta: Double) { axis.shift(by: delta) }

    /// A press stops a flung grid (out of bounds it then springs back without the fling's velocity).
    package mutating func stop() { axis.stop() }

    // MARK: - Drag

    package mutating func beginDrag() {
        dragStartRaw = axis.unbanded(axis.value)
    }

    /// `translationY`: the pointer's downward travel since the drag's reference.
    package mutating func drag(translationY: Double) {
        guard let start = dragStartRaw, translationY.isFinite else { return }
        axis.hold(raw: start - translationY)
    }

    /// Lets go with the pointer's vertical velocity (pt/s, downward positive): the content coasts.
    package mutating func endDrag(translationY: Double, velocityY: Double) {
        guard let start = dragStartRaw else { return }
        dragStartRaw = nil
        let raw = start - translationY
        axis.hold(raw: raw)
        axis.release(velocity: -velocityY * axis.bandSlope(atRaw: raw))
    }

    // MARK: - Time

    /// Moves the scroll on to `now`. A wheel's quiet spell that ends inside the step lets an
    /// overshoot settle from that instant, not from the end of the step: the scroll is the same
    /// whatever the frame rate (property seed 190: a cell 8.3 pt apart between 30 and 144 fps).
    package mutating func advance(by dt: Double, now: Double) {
        let quietEnds = lastWheelTime + wheelQuietSeconds
        if quietEnds > now - dt, quietEnds < now, dt > 0 {
            axis.advance(by: quietEnds - (now - dt))
            axis.settleOvershoot()
            axis.advance(by: now - quietEnds)
            return
        }
        if now - lastWheelTime >= wheelQuietSeconds { axis.settleOvershoot() }
        axis.advance(by: dt)
    }
}
