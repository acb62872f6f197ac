import Geometry
import Drawing
import Gestures
import Events

/// The slideshow (F5): once the open photo has rested for the feel's `slideshowIntervalSeconds`,
/// the page turns to the next photo, the same flight as Right. Any key, click, wheel, touch or
/// touchpad gesture stops it (pointer motion alone does not), as does closing the photo; it ends
/// at the last photo.
///
/// Its timer is an instant, not "the next frame": the rest is found on the step grid
/// (`Viewer.lookForAwaitedStates`) or is the instant F5 was pressed on a photo at rest, and the
/// page turns at that instant plus the interval, inside whatever step passes it
/// (`Viewer.step(to:)`), so the same show is the same at every frame rate.
struct Slideshow: Hashable, Sendable {
    /// The instant the open photo came to rest presented; nil while it moves.
    var restingSince: Double?
}

extension Viewer {
    /// True while the slideshow runs: the shell keeps producing frames so its interval is kept.
    package var isSlideshowRunning: Bool { slideshow != nil }

    /// F5: stops a running slideshow; else starts one, opening the focused photo (else the first in
    /// view) from the grid.
    mutating func toggleSlideshow() {
        if slideshow != nil {
            slideshow = nil
            return
        }
        if session == nil {
            let layout = self.layout
            guard layout.photoCount > 0 else { return }
            let visible = layout.visibleRange(scroll: scroller.offset)
            let photo = focus.isVisible ? focus.index ?? visible.lowerBound : visible.lowerBound
            guard photos.indices.contains(photo) else { return }
            open(photo, trigger: .key)
        }
        slideshow = Slideshow(restingSince: isShowResting ? time : nil)
    }

    /// Input that stops the slideshow: a key pressed (but F5, which toggles it), a button or finger
    /// down, a wheel, a touchpad gesture.
    package mutating func stopSlideshow(for kind: InputEvent.Kind) {
        guard slideshow != nil else { return }
        switch kind {
        case let .key(.down, key, _) where key != "f5":
            slideshow = nil
        case .pointer(.down, _, _, _), .wheel, .touch(.down, _, _), .touchpad:
            slideshow = nil
        default:
            break
        }
    }

    /// True when the open photo is presented and nothing moves: the slideshow's interval runs.
    private var isShowResting: Bool { phase == .presented && isAtRest }

    /// The instant the slideshow turns the page, if it runs and its photo rests.
    var slideshowDeadline: Double? {
        slideshow?.restingSince.map { $0 + feel.slideshowIntervalSeconds }
    }

    /// At an instant of the step grid: the slideshow's photo has come to rest, and its interval
    /// starts now.
    mutating func noteSlideshowRest() {
        guard var show = slideshow, show.restingSince == nil, isShowResting else { return }
        show.restingSince = time
        slideshow = show
    }

    /// Inside a step, at the slideshow's deadline: the page turns to the next photo, or the show
    /// ends after the last one.
    mutating func fireSlideshowIfDue() {
        guard var show = slideshow, let due = slideshowDeadline, time >= due - 1e-9 else { return }
        guard isShowResting else {
            show.restingSince = nil
            slideshow = show
            return
        }
        guard let s = session, photos.indices.contains(s.photo + 1) else {
            slideshow = nil
            return
        }
        show.restingSince = nil
        slideshow = show
        notes.append(.actedByTime(time: time))
        page(by: 1)
    }

    /// Per frame: the slideshow ends when its photo closes; a photo that moved (a resize, a
    /// change of its list) rests anew before its interval counts.
    mutating func advanceSlideshow() {
        guard var show = slideshow else { return }
        guard session != nil, phase != .closing else {
            slideshow = nil
            return
        }
        if show.restingSince != nil, !isShowResting {
            show.restingSince = nil
            slideshow = show
        }
    }
}

// MARK: - The indicator

extension Viewer {
    /// The slideshow indicator's ring radius and its distance from the window's bottom-right
    /// corner, points.
    static let slideshowRingRadius = 11.0
    static let slideshowRingMargin = 20.0

    /// The share of the slideshow's interval the resting photo has run, 0…1; nil when no show runs
    /// or its photo still moves (the interval has not begun).
    package var slideshowShare: Double? {
        guard let since = slideshow?.restingSince else { return nil }
        let interval = feel.slideshowIntervalSeconds
        return interval > 0 ? min(1, max(0, (time - since) / interval)) : 1
    }

    /// While the slideshow runs, that it runs: a faint ring in the bottom-right corner with a play
    /// triangle in it, and an arc over the ring filling clockwise from the top as the photo's rest
    /// runs to the page turn (none while the photo moves). Nothing once the show stops.
    func slideshowIndicator() -> [Scene.Overlay] {
        guard slideshow != nil else { return [] }
        let r = Viewer.slideshowRingRadius
        let c = Point(windowSize.width - Viewer.slideshowRingMargin - r, windowSize.height - Viewer.slideshowRingMargin - r)
        // The triangle points right, its centroid at the ring's centre: vertices at −h/3·… and 2h/3.
        let h = r * 0.9, half = r * 0.45
        var overlays: [Scene.Overlay] = [
            .ring(center: c, radius: r, color: Color(1, 1, 1, 0.35)),
            .polyline([Point(c.x - h / 3, c.y - half), Point(c.x + 2 * h / 3, c.y), Point(c.x - h / 3, c.y + half),
                       Point(c.x - h / 3, c.y - half)], color: .white),
        ]
        if let share = slideshowShare, share > 0 {
            // One segment per 1/48 of the turn: smooth at this size.
            let segments = max(1, Int((share * 48).rounded(.up)))
            let arc = (0...segments).map { i in
                let angle = -Double.pi / 2 + 2 * Double.pi * share * Double(i) / Double(segments)
                return Point(c.x + r * cosine(angle), c.y + r * sine(angle))
            }
            overlays.append(.polyline(arc, color: .overlay))
        }
        return overlays
    }
}
