import Geometry
import Gestures
import Motion
import FeelModel
import Events
import Drawing

/// PhotoZoom's whole behaviour: events and times in, state and Scene out. Pure and deterministic.
///
/// The grid scrolls (wheel, drag with momentum, keyboard focus); a click flies a photo from its cell
/// to the full frame on the open spring and a click, Esc or a gesture can take it back at any
/// instant; a pan, pinch or rotate holds the photo with the springs paused and throws it back to
/// the grid or the full frame with the gesture's velocity; horizontal drags page; pinching out zooms.
/// This file is the dispatcher: each concept lives in its own type and `Viewer+…` file.
///
/// Input may arrive between frames: every motion is first advanced to the event's own time, so a
/// reversal or a release starts from the state at that instant, not at the last frame.
///
/// Double-click (documented for users in the README): on the presented photo the first click starts
/// the dismissal at once (a tap never waits to see whether a second follows); a second click within
/// the double-click interval reverses that dismissal, from wherever the photo is and with its
/// velocity, into a 2.5× zoom about the point clicked. On a zoomed photo a double-click zooms back
/// to the fit; a single click there does nothing. In the grid a double-click simply opens (its
/// second click does not send the opening photo back).
///
/// Plain wheel: scrolls the grid; on the presented photo a horizontal wheel swipe turns one page and
/// a vertical wheel zooms about the pointer (eog's default; the grid behind stays put); on a zoomed
/// photo the burst that zoomed it zooms on, a new burst pans.
public struct Viewer: Sendable {
    public internal(set) var photos: [Photo]
    /// The feel parameters in use (`feelInUse`).
    package var feel: Feel { feelInUse.feel }
    /// The feel and what is derived from it, set together (`retune(to:)`).
    package private(set) var feelInUse: FeelInUse
    public private(set) var windowSize: Size
    /// Drawable pixels per window point (2 on a HiDPI display): the trace header's `scale`, so a
    /// replay reads the same. Only what the user is told depends on it (the caption's zoom %).
    package var pixelsPerPoint: Double = 1 {
        didSet { if !(pixelsPerPoint.isFinite && pixelsPerPoint > 0) { pixelsPerPoint = 1 } }
    }
    public private(set) var time: Double = 0
    /// Frames counted so far (`advance(to:)`).
    package var frameCount: Int { lastFrame.count }

    var recognizer: GestureRecognizer
    /// The fingers a touchpad gesture stands for (`Viewer+Touchpad`).
    var touchpadFingers = TouchpadFingers()
    /// While a touchpad gesture's fingers are fed (`handleTouchpad`): the manipulations they report,
    /// acted on once the whole batch is in; nil otherwise.
    var touchpadBatch: [Manipulation]?
    package var scroller: GridScroller
    var focus = FocusRing()
    /// The grid, or the photo out of it and what moves it (`ViewerMode`): the one state machine.
    var mode: ViewerMode = .grid(GridMode())
    var wheelPaging = WheelPaging.quiet
    /// The frame count, the last frame's gesture and rest, for the state log (`FrameRecord`).
    var lastFrame = FrameRecord()
    var requests: [ViewerRequest] = []
    /// A turned photo whose file may be written turned when the user confirms with `w` (`Viewer+Turn`).
    var turnAwaitingWrite: (photo: Int, name: String)?
    /// The slideshow (F5) while it runs (`Viewer+Slideshow`).
    var slideshow: Slideshow?
    /// Photo keys waiting for the photo they act on to land (`Viewer+Keyboard`, docs/phases.md).
    var queuedKeys = QueuedKeys()
    /// The notes made since they were last taken, and those of the event being handled (`NoteLog`).
    var notes = NoteLog()
    /// Paging neighbours sliding out after paging was cut short (see `DepartingNeighbours`).
    package var departing: DepartingNeighbours?
    /// A photo still flying the last few points onto its cell when a click opened another (`Landing`).
    package var landing: Landing?
    /// Photos that left the list while drawn, fading out, and those taking their places, fading in.
    package var handOverFade: HandOverFade?
    /// True while the recognizers' gestures for an event are handled (`handle(gesture:)` is then
    /// part of that event, not one of its own).
    private var isFeedingRecognizer = false

