import CSDL2
import Foundation
import Geometry
import LabUI
import Trace
import Viewing
import LiveInput
import Window
import PhotoLoading
import Rendering
import Drawing

/// The live window's loop: wait for the next frame, then `frame(at:)` — step, scene, advance, draw,
/// present. What only the first frames do (the software renderer standing in, the first frame
/// held for its thumbnails) is `OpeningStepper`'s; the shaders drawn off screen while nothing
/// moves are `WarmUpStepper`'s; the figures of each frame are `FrameInstruments`', an observer.
final class LiveLoop {
    private let loop: FrameLoop
    private let session: Session
    private let host: WindowHost
    private let textures: PhotoPipeline
    private let events: SDLEventSource
    private let clock: MonotonicClock
    private let control: WindowControl
    private let textMetrics: TextMetrics
    private let quitAfterSeconds: Double?
    private let screenshotPath: String?
    private let isFeelFileWaiting: () -> Bool
    private var renderer: SceneRenderer
    private var pacer: FramePacer
    private var opening: OpeningStepper
    private var warmUp: WarmUpStepper
    private let instruments: FrameInstruments
    /// Folders and the feel file's, watched so that news wakes the wait (`DescriptorWatch`).
    private let watch: DescriptorWatch?
    private var watchedFeelPath: String?
    private let feelPath: () -> String?
    /// What the pipeline's `advance` learnt, recorded at the loop's next step.
    private let news: (PhotoSupplyNews) -> Void
    /// True while the picture changes with time alone: the pacer keeps frames coming.
    private var moving = true
    /// True after a first frame held for the shown thumbnails: the next starts 4 ms after it.
    private var holdingFirstFrame = false

    init(loop: FrameLoop, session: Session, host: WindowHost, renderer: SceneRenderer, textures: PhotoPipeline,
         events: SDLEventSource, clock: MonotonicClock, control: WindowControl, environment: RunEnvironment,
         quitAfterSeconds: Double?, screenshotPath: String?, feelPath: @escaping () -> String?,
         isFeelFileWaiting: @escaping () -> Bool, news: @escaping (PhotoSupplyNews) -> Void) {
        self.loop = loop
        self.session = session
        self.host = host
        self.renderer = renderer
        self.textures = textures
        self.events = events
        self.clock = clock
        self.control = control
        self.textMetrics = renderer.text.metrics
        self.quitAfterSeconds = quitAfterSeconds
        self.screenshotPath = screenshotPath
        self.feelPath = feelPath
        self.isFeelFileWaiting = isFeelFileWaiting
        self.news = news
        // When each frame starts (`FramePacer`): at once for an input on a display without a
        // vblank, late before the vblank on one with, every interval while something moves, and
        // on input alone once nothing has for a while (docs/pipeline.md "Input to pixels").
        pacer = FramePacer(interval: host.refreshInterval, waitsForVBlank: host.waitsForVBlank, activeSince: clock.now())
        opening = OpeningStepper(opened: DispatchTime.now().uptimeNanoseconds)
        warmUp = WarmUpStepper(enabled: environment.warmsUp)
        instruments = FrameInstruments(environment: environment)
        // With nothing moving the loop waits on input with no timeout: a photo folder or the feel
        // file changing wakes it with an event (`DescriptorWatch`, `WakeEvent`), nothing is polled.
        watch = DescriptorWatch(wake: { WakeEvent.post() })
        if let descriptor = textures.folderWatchDescriptor { watch?.watch(readable: descriptor) }
    }

    /// Frames until the session quits; then the frame figures, when asked for.
    func run() throws {
        while loop.isRunning {
            if !holdingFirstFrame {
                let wait = pacer.next(now: clock.now(), moving: moving, inputPending: LiveInputQueue.isAnyPending())
                LiveInputQueue.wait(until: min(wait.until, quitAfterSeconds ?? .infinity), wakesOnInput: wait.wakesOnInput, clock: clock)
            }
            holdingFirstFrame = false
            try frame(at: clock.now())
        }
        instruments.finish()
    }

    /// One frame, begun at `start`: step, scene, advance, draw, present.
    func frame(at start: Double) throws {
        followFeelFile()
        try handOverIf(opening.handsOverBeforeStep(host: host, textures: textures))
        var meter = instruments.frameBegins(at: start, clock: clock)
        // Where a held photo is drawn: the hand's place when this frame reaches the screen (recorded).
        loop.horizon = pacer.horizon(at: start)
        try loop.step()
        meter.stepped = clock.now()
        pacer.frameStarts(at: start, hadInput: loop.newestInputTime != nil)
        let screenshot = loop.isRunning ? nil : screenshotPath
        try handOverIf(opening.handsOverAfterStep(host: host, moving: !session.viewer.isAtRest, screenshot: screenshot != nil))
        let scene = self.scene(screenshot: screenshot)
        meter.composed = clock.now()
        news(textures.advance(for: scene, pointScale: renderer.pointScale, renderer: host.renderer))
        meter.prepared = clock.now()
        if opening.holdsFirstFrame(host: host, textures: textures, scene: scene) {
            LiveInputQueue.wait(until: start + 0.004, wakesOnInput: false, clock: clock)
            holdingFirstFrame = true
            return
        }
        // A frame whose picture is the one on screen is neither drawn nor presented.
        if renderer.drawIfChanged(scene) {
            if let screenshot { try Screenshot.save(host.renderer, to: screenshot) }
            meter.call = clock.now()
            SDL_RenderPresent(host.renderer)
            meter.returned = clock.now()
            pacer.presented(start: start, call: meter.call, returned: meter.returned)
            instruments.presented(meter, phase: session.viewer.phase.rawValue, input: loop.newestInputTime,
                                  moving: loop.newestInputTime != nil || !session.viewer.isAtRest, textures: textures)
            instruments.presentReturned(at: meter.returned, animating: !session.viewer.isAtRest, period: host.refreshInterval)
            opening.presented(host: host, isFinal: session.viewer.isAtRest && textures.showsFinalPictures(forCells: scene.cells.map(\.photo)))
        } else {
            // An unchanged picture: the next present follows a pause, not a missed frame.
            instruments.notPresented()
        }
        // The frame has read the folders and the feel file: news from now on wakes the next wait.
        watch?.rearm()
        // After the frame's `prepare`: the decodes it asked for keep the loop stepping. A slideshow
        // keeps frames coming; a feel file that changed is read once it looks the same a frame later.
        moving = !session.viewer.isAtRest || !textures.isIdle || session.viewer.isSlideshowRunning || isFeelFileWaiting()
        if !host.isProvisional, warmUp.turn(after: scene, renderer: &renderer, quiet: session.viewer.isAtRest && loop.isRunning,
                                            idle: textures.isIdle, clock: clock, instruments: instruments) {
            moving = true
        }
    }

