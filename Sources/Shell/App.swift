import CSDL2
import Foundation
import Geometry
import Gestures
import LabUI
import Trace
import Viewer

/// Writes a line to standard error.
public func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The windowed app: SDL window and renderer around a `FrameLoop` fed by SDL's events, drawing each frame.
public final class App {
    private let options: RunOptions
    private var window: OpaquePointer?
    private var renderer: OpaquePointer?

    public init(options: RunOptions) {
        self.options = options
    }

    /// Runs until the user quits. Throws a `ShellError` for bad input or a failure to start.
    public func run() throws {
        let statePath = WindowState.path(in: options.configFolder)
        var state = WindowState(contentsOf: statePath)
        let selection = try PhotoSelection(paths: options.photoPaths(lastFolder: state.lastFolder), recursive: options.recursive)
        let startSize = options.windowSize ?? state.windowSize ?? RunOptions.defaultWindowSize
        let recording = try Recording(options: options)
        // Ctrl+S saves a tuned preset as a fresh feel.json there.
        ConfigDirectory.create(options.feelSaveFolder)
        if SDL_getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "x11", 1) }
        WindowControl.useUTF8Titles()
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw ShellError("cannot start SDL video: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_Quit() }
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue | IMG_INIT_TIF.rawValue))
        defer { IMG_Quit() }

        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow("PhotoZoom", Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(startSize.width), Int32(startSize.height), flags) else {
            throw ShellError("cannot open a window: \(String(cString: SDL_GetError()))")
        }
        self.window = window
        defer { SDL_DestroyWindow(window) }
        let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        guard let renderer else { throw ShellError("cannot create a renderer: \(String(cString: SDL_GetError()))") }
        self.renderer = renderer
        defer { SDL_DestroyRenderer(renderer) }

        let catalog = PhotoCatalog(files: selection.files, headerBudgetSeconds: PhotoCatalog.startupHeaderBudgetSeconds, warn: printError)
        let photos = catalog.photos
        var limits = PhotoPipeline.Limits()
        limits.writesSharedThumbnails = true  // the next visit reads them (docs/pipeline.md)
        let textures = PhotoPipeline(catalog: catalog, limits: limits, warn: printError)
        let sceneRenderer = SceneRenderer(renderer: renderer, textures: textures)
        let textMetrics = sceneRenderer.text.metrics
        let windowSize = currentWindowSize(window)
        let control = WindowControl(window: window, setName: selection.title, size: windowSize)
        let header = TraceHeader(windowSize: windowSize, scale: pointScale(window, renderer, windowSize), photos: photos,
                                 feel: FeelCoding.object(of: recording.feel), openPhoto: selection.openIndex)
        let session = try recording.session(header: header)
        let loop = FrameLoop(session: session, recording: recording, source: SDLEventSource(window: window, windowSize: windowSize),
                             clock: MonotonicClock(), windowSize: windowSize, quitAfterSeconds: options.quitAfterSeconds,
                             lateSizes: textures.takePhotoSizeEvents(at:),
                             setFullscreen: { on, size in control.setFullscreen(on, currentSize: size) })
        while loop.isRunning {
            try loop.step()
            sceneRenderer.pointScale = pointScale(window, renderer, loop.windowSize)
            SDL_RenderSetScale(renderer, Float(sceneRenderer.pointScale), Float(sceneRenderer.pointScale))
            let scene = session.viewer.scene(text: textMetrics)
            control.update(subject: scene.title)
            sceneRenderer.draw(scene)
            if !loop.isRunning, let path = options.screenshotPath { try Screenshot.save(renderer, to: path) }
            SDL_RenderPresent(renderer)
        }
        try recording.close()
        state.windowSize = control.rememberedSize(currentSize: loop.windowSize)
        if let folder = selection.folder, folder != URL(fileURLWithPath: options.bundledPhotos).standardizedFileURL.path {
            state.lastFolder = folder
        }
        state.write(to: statePath)
    }

    private func currentWindowSize(_ window: OpaquePointer) -> Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(Double(w), Double(h))
    }

    /// Drawable pixels per window point (2 on a HiDPI display).
    private func pointScale(_ window: OpaquePointer, _ renderer: OpaquePointer, _ size: Size) -> Double {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return size.width > 0 ? Double(pw) / size.width : 1
    }
}
