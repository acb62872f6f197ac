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

/// The windowed app: SDL window, event translation, the viewer, scene drawing, the frame loop.
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
        let textures = PhotoPipeline(catalog: catalog, warn: printError)
        let sceneRenderer = SceneRenderer(renderer: renderer, textures: textures)
        var windowSize = currentWindowSize(window)
        let control = WindowControl(window: window, setName: selection.title, size: windowSize)
        let header = TraceHeader(windowSize: windowSize, scale: pointScale(window, renderer, windowSize), photos: photos,
                                 feel: FeelCoding.object(of: recording.feel), openPhoto: selection.openIndex)
        let session = try recording.session(header: header)
        var translator = EventTranslator(windowSize: windowSize)
        let clock = MonotonicClock()

        var running = true
        var event = SDL_Event()
        while running {
            while SDL_PollEvent(&event) != 0 {
                let t = clock.now()
                if event.type == SDL_QUIT.rawValue { running = false; break }
                if let input = translator.translate(event, at: t) {
                    if case let .resize(size) = input.kind { windowSize = size }
                    try recording.handle(input, in: session)
                }
            }
            let t = clock.now()
            // Sizes of photos whose headers were read after start-up: recorded, so a replay matches.
            for sizeEvent in textures.takePhotoSizeEvents(at: t) { try recording.handle(sizeEvent, in: session) }
            // A saved change of the feel file: recorded and applied as a feel event; an error shows.
            let (feelEvent, notice) = recording.live.poll(at: t, current: session.viewer.feel)
            if let feelEvent { try recording.handle(feelEvent, in: session) }
            if let notice { show(notice, in: session) }
            try recording.handle(.frame(t), in: session)
            for request in session.takeRequests() {
                switch request {
                case .quit: running = false
                case .saveFeel: show(recording.live.save(session.viewer.feel), in: session)
                case let .fullscreen(on): control.setFullscreen(on, currentSize: windowSize)
                }
            }
            if let limit = options.quitAfterSeconds, t >= limit { running = false }

            sceneRenderer.pointScale = pointScale(window, renderer, windowSize)
            SDL_RenderSetScale(renderer, Float(sceneRenderer.pointScale), Float(sceneRenderer.pointScale))
            let scene = session.viewer.scene()
            control.update(subject: scene.title)
            sceneRenderer.draw(scene)
            if !running, let path = options.screenshotPath { try Screenshot.save(renderer, to: path) }
            SDL_RenderPresent(renderer)
        }
        try recording.close()
        state.windowSize = control.rememberedSize(currentSize: windowSize)
        if let folder = selection.folder, folder != URL(fileURLWithPath: options.bundledPhotos).standardizedFileURL.path {
            state.lastFolder = folder
        }
        state.write(to: statePath)
    }

    /// Puts a feel-file notice on the window's message line.
    private func show(_ notice: LiveFeelFile.Notice, in session: Session) {
        switch notice {
        case let .info(text): session.show(message: text, isError: false)
        case let .error(text): session.show(message: text, isError: true)
        case .clear: session.show(message: nil, isError: false)
        }
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
