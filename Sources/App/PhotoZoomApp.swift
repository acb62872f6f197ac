import CSDL2
import Foundation
import Geometry
import Gestures
import LabUI
import Trace
import Viewing
import ImageFormats
import LiveInput
import PhotoFiles
import Window
import PhotoLoading
import PhotoActions
import Rendering
import Diagnostics
import Events

/// The windowed app: SDL window and renderer around a `FrameLoop` fed by SDL's events, drawing each frame.
package final class PhotoZoomApp {
    private let options: RunOptions

    package init(options: RunOptions) {
        self.options = options
    }

    /// Runs until the user quits. Throws a `CommandLineError` for bad input or a failure to start.
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
        // A folder shown, not files named one by one: watched, its new photos join the list (also
        // when it holds none yet).
        limits.addsNewPhotos = start.shownFolder != nil
        let textures = PhotoPipeline(catalog: catalog, limits: limits, folder: start.shownFolder, warn: printError)
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
        // fontconfig names the desktop's UI font while the window opens.
        let uiFont = SystemFont()
        // The grid's first frames are drawn before the accelerated renderer exists (`WindowHost`).
        let host = try WindowHost(title: "PhotoZoom", size: startSize, fast: selection.openIndex == nil, vsync: .whenDisplayRefreshes)
        defer { host.close() }
        let window = host.window

        var sceneRenderer = SceneRenderer(renderer: host.renderer, textures: textures, uiFont: uiFont.path)
        sceneRenderer.cachesGrid = !host.isProvisional
        textures.keepsPixelsForAnotherRenderer = host.isProvisional
        if host.provisionalPixelFormat == SDL_PIXELFORMAT_RGB888.rawValue { textures.opaqueTextureFormat = SDL_PIXELFORMAT_RGB888.rawValue }
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
        } else if let hint = state.firstRunHint {
            // The first run's hint that `?` lists every control, once ever (a folder problem's
            // notice comes first: the hint waits for a run without one).
            session.showNotice(hint)
            state.helpHintShown = true
        }
        let events = SDLEventSource(window: host.window, windowSize: windowSize)
        let clock = MonotonicClock()
        let clipboard = PhotoClipboard(pixelLimit: limits.pixelLimit, isolation: limits.isolation, warn: { printError($0) })
        defer { clipboard.close() }
        let fileActions = PhotoFileActions(pipeline: textures, clipboard: clipboard, now: { clock.now() },
                                           wake: { WakeEvent.post() })
        fileActions.order = memory.order
        // Ctrl+O's chooser and the recent folders (issue 42).
        let bundled = URL(fileURLWithPath: options.bundledPhotos).standardizedFileURL.path
        let opening = FolderOpening(fileActions: fileActions, recursive: options.recursive, recent: state.recentFolders,
                                    shown: start.shownFolder, unremembered: bundled)
        if selection.files.isEmpty {
            // Nothing to show: the chooser is offered at once, the recent folders in it (recorded,
            // so a replay offers the same).
            try recording.handle(InputEvent(time: 0, kind: .effect(opening.choices())), in: session)
        }
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
                             openDropped: { paths, viewer, time in
                                 defer { control.setName = fileActions.shownTitle ?? control.setName }
                                 return fileActions.openDropped(paths, viewer: viewer, recursive: recursive, at: time)
                             },
                             chooseFolder: { request, viewer, time in
                                 // The title names the folder chosen from now on.
                                 defer { control.setName = fileActions.shownTitle ?? control.setName }
                                 return opening.carryOut(request, viewer: viewer, at: time)
                             })
        let live = LiveLoop(loop: loop, session: session, host: host, renderer: sceneRenderer, textures: textures, events: events,
                            clock: clock, control: control, environment: RunEnvironment.read(),
                            quitAfterSeconds: options.quitAfterSeconds, screenshotPath: options.screenshotPath,
                            feelPath: { recording.live.path }, isFeelFileWaiting: { recording.live.isWaitingToRead },
                            news: { news.append($0) })
        try live.run()
        try recording.close()
        state.windowSize = WindowState.rememberedSize(previous: state.windowSize, requested: options.windowSize,
                                                      final: control.rememberedSize(currentSize: loop.windowSize))
        if let folder = opening.shownFolder, folder != bundled {
            state.lastFolder = folder
        }
        state.recentFolders = opening.recentFolders
        // The folder's order, last photo and scroll, unless a drop put other photos in its place.
        if let folder = selection.folder, !fileActions.replacedList {
            let viewer = session.viewer
            state.folders[folder] = FolderMemory(order: fileActions.order, photo: viewer.lastPhoto.map { viewer.photos[$0].name },
                                                 scroll: max(0, viewer.scrollOffset))
        }
        state.write(to: statePath)
    }
}
