import Geometry
import Gestures

/// The slideshow (F5): once the open photo has rested for the feel's `slideshowIntervalSeconds`,
/// the page turns to the next photo, the same flight as Right. Any key, click, wheel, touch or
/// touchpad gesture stops it (pointer motion alone does not), as does closing the photo; it ends
/// at the last photo.
struct Slideshow: Hashable, Sendable {
    /// The viewer time of the first frame at which the open photo was at rest and presented; nil
    /// while it moves.
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
        slideshow = Slideshow()
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

    /// Per frame: counts the open photo's rest and turns the page when the interval is up; the
    /// slideshow ends when the photo closes or the last photo has had its interval.
    mutating func advanceSlideshow() {
        guard var show = slideshow else { return }
        guard let s = session, phase != .closing else {
            slideshow = nil
            return
        }
        guard phase == .presented, isAtRest else {
            show.restingSince = nil
            slideshow = show
            return
        }
        guard let since = show.restingSince else {
            show.restingSince = time
            slideshow = show
            return
        }
        guard time - since >= feel.slideshowIntervalSeconds - 1e-9 else { return }
        guard photos.indices.contains(s.photo + 1) else {
            slideshow = nil
            return
        }
        show.restingSince = nil
        slideshow = show
        page(by: 1)
    }
}
