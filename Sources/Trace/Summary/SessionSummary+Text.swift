import Continuity
import Geometry
import Viewing
import FeelModel

/// The human account printed by `replay --summary`, one line per event, e.g.
/// `1.36 s pan dismissal released at (112, 1500) pt/s, projected 991 pt → close; springs take over
/// at (112, 1500) pt/s; photo at 1487 pt/s the instant after (from the frames); overshoot 0.0 pt;
/// 90 % of the travel after 0.396 s; settled 2.18 s (after 0.812 s)`.
extension SessionSummary {
    package var text: String {
        var lines = entries.map(line)
        var opens = 0, releases = 0, interruptions = 0
        for e in entries {
            switch e.kind {
            case .opened: opens += 1
            case .released: releases += 1
            case .interrupted: interruptions += 1
            default: break
            }
        }
        if entries.isEmpty { lines.append("no photo was opened") }
        // Each jump the detector found (docs/continuity.md), with its time and size.
        lines += jumps.map { "jump: " + $0.description }
        let clock = slowMotionWasOn
            ? " of viewer time (\(Self.seconds(endWallTime)) of wall time, the trace's and the player's clock: slow motion was on; "
                + "[wall …] gives each line's)"
            : " (viewer time, no slow motion)"
        lines.append("\(frameCount) frames over \(Self.seconds(endTime))\(clock); \(Self.count(opens, "open")), "
                     + "\(Self.count(releases, "release")), \(Self.count(interruptions, "interruption"))"
                     + (jumps.isEmpty ? "" : ", \(Self.count(jumps.count, "jump"))"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One entry's line.
    package func line(_ e: Entry) -> String {
        var out = Self.seconds(e.time) + (slowMotionWasOn ? " [wall \(Self.seconds(wallTime(atViewer: e.time)))]" : "") + " "
        switch e.kind {
        case let .opened(trigger):
            out += "open \(photoName(e.photo, in: e)) by \(trigger.rawValue)"
        case let .closing(trigger):
            out += "close \(photoName(e.photo, in: e)) by \(trigger.rawValue)"
        case let .grabbed(gesture, from):
            out += "\(gesture.rawValue) takes hold of \(photoName(e.photo, in: e)) while \(from.rawValue)"
        case let .released(r):
            out += "\(Self.gestureLabel(r.gesture, zoom: e.isZoom)) released at \(Self.vector(r.velocity)) pt/s"
            if r.scaleVelocity != 0 { out += ", scale \(Self.signed(r.scaleVelocity, places: 2))/s" }
            if r.rotationVelocity != 0 { out += ", rotation \(Self.signed(r.rotationVelocity, places: 2)) rad/s" }
            out += ", \(Self.projected(r, zoom: e.isZoom)) → \(r.decision.rawValue)"
        case let .interrupted(from, to):
            out += "\(from.rawValue) of \(photoName(e.photo, in: e)) interrupted → \(to.rawValue)"
            if let before = e.velocityBefore { out += "; photo at \(Self.fixed(before.length, places: 0)) pt/s before" }
        case let .paged(from, to):
            out += "paged from \(photoName(from, in: e)) to \(photoName(to, in: e))"
        case let .settled(phase):
            out += "settled (\(phase.rawValue))"
        case let .ignored(i):
            out += "\(i.input) had no effect while \(i.phase.rawValue): \(i.reason.rawValue)"
        }
        guard e.isMeasured else { return out }
        // Opens and closes start from rest: their next-frame velocity is kept but not printed.
        if Entry.isHandOff(e.kind) {
            if let handed = e.rateAtHandOff {
                // What the springs were handed, each component that moves: the input to the
                // motion after, not the hand-off (which the frames measure, below).
                out += "; springs take over at \(Self.vector(handed.center)) pt/s"
                if max(abs(handed.size.width), abs(handed.size.height)) > 0.5 { out += ", size \(Self.vector(handed.size)) pt/s" }
                if abs(handed.rotation) > 0.005 { out += ", rotation \(Self.fixed(handed.rotation, places: 2)) rad/s" }
            }
            if case .released = e.kind, let before = e.velocityBefore {
                out += "; photo at \(Self.fixed(before.length, places: 0)) pt/s before"
            }
            if let after = e.velocityAfter {
                out += "; photo at \(Self.fixed(after.length, places: 0)) pt/s "
                    + (e.figures.velocityAfterIsInstant ? "the instant after (from the frames)" : "over the next frame")
            }
            out += Self.componentHandOff(before: e.rateBefore, after: e.rateAfter)
            if let handOff = e.handOffPointsPerSecond { out += "; hand-off \(Self.fixed(handOff, places: 0)) pt/s" }
        }
        if let overshoot = e.overshootPoints {
            out += "; overshoot " + Self.overshoot(overshoot, e.figures.overshootFraction, of: e.figures.travelPoints, "travel")
            if let size = e.sizeOvershootPoints, size >= 0.05 {
                out += "; width overshoot " + Self.overshoot(size, e.figures.sizeOvershootFraction,
                                                             of: e.figures.sizeTravelPoints.map(abs), "change of width")
            }
        }
        if e.settledAt != nil, let response = e.figures.responseSeconds {
            out += "; 90 % of the travel after \(Self.fixed(response, places: 3)) s"
        }
        if let settled = e.settledAt {
            out += "; settled \(Self.seconds(settled)) (after \(Self.fixed(settled - e.time, places: 3)) s"
                + (slowMotionWasOn ? " of viewer time, \(Self.fixed(wallTime(atViewer: settled) - wallTime(atViewer: e.time), places: 3)) s of wall time)" : ")")
        } else if let cut = e.cutShortAt {
            out += "; cut short at \(Self.seconds(cut))"
        } else {
            out += "; still moving at the end"
        }
        return out
    }

    /// The drawn size's and the rotation's rates before → after a hand-off (the frames' figures,
    /// whose difference is the hand-off), printed when either side moves (over 0.5 pt/s,
    /// 0.005 rad/s): "; size (0, -412) → (0, -388) pt/s; rotation 1.20 → 1.18 rad/s".
    static func componentHandOff(before: PhotoRate?, after handed: PhotoRate?) -> String {
        guard let handed else { return "" }
        let b = before ?? .zero
        var out = ""
        if max(abs(b.size.width), abs(b.size.height), abs(handed.size.width), abs(handed.size.height)) > 0.5 {
            out += "; size \(vector(b.size)) → \(vector(handed.size)) pt/s"
        }
        if max(abs(b.rotation), abs(handed.rotation)) > 0.005 {
            out += "; rotation \(fixed(b.rotation, places: 2)) → \(fixed(handed.rotation, places: 2)) rad/s"
        }
        return out
    }

    /// "photo 3 (kite.jpg)": its number and file name as the list was at `entry` (the header's
    /// list where the entry has no name for it).
    func photoName(_ index: Int?, in entry: Entry) -> String {
        guard let index else { return "the photo" }
        if let name = entry.names[index] { return "photo \(index) (\(name))" }
        guard photos.indices.contains(index) else { return "photo \(index)" }
        return "photo \(index) (\(photos[index].name))"
    }

    /// The gesture's name: a zoom gesture (one that held a zoomed photo) as a zoom, the others as
    /// the dismissal or the page swipe they are.
    static func gestureLabel(_ gesture: GestureName, zoom: Bool = false) -> String {
        switch gesture {
        case .pan, .pinch, .rotate, .pinchRotate: return zoom ? "zoom \(gesture.rawValue)" : "\(gesture.rawValue) dismissal"
        case .page: return "page swipe"
        default: return gesture.rawValue
        }
    }

    /// The figure the decision was made on, in its own unit: a zoom's scale at release and a pure
    /// pinch dismissal's projected scale (×), points otherwise.
    static func projected(_ r: ViewerNote.Release, zoom: Bool = false) -> String {
        if zoom { return "scale at release \(fixed(r.projected, places: 2))×" }
        return r.gesture == .pinch ? "projected scale \(fixed(r.projected, places: 2))×" : "projected \(fixed(r.projected, places: 0)) pt"
    }

    /// "3.5 pt (0.9 % of 380 pt travel)"; the share only where the travel is long enough to give one.
    static func overshoot(_ points: Double, _ fraction: Double?, of travel: Double?, _ noun: String) -> String {
        var out = "\(fixed(points, places: 1)) pt"
        if points >= 0.05, let fraction, let travel { out += " (\(fixed(fraction * 100, places: 1)) % of \(fixed(travel, places: 0)) pt \(noun))" }
        return out
    }

    static func seconds(_ t: Double) -> String { fixed(t, places: 2) + " s" }

    static func vector(_ p: Point) -> String { "(\(fixed(p.x, places: 0)), \(fixed(p.y, places: 0)))" }

    static func vector(_ s: Size) -> String { "(\(fixed(s.width, places: 0)), \(fixed(s.height, places: 0)))" }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func signed(_ v: Double, places: Int) -> String { (v > 0 ? "+" : "") + fixed(v, places: places) }

    /// `v` with exactly `places` decimals ("-0" printed as "0").
    static func fixed(_ v: Double, places: Int) -> String { FeelNumber.fixed(v, places: places) }
}
