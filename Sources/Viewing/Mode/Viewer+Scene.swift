import Geometry
import Gestures
import Motion
import Drawing

// What the viewer shows: the Scene and the state-log snapshot.
// Only visible cells are touched, so the cost does not grow with the number of photos.
extension Viewer {
    /// Radius of a drawn virtual finger, points.
    static let fingerDotRadius = 9.0
    /// Radius of the ring drawn at a mouse-made pinch's pivot, points.
    static let pivotRingRadius = 6.0

    /// The frame without the lab's instruments (the `LabUI` module adds them: `scene(text:)`).
    public func scene() -> Scene {
        let layout = self.layout
        let s = scroller.offset
        let visible = layout.visibleRange(scroll: s)
        // The flying photo's cell is hidden (with reduced motion nothing flies: the cell stays).
        let hidden = transition.flatMap { $0.fade == nil ? $0.photo : nil }
        let focused = session == nil && focus.isVisible ? focus.index : nil
        var cells: [Scene.Cell] = []
        cells.reserveCapacity(visible.count)
        for i in visible where i != hidden && i != landing?.photo {
            cells.append(Scene.Cell(photo: i, frame: layout.cellRect(i, scroll: s), crop: photos[i].unitCrop(aspect: 1),
                                    isFocused: i == focused))
        }
        var scene = Scene(windowSize: windowSize, cells: cells, backdropAlpha: backdrop, photos: photoQuads(),
                          overlays: fingerOverlays() + chromeOverlays(), title: titleSubject)
        scene.photoList = photos
        return scene
    }

    /// The moving photo, and its neighbours while paging (behind it).
    package func photoQuads() -> [Scene.PhotoQuad] {
        guard let fade = handOverFade else { return listedPhotoQuads() }
        // Photos that left fade out behind the rest; those taking their places fade in (`HandOverFade`).
        let listed = listedPhotoQuads()
        // A listed photo's picture left behind gives way once the photo itself is drawn again.
        let ghosts = fade.ghostQuads.filter { g in g.photo < 0 || !listed.contains { $0.photo == g.photo } }
        return ghosts + listed.map { q in
            var q = q
            q.alpha *= fade.arrivalAlpha(q.photo)
            return q
        }
    }

    /// The quads of the photos in the list (see `photoQuads`): the photo landing on its cell first
    /// (behind), unless that photo is drawn out of the grid again (`drawnLanding`).
    package func listedPhotoQuads() -> [Scene.PhotoQuad] {
        let others = quadsOutOfTheGrid()
        guard let l = landing, !others.contains(where: { $0.photo == l.photo }) else { return others }
        return [quad(of: l.transition, offset: 0, alpha: 1)] + others
    }

    /// The photo landing on its cell, unless it is drawn out of the grid again (paged back to, or a
    /// neighbour in the strip reaching into the window): one photo is one picture, and the landing,
    /// within a few points of its cell, gives way.
    package var drawnLanding: Landing? {
        guard let l = landing, !quadsOutOfTheGrid().contains(where: { $0.photo == l.photo }) else { return nil }
        return l
    }

    /// The departing neighbours, the strip and the moving photo, as drawn.
    private func quadsOutOfTheGrid() -> [Scene.PhotoQuad] {
        var quads: [Scene.PhotoQuad] = []
        let alpha = photoAlpha
        /// The neighbour `index`, `shift` from the current slot at paging offset `dx`, if it reaches
        /// into the window (only those are drawn): at its full frame, or at the pose it still
        /// settles from in its slot (`Pager.leaving`).
        func neighbour(_ index: Int, shift: Double, offset dx: Double, opacity: Double) {
            let q: Scene.PhotoQuad
            if let pose = stripPose(of: index) {
                q = quad(photo: index, pose: pose.value, offset: dx + shift, alpha: opacity)
            } else {
                q = Scene.PhotoQuad(photo: index, crop: Rect(x: 0, y: 0, width: 1, height: 1),
                                    center: Point(windowSize.width / 2 + dx + shift, windowSize.height / 2), size: fitSize(index),
                                    rotation: 0, alpha: opacity)
            }
            let reach = (q.size.width * abs(cosine(q.rotation)) + q.size.height * abs(sine(q.rotation))) / 2
            guard q.center.x + reach > 0, q.center.x - reach < windowSize.width else { return }
            quads.append(q)
        }
        if let d = departing {
            for (index, shift) in d.photos where index != session?.photo { neighbour(index, shift: shift, offset: d.offset.value, opacity: d.alpha) }
        }
        guard let session else { return quads }
        let tr = session.transition
        let dx = session.pagingOffset
        if case let .paging(pager) = session.driver {
            var strip = pagingNeighbours(of: tr.photo, offset: dx)
            // A settling photo may be larger than the window (zoomed): drawn wherever it reaches in.
            for l in pager.leaving where !strip.contains(where: { $0.index == l.photo }) && l.photo != tr.photo {
                strip.append((index: l.photo, shift: Double(l.photo - tr.photo) * slotWidth))
            }
            for (index, shift) in strip { neighbour(index, shift: shift, offset: dx, opacity: alpha) }
        }
        quads.append(quad(of: tr, offset: dx, alpha: alpha))
        return quads
    }

