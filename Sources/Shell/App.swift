import CSDL2
import Foundation
import Geometry
import Gestures
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
        let selection = try PhotoSelection(paths: options.photoPaths, recursive: options.recursive)
        let recording = try Recording(options: options)
        if SDL_getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "x11", 1) }
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
                                            Int32(options.windowSize.width), Int32(options.windowSize.height), flags) else {
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
        let textures = PhotoPipeline(catalog: catalog, warn: printError)
        let sceneRenderer = SceneRenderer(renderer: renderer, textures: textures)
        let windowSize = currentWindowSize(window)
        let header = TraceHeader(windowSize: windowSize, scale: pointScale(window, renderer, windowSize), photos: photos,
                                 feel: FeelCoding.object(of: recording.feel), openPhoto: selection.openIndex)
        let session = try recording.session(header: header)
        let loop = FrameLoop(session: session, recording: recording, source: SDLEventSource(windowSize: windowSize),
                             clock: MonotonicClock(), windowSize: windowSize, quitAfterSeconds: options.quitAfterSeconds,
                             lateSizes: textures.takePhotoSizeEvents(at:))
        while loop.isRunning {
            try loop.step()
            sceneRenderer.pointScale = pointScale(window, renderer, loop.windowSize)
            SDL_RenderSetScale(renderer, Float(sceneRenderer.pointScale), Float(sceneRenderer.pointScale))
            sceneRenderer.draw(session.viewer.scene())
            if !loop.isRunning, let path = options.screenshotPath { try Screenshot.save(renderer, to: path) }
            SDL_RenderPresent(renderer)
        }
        try recording.close()
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
