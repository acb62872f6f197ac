import CSDL2
import Foundation
import Geometry
import Player
import Trace
import LabUI
import Viewing
import FeelFiles
import LiveInput
import PhotoFiles
import PhotoLoading
import Rendering
import Window
import Diagnostics
import Drawing

/// `photozoom play`: a recorded session in the window, drawn by the same `SceneRenderer` as the
/// live window and `replay --frames`, with the timeline along the bottom, and run B (`--against`, or
/// pinned with `b`) as a ghost over A or beside it. The keys are `PlayerControls`'s.
///
/// Photos come from a folder at hand matched by name, decoded before each frame is drawn (as
/// `replay --frames` does), so frame N shows the same pixels as replay's PNG of frame N.
package final class PlayerApp {
    private let options: PlayOptions

    package init(options: PlayOptions) {
        self.options = options
    }

    /// Loads the trace (replay's errors for a bad one), then runs the window until the person quits.
    package func run() throws {
        let player = try Self.reporting { () throws(TraceError) in
            try TracePlayer(path: options.tracePath, warn: printError, feel: options.feel, against: options.against)
        }
        let header = player.trace.header
        let folder = try TraceTextureSource.folder(for: header.photos, path: options.photosPath)

        let host = try WindowHost(title: "PhotoZoom — " + (options.tracePath as NSString).lastPathComponent, size: header.windowSize)
        defer { host.close() }
        let textures = TraceTextureSource(photos: header.photos, folder: folder, warn: printError)
        if textures.missingCount > 0 {
            printError("warning: \(textures.missingCount) of the trace's \(header.photos.count) photos are not in \(folder.directory.path); "
                       + "they are drawn as placeholders")
        }
        let drawing = PlayerDrawing(host: host, textures: textures)
        defer { drawing.releaseTargets() }
        let controls = PlayerControls(player: player, windowSize: host.windowSize)
        controls.comparison = options.split ? .split : .ghost
        if let frame = options.startFrame { try Self.reporting { () throws(TraceError) in try player.seek(toFrame: frame) } }
        if options.play { player.togglePlaying() }
        if !options.visitFrames.isEmpty {
            try visit(options.visitFrames, controls: controls, drawing: drawing)
            return
        }

        // Ctrl+S saves the playback feel as the live window saves (never over a file changed on disk).
        let saveFolder = options.feelSaveFolder
        let feelFile = try LiveFeelFile(argument: options.feelArgument, saveFolder: saveFolder)
        let loop = PlayerLoop(controls: controls, source: SDLEventSource(window: host.window, windowSize: host.windowSize), clock: MonotonicClock(),
                              quitAfterSeconds: options.quitAfterSeconds,
                              save: { feel in
                                  ConfigDirectory.create(saveFolder)
                                  return feelFile.save(feel)
                              })
        let clock = MonotonicClock()
        var statistics = FrameStatistics()
        while loop.isRunning {
            let start = clock.now()
            try loop.step()
            let stepped = clock.now()
            drawing.draw(controls)
            statistics.add(step: stepped - start, draw: clock.now() - stepped, at: start)
            if !loop.isRunning, let path = options.screenshotPath { try Screenshot.save(host.renderer, to: path) }
            SDL_RenderPresent(host.renderer)
            statistics.presented(at: clock.now(), moving: controls.player.isPlaying, period: host.refreshInterval)
        }
        if options.printsFrameStatistics { printError("photozoom: " + statistics.description) }
    }

    /// Shows each frame of `frames` in turn (a step or a scrub through the checkpoints, as the keys
    /// do) and saves what the window drew as `DIR/visit-01-frame-000012.png` (the visit's place in
    /// the list, then the name `replay --frames` gives the frame).
    private func visit(_ frames: [Int], controls: PlayerControls, drawing: PlayerDrawing) throws {
        let folder = options.visitFolder ?? "."
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (k, n) in frames.enumerated() {
            try Self.reporting { () throws(TraceError) in try controls.player.seek(toFrame: n) }
            drawing.draw(controls)
            let place = String(k + 1)
            let name = "visit-" + String(repeating: "0", count: max(0, 2 - place.count)) + place + "-" + FrameFileName.of(frame: controls.player.frame)
            let path = (folder as NSString).appendingPathComponent(name)
            try Screenshot.save(drawing.host.renderer, to: path)
            SDL_RenderPresent(drawing.host.renderer)
        }
    }
}

