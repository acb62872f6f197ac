import Geometry
import Gestures
import Events

// MARK: - Touchpad gestures

extension Viewer {
    /// A touchpad pinch or swipe: handled as the touch-screen fingers it stands for
    /// (`TouchpadFingers`), each one an input of its own at the gesture's time, so it catches a
    /// photo in flight, pinches, turns, pages and dismisses exactly as real fingers do and hands
    /// every component's velocity to the springs when it ends.
    ///
    /// The fingers of one gesture event move at one instant, but the recognizer reads them one at a
    /// time, and between the first finger's move and the second's the pair has turned (16 pt of
    /// travel over 300 pt of spread is 3°). So the manipulations the batch reports are acted on once
    /// it is all in, a run of changes as its last state (a begin keeps its phase): the photo never
    /// shows the half-moved pair.
    mutating func handleTouchpad(_ gesture: TouchpadGesture, time t: Double) {
        touchpadBatch = []
        for touch in touchpadFingers.touches(for: gesture, slopPoints: feel.clickSlopPoints) {
            handle(InputEvent(time: t, kind: .touch(phase: touch.phase, id: touch.id, position: touch.position)))
        }
        let reported = touchpadBatch ?? []
        touchpadBatch = nil
        var merged: [Manipulation] = []
        for m in reported {
            if m.phase == .changed, let last = merged.last, last.phase == .began || last.phase == .changed {
                var latest = m
                latest.phase = last.phase
                merged[merged.count - 1] = latest
            } else {
                merged.append(m)
            }
        }
        for m in merged { handle(gesture: .manipulation(m)) }
    }

    /// True while a touchpad pinch holds its two fingers down (the decision overlay marks its centre).
    package var isTouchpadPinch: Bool { touchpadFingers.isPinching }
}
