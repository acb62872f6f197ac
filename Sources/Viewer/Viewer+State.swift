import Geometry
import Gestures
import Motion

// The frames a photo takes and the state derived from the viewer's parts: phase, progress,
// backdrop, the gesture's name, the moving photo's velocity.
extension Viewer {
    // MARK: - Frames

    /// Photo `index`'s aspect-fit size in the window.
    func fitSize(_ index: Int) -> Size {
        photos[index].layoutSize.fitting(in: windowSize)
    }

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

    /// The paging offset now, points (0 unless paging).
    var pagingOffset: Double {
        if case let .paging(pager) = control { return pager.offset.value }
        return 0
    }

    /// Where the moving photo's centre is drawn, nil in the grid.
    var movingQuadCenter: Point? {
        guard let tr = transition else { return nil }
        return tr.pose.value.center + Point(pagingOffset, 0)
    }

    // MARK: - Derived state

    /// The phase as the state log names it.
    public var phase: Phase {
        guard let tr = transition else { return .grid }
        switch control {
        case .pending: return .presented
        case .dismissal: return .interacting
        case .paging: return .paging
        case .zoom: return .zoomed
        case .flight:
            if tr.destination == .closed { return .closing }
            return tr.isAtRest ? .presented : .opening
        }
    }

    /// The transition's progress: 0 in the grid, 1 fully presented.
    public var progress: Double {
        guard let tr = transition else { return 0 }
        switch control {
        case let .dismissal(d): return min(max(d.progress(feel: feel), 0), 1)
        case .pending, .paging: return 1
        case let .zoom(zoom):
            if case .spring = zoom.drive { return tr.flightProgress }
            return min(max(zoom.heldProgress, 0), 1)
        case .flight: return tr.flightProgress
        }
    }

    /// The backdrop's opacity: the feel's backdrop curve of the progress.
    public var backdrop: Double {
        transition == nil ? 0 : min(max(feel.backdropCurve.value(at: progress), 0), 1)
    }

    /// The scroll offset of the grid, points.
    public var scrollOffset: Double { scroller.offset }

    /// The velocity of the moving photo's pose now (centre pt/s, size pt/s, scale per second,
    /// rotation rad/s): the spring's, or the gesture's while one holds the photo; nil in the grid.
    /// Summaries compare it, in the frame after a release, with the release velocity.
    public var photoVelocity: PhotoPose? {
        guard let tr = transition else { return nil }
        switch control {
        case let .dismissal(d):
            return d.poseVelocity(windowHeight: windowSize.height, feel: feel)
        case let .paging(pager):
            var v = tr.pose.velocity
            v.center.x += pager.isHeld ? (pager.gesture?.velocity.x ?? 0) : pager.offset.velocity
            return v
        case let .zoom(zoom):
            switch zoom.drive {
            case let .coasting(x, y): return PhotoPose(center: Point(x.velocity, y.velocity), size: .zero, scale: 0, rotation: 0)
            case let .gesture(_, _, _, latest): return PhotoPose(center: latest.velocity, size: .zero, scale: latest.scaleVelocity, rotation: 0)
            case .spring: return tr.pose.velocity
            }
        case .flight, .pending:
            return tr.pose.velocity
        }
    }

    /// How fast the moving photo's drawn centre, size and rotation change now (`photoVelocity` with
    /// the gesture scale folded into the size); nil in the grid.
    public var photoRate: PhotoRate? {
        guard let tr = transition, let v = photoVelocity else { return nil }
        return PhotoRate(pose: tr.pose.value, velocity: v)
    }

    /// The gesture holding the viewer now, as the state log names it.
    var currentGestureName: GestureName {
        func name(_ kind: ManipulationKind) -> GestureName {
            switch kind {
            case .pan: .pan
            case .pinch: .pinch
            case .rotate: .rotate
            case .pinchRotate: .pinchRotate
            }
        }
        switch owner {
        case .grid:
            return .scroll
        case .photo:
            switch control {
            case let .dismissal(d): return name(d.gesture.kind)
            case .paging: return .page
            case let .zoom(zoom):
                if case let .gesture(_, _, _, latest) = zoom.drive { return name(latest.kind) }
            case .pending:
                if let m = heldManipulation { return name(m.kind) }
            case .flight:
                break
            }
        case .none, .ignored:
            break
        }
        return gestureSinceFrame
    }
}