    /// What this frame shows: the session's scene, with the lab's machine figures when shown.
    private func scene(screenshot: String?) -> Scene {
        renderer.pointScale = host.pointScale(for: loop.windowSize)
        SDL_RenderSetScale(host.renderer, Float(renderer.pointScale), Float(renderer.pointScale))
        var scene = session.scene(text: textMetrics)
        if session.lab.feelLab.showsDecisions {
            scene.overlays += instruments.machineOverlays(windowSize: loop.windowSize, text: textMetrics)
        }
        control.update(subject: scene.title)
        // Both cores decode while nothing moves; one is the frame loop's while something does.
        textures.isSomethingMoving = !session.viewer.isAtRest
        if events.takeRedrawRequest() || screenshot != nil { renderer.invalidatePicture() }
        return scene
    }

    /// The feel file's folder (and its target's) watched once the session knows its path.
    private func followFeelFile() {
        guard let path = feelPath(), path != watchedFeelPath else { return }
        watchedFeelPath = path
        watch?.watch(folderOf: path)
        watch?.watch(folderOf: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
    }

    /// Makes the accelerated renderer when `due`: the textures move to it and the pacer starts
    /// over with its interval.
    private func handOverIf(_ due: Bool) throws {
        guard due else { return }
        warmUp.restart()
        renderer.text.releaseTextures()
        try host.finishOpening()
        textures.moveTextures(to: host.renderer)
        renderer = SceneRenderer(renderer: host.renderer, textures: textures, continuing: renderer)
        renderer.cachesGrid = true
        pacer = FramePacer(interval: host.refreshInterval, waitsForVBlank: host.waitsForVBlank, activeSince: clock.now())
    }
}

/// The environment's switches, read once at start (`photozoom run` reads no variable afterwards).
struct RunEnvironment {
    /// `PHOTOZOOM_WARM_UP=0` draws no scene off screen and keeps no grid fresh (to measure what they save).
    var warmsUp = true
    /// `PHOTOZOOM_FRAME_LOG`: a line on standard error for each frame and each scene warmed up.
    var logsFrames = false
    /// `PHOTOZOOM_FRAME_WORK`: the frames' figures on standard error when the app quits.
    var summarisesFrames = false

    static func read() -> RunEnvironment {
        var out = RunEnvironment()
        out.warmsUp = getenv("PHOTOZOOM_WARM_UP").map { String(cString: $0) != "0" } ?? true
        out.logsFrames = getenv("PHOTOZOOM_FRAME_LOG") != nil
        out.summarisesFrames = getenv("PHOTOZOOM_FRAME_WORK") != nil
        return out
    }
}

/// SDL's queue of inputs as the loop asks it: is anything waiting, and a wait that an input ends.
enum LiveInputQueue {
    /// True when SDL holds any event not yet read.
    static func isAnyPending() -> Bool {
        SDL_PumpEvents()
        return SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE
    }

    /// True when SDL holds an input event not yet read that can set something moving: a key or
    /// button pressed, a wheel turned, a finger down (not the pointer's motion, nor the keymap
    /// SDL reports at start).
    static func isMovingInputPending() -> Bool {
        SDL_PumpEvents()
        let kinds: [SDL_EventType] = [SDL_KEYDOWN, SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL, SDL_FINGERDOWN]
        return kinds.contains { SDL_HasEvent($0.rawValue) == SDL_TRUE }
    }

    /// Waits until `deadline` on `clock` (infinite: no timeout); with `wakesOnInput`, only until
    /// an event arrives (SDL sleeps in the X connection's poll: no wake-ups in between).
    static func wait(until deadline: Double, wakesOnInput: Bool, clock: MonotonicClock) {
        let left = deadline - clock.now()
        guard left > 0 else { return }
        if wakesOnInput {
            // No deadline: wait for an input or a `WakeEvent` alone (SDL's -1).
            _ = SDL_WaitEventTimeout(nil, left > 86_400 ? -1 : Int32((left * 1000).rounded(.up)))
        } else {
            usleep(UInt32(left * 1_000_000))
        }
    }
}