extension PlayerApp {
    /// `body`'s trace error as the shell's one-line error with the same exit status.
    static func reporting<T>(_ body: () throws(TraceError) -> T) throws(CommandLineError) -> T {
        do throws(TraceError) {
            return try body()
        } catch {
            throw CommandLineError(error.description, exitStatus: error.exitStatus)
        }
    }
}

/// What the player window draws each frame: A's scene straight onto the window as the live window
/// draws it (with B as a ghost over it, or both side by side through off-screen targets scaled
/// into the halves), then the timeline.
final class PlayerDrawing {
    let host: WindowHost
    package let sceneRenderer: SceneRenderer
    /// The trace's textures, advanced once for each scene before it is drawn (the renderer only reads them).
    private let textures: PhotoTextureSupply
    /// The split view's off-screen targets, one per run, remade when the scene's size changes.
    private var targets: [OpaquePointer] = []
    private var targetSize: (Int32, Int32) = (0, 0)

    init(host: WindowHost, textures: PhotoTextureSupply) {
        self.host = host
        self.textures = textures
        self.sceneRenderer = SceneRenderer(renderer: host.renderer, textures: textures)
    }

    package func draw(_ controls: PlayerControls) {
        let renderer = host.renderer
        controls.windowSize = host.windowSize
        let windowSize = controls.windowSize
        let scale = host.pointScale(for: windowSize)
        sceneRenderer.pointScale = scale
        let player = controls.player
        let text = sceneRenderer.text.metrics
        let a = controls.scene(of: player.a, text: text)
        var b: Scene?
        if let runB = player.b, runB !== player.a { b = controls.scene(of: runB, text: text) }
        if let b, controls.comparison == .split, makeTargets(for: a.windowSize, scale: scale) {
            let frames = GhostScene.splitFrames(scene: a.windowSize, window: windowSize)
            for (scene, target) in zip([a, b], targets) { drawScene(scene, on: target, scale: scale) }
            SDL_RenderSetScale(renderer, 1, 1)
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
            SDL_RenderClear(renderer)
            for (frame, target) in zip([frames.a, frames.b], targets) { copy(target, to: frame, scale: scale) }
            SDL_RenderSetScale(renderer, Float(scale), Float(scale))
            sceneRenderer.drawOverlays(GhostScene.splitLabels(frames: frames, windowSize: windowSize))
        } else {
            // Without render targets the split view falls back to the ghost.
            SDL_RenderSetScale(renderer, Float(scale), Float(scale))
            let scene = b.map { GhostScene.compose(a: a, b: $0) } ?? a
            textures.advance(for: scene, pointScale: scale, renderer: renderer)
            sceneRenderer.draw(scene)
        }
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        sceneRenderer.drawOverlays(controls.timelineOverlays)
    }

    /// Makes sure two targets of the scene's pixel size exist; false when the renderer has none.
    private func makeTargets(for size: Size, scale: Double) -> Bool {
        let w = Int32(max(1, (size.width * scale).rounded())), h = Int32(max(1, (size.height * scale).rounded()))
        if targetSize != (w, h) {
            releaseTargets()
            targetSize = (w, h)
        }
        while targets.count < 2 {
            guard let t = SDL_CreateTexture(host.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h)
            else { return false }
            // Copied as drawn: the scene is opaque.
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
            targets.append(t)
        }
        return true
    }

    private func drawScene(_ scene: Scene, on target: OpaquePointer, scale: Double) {
        SDL_SetRenderTarget(host.renderer, target)
        SDL_RenderSetScale(host.renderer, Float(scale), Float(scale))
        textures.advance(for: scene, pointScale: scale, renderer: host.renderer)
        sceneRenderer.draw(scene)
        SDL_SetRenderTarget(host.renderer, nil)
    }

    private func copy(_ target: OpaquePointer, to frame: Rect, scale: Double) {
        var dst = SDL_FRect(x: Float(frame.minX * scale), y: Float(frame.minY * scale),
                            w: Float(frame.width * scale), h: Float(frame.height * scale))
        SDL_RenderCopyF(host.renderer, target, nil, &dst)
    }

    /// Frees the targets (before the renderer goes).
    func releaseTargets() {
        for t in targets { SDL_DestroyTexture(t) }
        targets.removeAll()
    }
}
