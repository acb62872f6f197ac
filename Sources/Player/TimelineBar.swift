import FeelModel
import Geometry
import JSON
import Trace
import Viewing
import Drawing

/// The trace player's timeline along the bottom of the window: the session's length as a track,
/// its gestures, releases and interruptions as marks, the playhead, and a line of figures (time,
/// frame, speed, A/B). Pure: a layout, the overlays to draw, and the time under a pointer for
/// scrubbing.
package struct TimelineBar: Hashable, Sendable {
    /// The bar's height, points.
    package static let height = 44.0
    /// The track's inset from the window's left and right edges, points.
    static let inset = 12.0
    /// Opaque: the live window's caption, drawn where the bar is, must not show through its text.
    static let background = Color(0.03, 0.03, 0.05)
    static let trackColor = Color(0.28, 0.28, 0.32)
    static let playedColor = Color(0.25, 0.6, 1.0, 0.55)
    static let gestureColor = Color(0.85, 0.85, 0.9)
    static let releaseColor = Color.overlay
    static let interruptionColor = Color.verdictClose
    static let playheadColor = Color.white
    static let textColor = Color(0.86, 0.86, 0.9)
    static let textSize = 12.0

    /// The whole bar, in window points.
    package let frame: Rect
    /// The track the marks and playhead sit on.
    package let track: Rect
    /// The trace's first and last frame times, seconds.
    package let start: Double
    package let end: Double

    package init(windowSize: Size, start: Double, end: Double) {
        let h = min(Self.height, windowSize.height)
        frame = Rect(x: 0, y: windowSize.height - h, width: windowSize.width, height: h)
        let width = max(1, windowSize.width - 2 * Self.inset)
        track = Rect(x: Self.inset, y: frame.maxY - 18, width: width, height: 8)
        self.start = start
        self.end = max(start, end)
    }

    /// True when `p` is on the bar (a press there scrubs).
    package func contains(_ p: Point) -> Bool {
        p.x >= frame.minX && p.x <= frame.maxX && p.y >= frame.minY && p.y <= frame.maxY
    }

    /// The trace time under window x `x` (clamped to the track's ends).
    package func time(atX x: Double) -> Double {
        let u = min(max((x - track.minX) / track.width, 0), 1)
        return start + u * (end - start)
    }

    /// The window x of trace time `t` on the track.
    package func x(atTime t: Double) -> Double {
        let u = end > start ? min(max((t - start) / (end - start), 0), 1) : 0
        return track.minX + u * track.width
    }

    /// What the bar draws: its background, the track with the played part, a tick per mark
    /// (gestures short and pale, releases tall and amber, interruptions tall and red), the playhead,
    /// and `caption` above the track.
    package func overlays(marks: [PlaybackMark], playhead: Double, caption: String) -> [Scene.Overlay] {
        var out: [Scene.Overlay] = [.rect(frame, color: Self.background, filled: true),
                                    .rect(track, color: Self.trackColor, filled: true)]
        let head = x(atTime: playhead)
        out.append(.rect(Rect(x: track.minX, y: track.minY, width: head - track.minX, height: track.height),
                         color: Self.playedColor, filled: true))
        for mark in marks {
            let mx = x(atTime: mark.time).rounded() + 0.5
            switch mark.kind {
            case .gesture:
                out.append(.line(from: Point(mx, track.minY), to: Point(mx, track.maxY), color: Self.gestureColor))
            case .release:
                out.append(.line(from: Point(mx, track.minY - 5), to: Point(mx, track.maxY + 3), color: Self.releaseColor))
            case .interruption:
                out.append(.line(from: Point(mx, track.minY - 5), to: Point(mx, track.maxY + 3), color: Self.interruptionColor))
            }
        }
        out.append(.rect(Rect(x: head.rounded() - 1, y: track.minY - 7, width: 3, height: track.height + 12),
                         color: Self.playheadColor, filled: true))
        out.append(.text(caption, at: Point(track.minX, frame.minY + 5), size: Self.textSize, color: Self.textColor))
        return out
    }
}
