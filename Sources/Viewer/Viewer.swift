import Geometry
import Gestures
import Motion

/// PhotoZoom's whole behaviour: events and times in, state and Scene out. Pure and deterministic.
///
/// PROVISIONAL (foundation): the grid, its scrolling and its keys. The transition issue adds the
/// photo transition, dismissal, paging and zoom behind the same surface.
public struct Viewer: Sendable {
    public private(set) var photos: [Photo]
    public private(set) var feel: Feel
    public private(set) var windowSize: Size
    public private(set) var time: Double = 0
    public private(set) var frameCount = 0

    private var scroll: SpringAnimation<Double>
    private var scrollTarget: Double = 0
    private var lastWheelTime: Double = -.infinity
    private var requests: [ViewerRequest] = []
    private var notes: [ViewerNote] = []

    public init(photos: [Photo], windowSize: Size, feel: Feel = .defaults) {
        self.photos = photos
        self.windowSize = windowSize
        self.feel = feel
        self.scroll = SpringAnimation(value: 0, spring: feel.scrollSpring,
                                      restTolerance: 0.05, restVelocityTolerance: 1)
    }

    public var layout: GridLayout {
        GridLayout(windowSize: windowSize, photoCount: photos.count,
                   targetCellPoints: feel.gridCellTargetPoints, spacingPoints: feel.gridSpacingPoints)
    }

    /// The requests made since the last call (quit, save feel).
    public mutating func takeRequests() -> [ViewerRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// The notes made since the last call (opens, releases, interruptions, settles).
    public mutating func takeNotes() -> [ViewerNote] {
        defer { notes.removeAll() }
        return notes
    }

    /// While a gesture holds the photo, what a release would do now; nil otherwise.
    public var dismissPreview: DismissPreview? { nil }

    /// Replaces the feel parameters; motions in flight keep their state and take the new springs.
    public mutating func apply(feel newFeel: Feel) {
        feel = newFeel
        scroll.spring = newFeel.scrollSpring
    }

    // MARK: - Input

    /// Feeds one input event. `.frame` events advance time (same as `advance(to:)`).
    public mutating func handle(_ event: InputEvent) {
        switch event.kind {
        case .frame:
            advance(to: event.time)
        case let .wheel(_, delta, modifiers) where modifiers.isEmpty:
            scrollBy(-delta.y * feel.wheelScrollPointsPerUnit, at: event.time)
        case let .key(.down, key, modifiers):
            if key == "q" || (key == "q" && modifiers.contains(.ctrl)) { requests.append(.quit) }
        case let .resize(size):
            guard size.width > 0, size.height > 0 else { return }
            windowSize = size
            let limit = layout.maxScroll
            scrollTarget = min(max(0, scrollTarget), limit)
            scroll.retarget(to: scrollTarget)
        case let .photoSize(index, size):
            if photos.indices.contains(index) { photos[index].pixelSize = size }
        default:
            break
        }
    }

    private mutating func scrollBy(_ dy: Double, at t: Double) {
        let limit = layout.maxScroll
        // The target moves freely inside the bounds; past them it is rubber-banded against the
        // window height and springs back once the wheel has been quiet.
        let raw = scrollTarget + dy
        if raw < 0 || raw > limit {
            let bound = raw < 0 ? 0.0 : limit
            let previousExcess = RubberBand.unband(scrollTarget - bound, dimension: windowSize.height,
                                                   coefficient: feel.rubberBandCoefficient)
            let excess = (scrollTarget - bound).sign == dy.sign || scrollTarget == bound ? previousExcess + dy : dy
            scrollTarget = bound + RubberBand.band(excess, dimension: windowSize.height,
                                                   coefficient: feel.rubberBandCoefficient)
        } else {
            scrollTarget = raw
        }
        scroll.retarget(to: scrollTarget)
        lastWheelTime = t
    }

    // MARK: - Time

    /// Advances every motion to time `t` (seconds); a frame is counted.
    public mutating func advance(to t: Double) {
        let dt = t - time
        if dt > 0 {
            let limit = layout.maxScroll
            if t - lastWheelTime >= feel.wheelQuietSeconds, scrollTarget < 0 || scrollTarget > limit {
                scrollTarget = min(max(0, scrollTarget), limit)
                scroll.retarget(to: scrollTarget)
            }
            scroll.advance(by: dt)
            time = t
        }
        frameCount += 1
    }

    // MARK: - Output

    public var scrollOffset: Double { scroll.value }

    public var snapshot: StateSnapshot {
        StateSnapshot(frame: frameCount, time: time, phase: .grid, photo: nil, image: nil, backdrop: 0,
                      progress: 0, scroll: scroll.value, gesture: .none)
    }

    public func scene() -> Scene {
        let layout = self.layout
        let s = scroll.value
        var cells: [Scene.Cell] = []
        for i in layout.visibleRange(scroll: s) {
            let crop = photos[i].layoutSize.centerCrop(aspect: 1)
            let unit = Rect(x: crop.minX / photos[i].layoutSize.width, y: crop.minY / photos[i].layoutSize.height,
                            width: crop.width / photos[i].layoutSize.width, height: crop.height / photos[i].layoutSize.height)
            cells.append(Scene.Cell(photo: i, frame: layout.cellRect(i, scroll: s), crop: unit))
        }
        return Scene(windowSize: windowSize, cells: cells)
    }
}
