import Geometry
import Gestures
import Motion
import Drawing

// The frames a photo takes and the state derived from the viewer's parts: phase, progress,
// backdrop, the gesture's name, the moving photo's velocity.
extension Viewer {
    // MARK: - Frames

    /// Photo `index`'s aspect-fit size in the window, no larger than `maximumUpscale` times its
    /// own size on the screen (1: one photo pixel per screen pixel, `pixelsPerPoint` of them to a
    /// point) or its grid cell's side along its longer edge, whichever is larger (a photo whose
    /// size is unknown fits the window).
    package func fitSize(_ index: Int) -> Size { fitSize(of: photos[index], in: windowSize) }

    /// Photo `photo`'s aspect-fit size in a window of `window` (see `fitSize(_:)`).
    package func fitSize(of photo: Photo, in window: Size) -> Size {
        let fit = photo.layoutSize.fitting(in: window)
        let own = photo.pixelSize
        guard !own.isEmpty, own.isFinite, fit.width > 0 else { return fit }
        let limit = max(feel.maximumUpscale / pixelsPerPoint, layout.cellSide / max(own.width, own.height))
        return fit.width / own.width > limit ? own * limit : fit
    }

    /// The aspect-fit width of the photo out of the grid (nil in the grid): the live curves' unit
    /// of scale.
    package var fitWidthInView: Double? { session.map { fitSize($0.photo).width } }

    /// The presented pose: aspect fit, centred, unscaled, upright.
    func fullPose(_ index: Int) -> PhotoPose {
        PhotoPose(center: Point(windowSize.width / 2, windowSize.height / 2), size: fitSize(index))
    }

    /// The pose in the grid: the square cell at the present scroll (the cell's crop is the
    /// photo's centred square, which `unitCrop` gives for a square quad).
    func cellPose(_ index: Int) -> PhotoPose {
        let r = layout.cellRect(index, scroll: scroller.offset)
        return PhotoPose(center: r.center, size: r.size)
    }

    /// The photo out of the grid and what moves it; nil in the grid.
    package var session: PhotoSession? {
        if case let .photo(session) = mode { return session }
        return nil
    }

    /// The one door to the photo out of the grid: lends the session to `body` `inout` and writes it
    /// back into `mode` when `body` returns (in a `defer`, so no path forgets); nil in the grid,
    /// where nothing is lent and `body` does not run. The body sees the session and what its
    /// caller read before the lend, not the viewer (the compiler's exclusivity check keeps the
    /// viewer out of reach while the session is away), so whatever the viewer does with the result
    /// (notes, the grid's scroll) happens after the session is back. The pattern of TCA's
    /// `IfCaseLetReducer`; house style 12.
    @discardableResult
    mutating func withPhoto<R>(_ body: (inout PhotoSession) -> R) -> R? {
        guard case var .photo(session) = mode else { return nil }
        defer { mode = .photo(session) }
        return body(&session)
    }

    /// How many photos have been opened so far: the number of the session out of the grid
    /// (`PhotoSession.flight`), or of the last one (`GridMode.flights`).
    package var flights: Int {
        switch mode {
        case let .grid(grid): grid.flights
        case let .photo(session): session.flight
        }
    }

    /// The photo out of the grid (a view of `mode`, for reading).
    package var transition: PhotoTransition? { session?.transition }

    /// The paging offset now, points (0 unless paging).
    var pagingOffset: Double { session?.pagingOffset ?? 0 }

    /// Where the moving photo's centre is drawn, nil in the grid.
    var movingQuadCenter: Point? {
        guard let session else { return nil }
        return session.transition.pose.value.center + Point(session.pagingOffset, 0)
    }

    // MARK: - Derived state

    /// The phase as the state log names it.
    public var phase: Phase { session?.phase ?? .grid }

    /// The transition's progress: 0 in the grid, 1 fully presented.
    package var progress: Double { session?.progress(feel: feel) ?? 0 }

    /// The backdrop's opacity: the feel's backdrop curve of the progress.
    package var backdrop: Double {
        // The last photo gone from the list while out of the grid: the backdrop fades out with its
        // picture (`HandOverFade.backdrop`) instead of cutting to the grid.
        let leaving = handOverFade.map { $0.backdrop * (1 - $0.progress) } ?? 0
        return session == nil ? leaving : min(max(feel.backdropCurve.value(at: progress), 0), 1)
    }

    /// The moving photo's opacity: 1, or with reduced motion the cross-fade's opacity (while a
    /// dismissal holds it, `DismissInteraction.heldOpacity`).
    var photoAlpha: Double {
        guard let s = session, let fade = s.transition.fade else { return 1 }
        if case let .dismissing(d) = s.driver { return d.heldOpacity(grabOpacity: fade.alpha, feel: feel) }
        return fade.alpha
    }

    /// The scroll offset of the grid, points.
    public var scrollOffset: Double { scroller.offset }

    /// The velocity of the moving photo's pose now (centre pt/s, size pt/s, scale per second,
    /// rotation rad/s): the spring's, or the gesture's while one holds the photo; nil in the grid.
    /// Summaries compare it, in the frame after a release, with the release velocity.
    package var photoVelocity: PhotoPose? {
        session?.poseVelocity(windowHeight: windowSize.height, feel: feel)
    }

    /// The manipulation held now, wherever it goes (for the finger overlay), nil when none is.
    package var heldManipulation: Manipulation? {
        switch mode {
        case let .grid(grid): grid.gesture.held
        case let .photo(session): session.heldManipulation
        }
    }

    /// The gesture holding the viewer now, as the state log names it.
    var currentGestureName: GestureName {
        switch mode {
        case let .grid(grid):
            if case .scrolling = grid.gesture { return .scroll }
        case let .photo(session):
            if let name = session.gestureName { return name }
        }
        return lastFrame.gestureSince
    }
}