    /// The quad of a flying photo: its pose, moved `offset` along x (paging), at opacity `alpha`.
    func quad(of tr: PhotoTransition, offset: Double, alpha: Double) -> Scene.PhotoQuad {
        quad(photo: tr.photo, pose: tr.pose.value, offset: offset, alpha: alpha)
    }

    /// The quad of photo `photo` at `pose`, moved `offset` along x, at opacity `alpha`.
    func quad(photo: Int, pose: PhotoPose, offset: Double, alpha: Double) -> Scene.PhotoQuad {
        let shown = pose.displayedSize
        // The quad's own shape, a side at 0 included (its limit, not `Size.aspectRatio`'s 1: a
        // side springing through 0 flipped the crop between 30 and 144 fps, property seed 6350).
        let w = max(0, pose.size.width), h = max(0, pose.size.height)
        let aspect = w > 0 || h > 0 ? w / h : 1
        return Scene.PhotoQuad(photo: photo, crop: photos[photo].unitCrop(aspect: aspect),
                               center: pose.center + Point(offset, 0), size: Size(max(0, shown.width), max(0, shown.height)),
                               rotation: pose.rotation, alpha: alpha)
    }

    /// The virtual fingers and pivot of a mouse-made (or wheel-made) pinch while it is held.
    func fingerOverlays() -> [Scene.Overlay] {
        guard let m = heldManipulation else { return [] }
        switch m.source {
        case .mouseMirrored, .mouseTranslated, .wheel:
            var out: [Scene.Overlay] = m.fingers.filter(\.isFinite).map {
                .dot(center: $0, radius: Viewer.fingerDotRadius, color: .overlay)
            }
            if m.fingerCentre.isFinite { out.append(.ring(center: m.fingerCentre, radius: Viewer.pivotRingRadius, color: .overlay)) }
            return out
        case .mouse, .touch:
            return []
        }
    }

    /// The state-log line for the present frame.
    public var snapshot: StateSnapshot {
        var image: StateSnapshot.Image?
        if let tr = transition {
            let pose = tr.pose.value
            let shown = pose.displayedSize
            image = StateSnapshot.Image(center: pose.center + Point(pagingOffset, 0),
                                        size: Size(max(0, shown.width), max(0, shown.height)), rotation: pose.rotation)
        }
        let photo: Int?
        switch mode {
        case let .grid(grid): photo = grid.lastPhoto
        case let .photo(session): photo = session.photo
        }
        return StateSnapshot(frame: frameCount, time: time, phase: phase, photo: photo,
                             image: image, backdrop: backdrop, progress: progress, scroll: scroller.offset,
                             gesture: lastFrame.gesture, shown: shownPhoto.flatMap { $0 == photo ? nil : $0 })
    }

    /// The held gesture as a release now would find it: once no sample has come for the velocity
    /// tracker's stop gap, the pointer or fingers have stopped and a release gets no velocity
    /// (`VelocityTracker`). A wheel gesture keeps its last step's velocities: it ends on a quiet
    /// spell, which is how its release is noticed, not a stop (`WheelGestureRecognizer`).
    package func releasedNow(_ g: Manipulation) -> Manipulation {
        guard g.source != .wheel, time - g.time >= feel.velocityStopGapSeconds else { return g }
        var still = g
        still.velocity = .zero
        still.scaleVelocity = 0
        still.rotationVelocity = 0
        return still
    }
}
