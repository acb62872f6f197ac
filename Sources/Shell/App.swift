import CSDL2
import Foundation
import Geometry
import Gestures
import LabUI
import Player
import Trace
import Viewer

/// Writes a line to standard error.
public func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The windowed app: SDL window and renderer around a `FrameLoop` fed by SDL's events, drawing each frame.
public final class App {
    private let options: RunOptions

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
        let host = try WindowHost(title: "PhotoZoom", size: startSize)
        defer { host.close() }
        let renderer = host.renderer
        let window = host.window

        let catalog = PhotoCatalog(files: selection.files, names: selection.names, headerBudgetSeconds: PhotoCatalog.startupHeaderBudgetSeconds, warn: printError)
        let photos = catalog.photos
        var limits = PhotoPipeline.Limits()
        limits.writesSharedThumbnails = true  // the next visit reads them (docs/pipeline.md)
        limits.addsNewPhotos = selection.folder != nil  // a folder shown, not files named one by one
        let textures = PhotoPipeline(catalog: catalog, limits: limits, warn: printError)
        let sceneRenderer = SceneRenderer(renderer: renderer, textures: textures)
        let textMetrics = sceneRenderer.text.metrics
        let windowSize = host.windowSize
        let control = WindowControl(window: window, setName: selection.title, size: windowSize)
        let header = TraceHeader(windowSize: windowSize, scale: host.pointScale(for: windowSize), photos: photos,
                                 feel: FeelCoding.object(of: recording.feel), openPhoto: selection.openIndex)
        let session = try recording.session(header: header)
        let loop = FrameLoop(session: session, recording: recording, source: SDLEventSource(window: host.window, windowSize: windowSize),
                             clock: MonotonicClock(), windowSize: windowSize, quitAfterSeconds: options.quitAfterSeconds,
                             lateSizes: textures.takePhotoSizeEvents(at:),
                             setFullscreen: { on, size in control.setFullscreen(on, currentSize: size) })
        while loop.isRunning {
            try loop.step()
            sceneRenderer.pointScale = host.pointScale(for: loop.windowSize)
            SDL_RenderSetScale(renderer, Float(sceneRenderer.pointScale), Float(sceneRenderer.pointScale))
            let scene = session.scene(text: textMetrics)
            control.update(subject: scene.title)
            // Both cores decode while nothing moves; one is the frame loop's while something does.
            textures.isSomethingMoving = !session.viewer.isAtRest
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
}