    /// Help overlay, caption, fullscreen, scroll indicator (`Viewer+Chrome.swift`).
    package var chrome = ViewerChrome()

    public init(photos: [Photo], windowSize: Size, feel: Feel = .defaults) {
        self.photos = photos
        self.windowSize = windowSize.isEmpty || !windowSize.isFinite ? Size(1, 1) : windowSize
        self.feelInUse = FeelInUse(feel)
        self.recognizer = GestureRecognizer(settings: Viewer.gestureSettings(for: feel))
        let layout = GridLayout(windowSize: self.windowSize, photoCount: photos.count,
                                targetCellPoints: feel.gridCellTargetPoints, spacingPoints: feel.gridSpacingPoints)
        self.scroller = GridScroller(feel: feel, layout: layout)
    }

    public var layout: GridLayout {
        GridLayout(windowSize: windowSize, photoCount: photos.count,
                   targetCellPoints: feel.gridCellTargetPoints, spacingPoints: feel.gridSpacingPoints)
    }

    /// The recognizers' numbers, taken from the feel parameters.
    static func gestureSettings(for feel: Feel) -> GestureSettings {
        var s = GestureSettings()
        s.clickSlopPoints = feel.clickSlopPoints
        s.doubleTapIntervalSeconds = feel.doubleClickIntervalSeconds
        s.doubleTapDistancePoints = feel.doubleClickDistancePoints
        s.wheelQuietSeconds = feel.wheelQuietSeconds
        s.wheelPinchLogScalePerUnit = feel.wheelPinchLogScalePerUnit
        s.wheelRotateRadiansPerUnit = feel.wheelRotateRadiansPerUnit
        s.velocityWindowSeconds = feel.velocityWindowSeconds
        s.velocitySampleLimit = feel.velocitySampleLimit
        s.velocityStopGapSeconds = feel.velocityStopGapSeconds
        s.minimumFingerSpanPoints = feel.minimumFingerSpanPoints
        s.pinchKindScaleThreshold = feel.pinchKindScaleThreshold
        s.rotateKindThresholdRadians = feel.rotateKindThresholdRadians
        return s
    }

