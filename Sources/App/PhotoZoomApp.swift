import CSDL2
import Foundation
import Geometry
import Gestures
import LabUI
import Trace
import Viewer
import ImageFormats
import LiveInput
import PhotoFiles
import PhotoPipeline
import PhotoActions
import Rendering

/// The windowed app: SDL window and renderer around a `FrameLoop` fed by SDL's events, drawing each frame.
package final class PhotoZoomApp {
    private let options: RunOptions

    package init(options: RunOptions) {
        self.options = options
    }

    /// Runs until the user quits. Throws a `ShellError` for bad input or a failure to start.
    package func run() throws {
        WindowHost.prepareEnvironment()
        let statePath = WindowState.path(in: options.configFolder)
        var state = WindowState(contentsOf: statePath, warn: printError)
        // A folder problem opens the window saying so (`StartSelection`), never an exit.
        let start = StartSelection(paths: options.photoPaths(lastFolder: state.lastFolder), recursive: options.recursive)
        if let notice = start.notice { printError("photozoom: " + notice.text) }
        var selection = start.selection
        // Where the last session on this folder left off: its order, photo and scroll (issue 32).
        let memory = selection.folder.flatMap { state.folders[$0] } ?? FolderMemory()
        selection.arrange(by: memory.order)
        let resumeFocus = selection.openIndex == nil ? memory.photo.flatMap(selection.names.firstIndex(of:)) : nil
        let resumeScroll = selection.openIndex == nil && memory.scroll > 0 ? memory.scroll : nil
        let startSize = options.windowSize ?? state.windowSize ?? RunOptions.defaultWindowSize
        let recording = try Recording(options: options)
        // Ctrl+S saves a tuned preset as a fresh feel.json there.
        ConfigDirectory.create(options.feelSaveFolder)
        let catalog = PhotoCatalog(files: selection.files, names: selection.names, headerBudgetSeconds: PhotoCatalog.startupHeaderBudgetSeconds, warn: printError)
        let photos = catalog.photos
        var limits = PhotoPipeline.Limits()
        limits.writesSharedThumbnails = true  // the next visit reads them (docs/pipeline.md)
        limits.addsNewPhotos = selection.folder != nil  // a folder shown, not files named one by one
        let textures = PhotoPipeline(catalog: catalog, limits: limits, warn: printError)
        // The first screen's thumbnails are decoded (on a second visit: read from the cache) while
        // SDL makes the window and its renderer, 0.1–0.2 s without a GPU (docs/pipeline.md). The
        // grid as it will open, at one pixel per point (SDL's X11 windows); a wrong guess only
        // costs decodes that the first frame asks again at its own size.
        if selection.openIndex == nil {
            var guess = Viewer(photos: photos, windowSize: startSize, feel: recording.feel)
            guess.resume(scroll: resumeScroll, focus: resumeFocus)
            let expected = guess.scene()
            textures.prefetch(for: SceneRenderer.demand(for: expected, pointScale: 1))
        }
        // The grid's first frames are drawn before the accelerated renderer exists (`WindowHost`).
        let host = try WindowHost(title: "PhotoZoom", size: startSize, fast: selection.openIndex == nil, vsync: .whenDisplayRefreshes)
        defer { host.close() }
        let window = host.window

        var sceneRenderer = SceneRenderer(renderer: host.renderer, textures: textures)
        sceneRenderer.cachesGrid = !host.isProvisional
        textures.keepsPixelsForAnotherRenderer = host.isProvisional
        if host.provisionalPixelFormat == SDL_PIXELFORMAT_RGB888.rawValue { textures.opaqueTextureFormat = SDL_PIXELFORMAT_RGB888.rawValue }
        let textMetrics = sceneRenderer.text.metrics
        let windowSize = host.windowSize
        let control = WindowControl(window: window, setName: selection.title, size: windowSize)
        let header = TraceHeader(windowSize: windowSize, scale: host.pointScale(for: windowSize), photos: photos,
                                 feel: FeelCoding.object(of: recording.feel), openPhoto: selection.openIndex,
                                 scroll: resumeScroll, focus: resumeFocus)
        let session = try recording.session(header: header)
        session.describeFeelSource(recording.live.source)
        if let notice = start.notice {
            // Recorded at the session's start, so a replay's window says it too.
            try recording.handle(InputEvent(time: 0, kind: .effect(.photoFile(message: notice.text, isError: notice.isError))), in: session)
        }
        let events = SDLEventSource(window: host.window, windowSize: windowSize)
        let clock = MonotonicClock()
        let clipboard = PhotoClipboard(pixelLimit: limits.pixelLimit, isolation: limits.isolation, warn: { printError($0) })
        defer { clipboard.close() }
        let fileActions = PhotoFileActions(pipeline: textures, clipboard: clipboard, now: { clock.now() },
                                           wake: { WakeEvent.post() })
        fileActions.order = memory.order
        textures.shownOrder = memory.order
        // Turns being written land before the process ends, however the loop ends (a trace write
        // that fails included): a write cut off would leave its temporary file in the user's folder.
        defer { fileActions.finishWrites() }
        let recursive = options.recursive
        // What the pipeline's `advance` learnt (a list change, sizes read late), recorded at the
        // loop's next step: the pipeline is called once a frame.
        var news = PhotoSupplyNews()
        let loop = FrameLoop(session: session, recording: recording, source: events,
                             clock: clock, windowSize: windowSize, quitAfterSeconds: options.quitAfterSeconds,
                             lateSizes: { t in news.take().events(at: t) + fileActions.takeFinishedWrites(at: t) },
                             setFullscreen: { on, size in control.setFullscreen(on, currentSize: size) },
                             fileActions: { request, time in fileActions.carryOut(request, at: time) },
                             openDropped: { paths, viewer, time in fileActions.openDropped(paths, viewer: viewer, recursive: recursive, at: time) })
        // The software renderer standing in gives way to the accelerated one (`RendererHandOver`);
        // so it does when something moves, and for a screenshot at the end.
        var handOver = RendererHandOver(opened: DispatchTime.now().uptimeNanoseconds)
        // The scenes drawn off screen so far for this renderer (`WarmUpScenes`); nil once all were.
        // `PHOTOZOOM_WARM_UP=0` draws none and keeps no grid fresh (to measure what they save).
        let warmsUp = getenv("PHOTOZOOM_WARM_UP").map { String(cString: $0) != "0" } ?? true
        var warmUpStep: Int? = warmsUp ? 0 : nil
        func finishOpening() throws {
            warmUpStep = warmsUp ? 0 : nil
            sceneRenderer.text.releaseTextures()
            try host.finishOpening()
            textures.moveTextures(to: host.renderer)
            sceneRenderer = SceneRenderer(renderer: host.renderer, textures: textures, continuing: sceneRenderer)
            sceneRenderer.cachesGrid = true
        }
        // When each frame starts (`FramePacer`): at once for an input on a display without a
        // vblank, late before the vblank on one with, every interval while something moves, and
        // on input alone once nothing has for a while (docs/pipeline.md "Input to pixels").
        var pacer = FramePacer(interval: host.refreshInterval, waitsForVBlank: host.waitsForVBlank, activeSince: clock.now())
        // With nothing moving the loop waits on input with no timeout: a photo folder or the feel
        // file changing wakes it with an event (`DescriptorWatch`, `WakeEvent`), nothing is polled.
        let watch = DescriptorWatch(wake: { WakeEvent.post() })
        if let descriptor = textures.folderWatchDescriptor { watch?.watch(readable: descriptor) }
        var watchedFeelPath: String?
        var work = FrameWork()
        // The frame log or the frame work asked for: each frame also reads the loop thread's schedule.
        let instrumented = getenv("PHOTOZOOM_FRAME_LOG") != nil || getenv("PHOTOZOOM_FRAME_WORK") != nil
        var moving = true
        // The overlay's figures change only with frames drawn for an input or a motion, not with the
        // frame that draws the figures themselves (which would draw again, and again).
        var machineText = work.overlayText
        // True after a first frame held for the shown thumbnails: the next starts 4 ms after it.
        var holdingFirstFrame = false
        while loop.isRunning {
            if !holdingFirstFrame {
                let wait = pacer.next(now: clock.now(), moving: moving, inputPending: Self.isAnyInputPending())
                Self.wait(until: min(wait.until, options.quitAfterSeconds ?? .infinity), wakesOnInput: wait.wakesOnInput, clock: clock)
            }
            holdingFirstFrame = false
            let start = clock.now()
            if let path = recording.live.path, path != watchedFeelPath {
                watchedFeelPath = path
                watch?.watch(folderOf: path)
                watch?.watch(folderOf: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
            }
            if host.isProvisional {
                let stats = textures.statistics
                if handOver.handsOver(now: DispatchTime.now().uptimeNanoseconds, inputPending: Self.isInputPending(),
                                      decodedFromPhotos: stats.thumbnailsDecoded > stats.thumbnailsFromSharedCache) {
                    try finishOpening()
                    pacer = FramePacer(interval: host.refreshInterval, waitsForVBlank: host.waitsForVBlank, activeSince: clock.now())
                }
            }
            let startCPU = Self.threadCPUSeconds()
            // The loop thread's run-queue waiting and sleep in the frame, when asked (issue 28).
            let startSchedule = instrumented ? ThreadSchedule.now().map { (clock.now(), $0) } : nil
            loop.horizon = pacer.horizon(at: start)
            try loop.step()
            let stepped = clock.now()
            pacer.frameStarts(at: start, hadInput: loop.newestInputTime != nil)
            let screenshot = loop.isRunning ? nil : options.screenshotPath
            if host.isProvisional, !session.viewer.isAtRest || screenshot != nil {
                try finishOpening()
                pacer = FramePacer(interval: host.refreshInterval, waitsForVBlank: host.waitsForVBlank, activeSince: clock.now())
            }
            sceneRenderer.pointScale = host.pointScale(for: loop.windowSize)
            SDL_RenderSetScale(host.renderer, Float(sceneRenderer.pointScale), Float(sceneRenderer.pointScale))
            var scene = session.scene(text: textMetrics)
            if session.lab.feelLab.showsDecisions {
                scene.overlays += Self.machineOverlays(machineText, windowSize: loop.windowSize, advance: textMetrics.advance * 13)
            }
            control.update(subject: scene.title)
            // Both cores decode while nothing moves; one is the frame loop's while something does.
            textures.isSomethingMoving = !session.viewer.isAtRest
            if events.takeRedrawRequest() || screenshot != nil { sceneRenderer.invalidatePicture() }
            // The frame's one call into the pipeline (folder changes, headers, decodes, uploads);
            // drawing only reads its textures.
            let composed = clock.now()
            news.append(textures.advance(for: scene, pointScale: sceneRenderer.pointScale, renderer: host.renderer))
            let prepare = clock.now() - composed
            // The first frame waits for the shown thumbnails (`RendererHandOver.firstFrameWait`).
            if host.isProvisional, handOver.mayHoldFirstFrame(now: DispatchTime.now().uptimeNanoseconds) {
                if handOver.holdsFirstFrame(now: DispatchTime.now().uptimeNanoseconds,
                                            isFinal: textures.showsFinalPictures(forCells: scene.cells.map(\.photo))) {
                    Self.wait(until: start + 0.004, wakesOnInput: false, clock: clock)
                    holdingFirstFrame = true
                    continue
                }
            }
            // A frame whose picture is the one on screen is neither drawn nor presented.
            if sceneRenderer.drawIfChanged(scene) {
                if let path = screenshot { try Screenshot.save(host.renderer, to: path) }
                let call = clock.now()
                SDL_RenderPresent(host.renderer)
                pacer.presented(start: start, call: call, returned: clock.now())
                work.presented(at: clock.now(), moving: !session.viewer.isAtRest, period: host.refreshInterval)
                // Of the frame's wall time until its present returned: waiting for a core, and asleep (neither running nor runnable).
                let schedule = startSchedule.flatMap { began, first in
                    ThreadSchedule.now().map { now in (queued: now.waiting - first.waiting,
                                                       asleep: clock.now() - began - (now.running - first.running) - (now.waiting - first.waiting)) }
                }
                if getenv("PHOTOZOOM_FRAME_LOG") != nil {
                    let st = textures.statistics
                    printError(String(format: "frame %@ prepare %.1f draw %.1f cpu %.1f uploads %d bytes %d present %.1f runqueue %.1f asleep %.1f",
                                      session.viewer.phase.rawValue, prepare * 1000, (call - composed - prepare) * 1000,
                                      (Self.threadCPUSeconds() - startCPU) * 1000, st.uploads, st.uploadedBytes, (clock.now() - call) * 1000,
                                      (schedule?.queued ?? 0) * 1000, (schedule?.asleep ?? 0) * 1000))
                }
                work.add(phase: session.viewer.phase.rawValue, work: call - start,
                         inputLatency: loop.newestInputTime.map { call - $0 },
                         parts: [("step", stepped - start), ("scene", composed - stepped), ("prepare", prepare),
                                 ("draw", call - composed - prepare), ("present", clock.now() - call),
                                 ("cpu", Self.threadCPUSeconds() - startCPU)]
                             + (schedule.map { [("runqueue", $0.queued), ("asleep", $0.asleep)] } ?? []))
                if loop.newestInputTime != nil || !session.viewer.isAtRest { machineText = work.overlayText }
                if host.isProvisional {
                    handOver.presented(now: DispatchTime.now().uptimeNanoseconds,
                                       isFinal: session.viewer.isAtRest && textures.showsFinalPictures(forCells: scene.cells.map(\.photo)))
                }
            } else {
                // An unchanged picture: the next present follows a pause, not a missed frame.
                work.notPresented()
            }
            // The frame has read the folders and the feel file: news from now on wakes the next wait.
            watch?.rearm()
            // After the frame's `prepare`: the decodes it asked for keep the loop stepping.
            // A slideshow keeps frames coming: its interval is counted on them.
            // A feel file that changed is read once it looks the same a frame later (`FeelFileWatcher`).
            moving = !session.viewer.isAtRest || !textures.isIdle || session.viewer.isSlideshowRunning
                || recording.live.isWaitingToRead
            // Once per accelerated renderer, while nothing moves and no input waits, one scene a
            // turn of the loop is drawn off screen (`WarmUpScenes`): llvmpipe compiles its shaders
            // now, not in the first frame of an opening or a held photo (issue 28). Until all are
            // drawn the loop keeps turning every interval.
            if let step = warmUpStep, !host.isProvisional {
                let scenes = WarmUpScenes.scenes(after: scene)
                if step < scenes.count, session.viewer.isAtRest, loop.isRunning, !Self.isAnyInputPending() {
                    let began = clock.now(), beganCPU = Self.threadCPUSeconds()
                    sceneRenderer.warmUp(scenes[step], standInSize: (3, 3))
                    work.addWarmUp(wall: clock.now() - began, cpu: Self.threadCPUSeconds() - beganCPU)
                    if getenv("PHOTOZOOM_FRAME_LOG") != nil {
                        printError(String(format: "warm-up %d of %d: %.1f ms, cpu %.1f", step + 1, scenes.count,
                                          (clock.now() - began) * 1000, (Self.threadCPUSeconds() - beganCPU) * 1000))
                    }
                    warmUpStep = step + 1
                }
                if let next = warmUpStep, next >= scenes.count { warmUpStep = nil } else { moving = true }
            } else if warmsUp, !host.isProvisional, session.viewer.isAtRest, textures.isIdle, loop.isRunning, let held = WarmUpScenes.held(after: scene),
                      !Self.isAnyInputPending() {
                // Thumbnails that came in since: the grid a held photo uncovers drawn again now,
                // not in the hold's first frame.
                let began = clock.now(), beganCPU = Self.threadCPUSeconds()
                if sceneRenderer.refreshGrid(for: held) {
                    work.addWarmUp(wall: clock.now() - began, cpu: Self.threadCPUSeconds() - beganCPU)
                    if getenv("PHOTOZOOM_FRAME_LOG") != nil {
                        printError(String(format: "grid redrawn for a hold: %.1f ms, cpu %.1f", (clock.now() - began) * 1000,
                                          (Self.threadCPUSeconds() - beganCPU) * 1000))
                    }
                }
            }
        }
        if getenv("PHOTOZOOM_FRAME_WORK") != nil {
            (work.summary + [work.hitchSummary] + work.partSummary + work.slowestSummary + [work.warmUpSummary].compactMap { $0 })
                .forEach { printError("photozoom: " + $0) }
        }
        try recording.close()
        state.windowSize = WindowState.rememberedSize(previous: state.windowSize, requested: options.windowSize,
                                                      final: control.rememberedSize(currentSize: loop.windowSize))
        if let folder = selection.folder, folder != URL(fileURLWithPath: options.bundledPhotos).standardizedFileURL.path {
            state.lastFolder = folder
        }
        // The folder's order, last photo and scroll, unless a drop put other photos in its place.
        if let folder = selection.folder, !fileActions.replacedList {
            let viewer = session.viewer
            state.folders[folder] = FolderMemory(order: fileActions.order, photo: viewer.lastPhoto.map { viewer.photos[$0].name },
                                                 scroll: max(0, viewer.scrollOffset))
        }
        state.write(to: statePath)
    }

    /// The calling thread's CPU time (seconds): a frame's work against its wall time tells the
    /// machine's load (others' work) from the frame's own (issue 28).
    private static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// True when SDL holds any event not yet read.
    private static func isAnyInputPending() -> Bool {
        SDL_PumpEvents()
        return SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE
    }

    /// Waits until `deadline` on `clock` (infinite: no timeout); with `wakesOnInput`, only until
    /// an event arrives (SDL sleeps in the X connection's poll: no wake-ups in between).
    private static func wait(until deadline: Double, wakesOnInput: Bool, clock: MonotonicClock) {
        let left = deadline - clock.now()
        guard left > 0 else { return }
        if wakesOnInput {
            // No deadline: wait for an input or a `WakeEvent` alone (SDL's -1).
            _ = SDL_WaitEventTimeout(nil, left > 86_400 ? -1 : Int32((left * 1000).rounded(.up)))
        } else {
            usleep(UInt32(left * 1_000_000))
        }
    }

    /// The lab's figures of the machine, bottom left (issue 28): the frames' work and the last
    /// input's wait until its frame's present call.
    private static func machineOverlays(_ text: String, windowSize: Size, advance: Double) -> [Scene.Overlay] {
        let y = windowSize.height - 30
        return [.rect(Rect(x: 8, y: y, width: Double(text.count) * advance + 16, height: 22), color: Color(0, 0, 0, 0.6), filled: true),
                .text(text, at: Point(16, y + 4), size: 13, color: .overlay)]
    }

    /// True when SDL holds an input event not yet read that can set something moving: a key or
    /// button pressed, a wheel turned, a finger down (not the pointer's motion, nor the keymap
    /// SDL reports at start).
    private static func isInputPending() -> Bool {
        SDL_PumpEvents()
        let kinds: [SDL_EventType] = [SDL_KEYDOWN, SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL, SDL_FINGERDOWN]
        return kinds.contains { SDL_HasEvent($0.rawValue) == SDL_TRUE }
    }
}