    /// The requests made since the last call (quit, save feel).
    public mutating func takeRequests() -> [ViewerRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// Asks the shell for `request` once: a second ask of the same kind before it is taken is the
    /// same ask, carrying the later payload (two Ctrl+S in one frame save the parameters of the last).
    package mutating func request(_ request: ViewerRequest) {
        if let i = requests.firstIndex(where: { $0.isSameAsk(as: request) }) {
            requests[i] = request
        } else {
            requests.append(request)
        }
    }

    /// The notes made since the last call (opens, releases, interruptions, settles, changes of
    /// reference, releases by time alone).
    public mutating func takeNotes() -> [ViewerNote] {
        notes.take()
    }

    /// The notes the event being handled (or handled last) made, taken by `takeNotes()` or not, in
    /// the order made: what the jump detector reads of it (a change of reference, a release by
    /// time alone).
    package var eventNotes: [ViewerNote] { notes.ofEvent }

    /// A new event begins (the layer above calls it for an event it takes before the viewer sees
    /// it): the notes of the one before are no longer the event's (`eventNotes`).
    package mutating func beginEvent() {
        notes.beginEvent()
    }

    /// Replaces the feel parameters with a set from the feel file (a live reload, a trace's `feel`
    /// event). Motions in flight keep their value and velocity and continue on the new springs (see
    /// `retune(to:)`); the jump detector checks that nothing moves at once.
    public mutating func apply(feel newFeel: Feel) {
        beginEvent()
        retune(to: newFeel)
    }

    /// Replaces the feel parameters. Motions in flight keep their value and velocity and continue on
    /// the new springs; the grid relayouts if its cell size changed; the recognizers take the new
    /// slop, intervals and velocity window.
    package mutating func retune(to newFeel: Feel) {
        feelInUse = feelInUse.retuned(to: newFeel)
        recognizer.settings = Viewer.gestureSettings(for: newFeel)
        scroller.apply(feel: newFeel)
        scroller.relayout(layout)
        withPhoto { $0.retune(to: newFeel) }
        refreshFlightTarget()
    }

    // MARK: - Input

    /// Feeds one input event. `.frame` events advance time (same as `advance(to:)`); every other
    /// event first advances the motions to its own time, then acts. A key press goes to the chrome
    /// first (`Viewer+Chrome`). The feel lab (the `LabUI` module's `LabViewer`) maps times for slow
    /// motion and takes its keys and the feel file's `effect` results before the viewer sees them;
    /// alone, the viewer ignores `effect` events.
    public mutating func handle(_ event: InputEvent) {
        handle(event, keysOfferedToChrome: false)
    }

    /// Feeds one input event (`handle(_:)`). `keysOfferedToChrome`: the layer above (the feel lab's
    /// `LabViewer`) offered a key press to the chrome already, with its panel in mind, before its own
    /// keys, and neither took it: the key is not offered again. Each key press meets the chrome once.
    ///
    /// The router: one `switch` over the input's kind names where each goes (the rows of
    /// docs/phases.md); each child acts by its own phase (the keys' `route`, the recognizers, the
    /// photo session's drivers). Every input but a frame and a touchpad batch first moves the
    /// motions to its instant; pointers and touches also reach the recognizers after their own
    /// press is noted.
    package mutating func handle(_ event: InputEvent, keysOfferedToChrome: Bool) {
        guard event.time.isFinite else { return }
        beginEvent()
        stopSlideshow(for: event.kind)
        switch event.kind {
        case .frame:
            advance(to: event.time)
        case .horizon:
            // Where the held photo is drawn, not what the viewer is (`Session.drawnViewer`).
            break
        case let .touchpad(gesture):
            handleTouchpad(gesture, time: event.time)
        case let .effect(effect):
            step(to: event.time)
            apply(effect)
        case let .key(.down, key, modifiers):
            step(to: event.time)
            if !keysOfferedToChrome, handleChromeKey(key, modifiers: modifiers, panelShown: false) { return }
            noteHover(event.kind)
            handleKey(key, modifiers: modifiers)
            feedRecognizer(event)
        case .key:
            noteHover(event.kind)
            step(to: event.time)
            feedRecognizer(event)
        case let .pointer(phase, position, button, _):
            noteHover(event.kind)
            if phase == .move { wakeCaption() }
            step(to: event.time)
            if phase == .down { pressed(at: position, button: button) }
            feedRecognizer(event)
            // A press that caught the photo ended with neither a click nor a drag taking over.
            if phase == .up { withPhoto { _ = $0.releaseCatch() } }
        case let .touch(phase, _, position):
            step(to: event.time)
            if phase == .down { pressed(at: position, button: .left) }
            feedRecognizer(event)
            if phase == .up || phase == .cancel { withPhoto { _ = $0.releaseCatch() } }
        case .wheel, .feel:
            step(to: event.time)
            feedRecognizer(event)
        case let .resize(size):
            step(to: event.time)
            resize(to: size)
            feedRecognizer(event)
        case let .photoSize(index, size):
            step(to: event.time)
            takePhotoSize(index, size)
            feedRecognizer(event)
        case let .photos(change):
            step(to: event.time)
            applyPhotoList(change)
            feedRecognizer(event)
        }
    }

    /// What the shell did for a request (`EffectResult`): a drop to open, a photo put back, a turn.
    private mutating func apply(_ effect: EffectResult) {
        switch effect {
        case let .dropped(open, _): openDropped(open)
        case let .photoRestored(photo, _): pageToRestored(photo)
        case let .photoTurned(photo, turns, _, asks): turn(photo, by: turns, asksToWrite: asks)
        default: break
        }
    }

    /// Photo `index`'s pixel size became known.
    private mutating func takePhotoSize(_ index: Int, _ size: Size) {
        guard photos.indices.contains(index), size.isFinite, size.width >= 0, size.height >= 0 else { return }
        photos[index].pixelSize = size
        notes.append(.referenceChanged(.photoSize(index: index), time: time))
        // The frame it flies to (with reduced motion: the frame it shows in) changes now.
        refreshFlightTarget()
        // A zoom gesture holding it goes on from what is drawn, against the new fit's bounds
        // (a release would otherwise re-read the whole gesture against them).
        regrabZoomInPlace(photo: index)
    }

    /// Passes an event to the recognizers and acts on what they report.
    mutating func feedRecognizer(_ event: InputEvent) {
        let context = GestureContext(mirrorPivot: mirrorPivot(for: event))
        isFeedingRecognizer = true
        defer { isFeedingRecognizer = false }
        for gesture in recognizer.handle(event, context: context) {
            handle(gesture: gesture)
        }
    }

    /// Acts on one recognized gesture (also the tests' entry point for pinches and double taps).
    mutating func handle(gesture: GestureEvent) {
        if touchpadBatch != nil, case let .manipulation(m) = gesture {
            touchpadBatch?.append(m)
            return
        }
        if !isFeedingRecognizer {
            // Fed directly (the tests' entry point): an event of its own, with no change of reference.
            beginEvent()
        }
        switch gesture {
        case let .tap(location, count, button, _, t):
            guard location.isFinite, t.isFinite else { return }
            step(to: t)
            handleTap(at: location, count: count, button: button, time: time)
        case let .manipulation(m):
            guard m.isFinite else { return }
            step(to: m.time)
            handleManipulation(m)
        case let .scroll(location, delta, modifiers, t):
            guard location.isFinite, delta.isFinite, t.isFinite else { return }
            step(to: t)
            handleScroll(delta: delta, at: location, modifiers: modifiers)
        }
    }


    /// The pivot for mirrored virtual fingers: the moving photo's centre, else the cell under the
    /// pointer, else the window's centre.
    func mirrorPivot(for event: InputEvent) -> Point {
        if let quad = movingQuadCenter { return quad }
        if case let .pointer(_, p, _, _) = event.kind, let i = layout.cellIndex(at: p, scroll: scroller.offset) {
            return layout.cellRect(i, scroll: scroller.offset).center
        }
        return Point(windowSize.width / 2, windowSize.height / 2)
    }

    // MARK: - Time

    /// Advances every motion to time `t` (seconds) and counts a frame.
    public mutating func advance(to t: Double) {
        guard t.isFinite else { return }
        step(to: t)
        feedRecognizer(.frame(t))
        landIfArrived()
        advanceSlideshow()
        lastFrame.count += 1
        lastFrame.gesture = currentGestureName
        lastFrame.gestureSince = .none
        let rest = isAtRest
        if rest && !lastFrame.wasAtRest { notes.append(.settled(phase: phase, time: time)) }
        lastFrame.wasAtRest = rest
        updateChrome()
    }

    /// Moves every motion forward to `t` without counting a frame (input between frames). A gesture
    /// that time alone ends (a wheel gesture's quiet spell, `GestureRecognizer.nextDeadline`) ends
    /// at its own instant on the way, not at the next event after it.
    package mutating func step(to t: Double) {
        guard t.isFinite, t > time else { return }
        while let deadline = nextDeadline(before: t) {
            move(to: deadline)
            if let d = recognizer.nextDeadline, d <= deadline {
                let wasHeld = session?.isHeldByGesture == true
                feedRecognizer(.frame(deadline))
                if wasHeld, session?.isHeldByGesture != true, let tr = transition, let v = photoVelocity {
                    notes.append(.releasedByTime(time: deadline, pose: tr.pose.value, velocity: v))
                }
            }
            fireSlideshowIfDue()
        }
        move(to: t)
        fireSlideshowIfDue()
    }

    /// The first instant after now and before `t` at which time alone acts: a gesture's quiet
    /// spell ends (`GestureRecognizer.nextDeadline`) or the slideshow's interval is up.
    private func nextDeadline(before t: Double) -> Double? {
        [recognizer.nextDeadline, slideshowDeadline].compactMap { $0 }.filter { $0 > time && $0 < t }.min()
    }

    /// The longest step a flight chasing a cell on a scrolling grid takes, seconds of viewer time.
    static let scrollingCellStepSeconds = 1.0 / 240

    /// True when `t` is an instant of the step grid (`scrollingCellStepSeconds` apart), to within
    /// the rounding of a clock that adds up its frame intervals.
    static func isOnStepGrid(_ t: Double) -> Bool {
        let n = t / scrollingCellStepSeconds
        return abs(n - n.rounded()) < 1e-6
    }

    /// Moves every motion forward to `t`. While the grid scrolls under a photo flying to its cell
    /// (closing, or landing under an opening photo), the step is cut at every
    /// `scrollingCellStepSeconds` of viewer time: the flight follows the cell's path between the
    /// ends of a step to fourth order in its length, so a 30 fps frame's step left it up to 3 pt
    /// from where 600 frames a second put it (property seed 9866, a close while a wheel scrolled
    /// the grid); cut on one grid of instants, every frame rate follows the same path.
    /// The same grid is where what waits for a motion to reach a state looks for it: keys waiting
    /// for their photo to land (`releaseQueuedKeys`) and a slideshow waiting for its photo to rest
    /// (`noteSlideshowRest`), so each acts at the same instant at every frame rate.
    private mutating func move(to t: Double) {
        guard t.isFinite, t > time else { return }
        let chasesScrollingCell = !scroller.isAtRest && (landing != nil || session?.transition.destination == .closed)
        if chasesScrollingCell || waitsForAState {
            let step = Viewer.scrollingCellStepSeconds
            var next = ((time / step).rounded(.down) + 1) * step
            while next < t - 1e-9 {
                moveStep(to: next)
                lookForAwaitedStates()
                next += step
            }
        }
        moveStep(to: t)
        if Viewer.isOnStepGrid(t) { lookForAwaitedStates() }
    }

    /// True while something waits for a motion to reach a state (`lookForAwaitedStates`).
    private var waitsForAState: Bool {
        !queuedKeys.isEmpty || slideshow.map { $0.restingSince == nil } == true
    }

    /// At an instant of the step grid: queued keys act if their photo has landed; a slideshow
    /// whose photo has come to rest starts counting its interval there.
    private mutating func lookForAwaitedStates() {
        releaseQueuedKeys()
        noteSlideshowRest()
    }

    /// Moves every motion forward to `t` in one step.
    private mutating func moveStep(to t: Double) {
        guard t.isFinite, t > time else { return }
        let dt = t - time
        time = t
        let scrollVelocity = scroller.axis.velocity
        let landingCell = landing.map { cellPose($0.photo) }
        scroller.advance(by: dt, now: t)
        advancePhoto(by: dt, scrollVelocity: (scrollVelocity, scroller.axis.velocity))
        if var d = departing {
            d.advance(by: dt)
            departing = d.isAtRest ? nil : d
        }
        if var l = landing {
            l.advance(by: dt, cellFrom: landingCell ?? cellPose(l.photo), to: cellPose(l.photo),
                      scrollVelocity: (scrollVelocity, scroller.axis.velocity))
            landing = l.transition.isAtRest ? nil : l
        }
        if var f = handOverFade {
            f.advance(by: dt)
            handOverFade = f.isAtRest ? nil : f
        }
    }

    /// True when nothing moves and no gesture is held.
    public var isAtRest: Bool {
        guard scroller.isAtRest, departing == nil, landing == nil, handOverFade == nil, queuedKeys.isEmpty else { return false }
        switch mode {
        case let .grid(grid): return grid.gesture.held == nil
        case let .photo(session): return session.isAtRest
        }
    }

    // MARK: - Resize

    /// A flight keeps its place in the window's own terms across a resize: its centre's offset from
    /// the window's centre and its size at the same share of the photo's fit (as a zoomed photo
    /// keeps its place), and its velocity with them, so a photo opening or closing while the window changes goes on from where it shows
    /// instead of from where it was in points (then its target moves, and progress re-anchors).
    private mutating func keepFlightInWindowTerms(oldFit: Size, oldWindow: Size) {
        guard let s = session, s.driver.anyFlight != nil,
              oldWindow.width > 0, oldWindow.height > 0, oldFit.width > 0 else { return }
        let r = fitSize(s.photo).width / oldFit.width
        let oldCentre = Point(oldWindow.width / 2, oldWindow.height / 2), centre = Point(windowSize.width / 2, windowSize.height / 2)
        withPhoto { $0.transition.remap(aboutCentre: oldCentre, onto: centre, ratio: r) }
    }

    mutating func resize(to size: Size) {
        guard size.isFinite, size.width > 0, size.height > 0, size != windowSize else { return }
        notes.append(.referenceChanged(.resized(from: windowSize, to: size), time: time))
        // Keep the top-left photo in view where it was while the columns reflow.
        let anchor = gridAnchor
        let oldFit = session.map { fitSize($0.photo) }
        let oldWindow = windowSize, oldSlot = slotWidth
        let ghostFits = handOverFade?.ghosts.map { fitSize(of: $0.photo, in: windowSize) } ?? []
        let landingFit = landing.map { fitSize($0.photo) }
        let departingFits = departing.map { d in Dictionary(d.leaving.map { ($0.photo, fitSize($0.photo).width) }, uniquingKeysWith: { a, _ in a }) } ?? [:]
        windowSize = size
        if var l = landing, let oldFit = landingFit, oldFit.width > 0, oldFit.height > 0 {
            // A photo landing keeps its place in the window's terms (its centre with the window, its
            // size with its fit) and flies on to its cell in the new grid.
            let sx = size.width / oldWindow.width, sy = size.height / oldWindow.height
            let fit = fitSize(l.photo), rx = fit.width / oldFit.width, ry = fit.height / oldFit.height
            l.transition.remap(position: { p in
                var p = p
                p.center = Point(p.center.x * sx, p.center.y * sy)
                p.size = Size(p.size.width * rx, p.size.height * ry)
                return p
            }, rate: { v in
                var v = v
                v.center = Point(v.center.x * sx, v.center.y * sy)
                v.size = Size(v.size.width * rx, v.size.height * ry)
                return v
            })
            landing = l
        }
        if var d = departing {
            d.rescale(slotRatio: slotWidth / oldSlot, widthRatio: size.width / oldWindow.width,
                      oldCentre: Point(oldWindow.width / 2, oldWindow.height / 2), centre: Point(size.width / 2, size.height / 2),
                      ratio: { [self] p in departingFits[p].map { fitSize(p).width / $0 } ?? 1 })
            departing = d
        }
        if var f = handOverFade {
            f.resize(from: oldWindow, to: size, oldFits: ghostFits, newFits: f.ghosts.map { fitSize(of: $0.photo, in: size) })
            handOverFade = f
        }
        keepGrid(anchor, at: anchor?.photo)
        if let oldFit { keepFlightInWindowTerms(oldFit: oldFit, oldWindow: oldWindow) }
        keepPagingShare(oldSlot: oldSlot)
        refreshFlightTarget()
        if let oldFit { resizeZoom(oldFit: oldFit, oldWindow: oldWindow) }
        // A held dismissal's shrink depends on the window's height: show it now, not at the next move.
        withPhoto { [feel, windowSize] in $0.followDismissal(windowHeight: windowSize.height, feel: feel) }
    }
}
