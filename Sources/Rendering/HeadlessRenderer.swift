import CSDL2
import Foundation
import Drawing
import Decoding
import PhotoFiles
import Diagnostics

/// Draws Scenes with no window and no video driver: SDL's software renderer on an ARGB8888 surface,
/// through the same `SceneRenderer` as the window, saved as PNG frames (`replay --frames`).
///
/// The surface follows the scene's window size times `pointScale`; when the size changes (a resize
/// in the trace) the surface, the renderer and its textures are made anew.
package final class HeadlessRenderer {
    /// Drawable pixels per window point (the trace header's `scale`).
    package let pointScale: Double
    private let makeTextures: () -> PhotoTextureSupply
    private var textures: PhotoTextureSupply?
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    private var renderer: OpaquePointer?
    private var sceneRenderer: SceneRenderer?
    private var pixelWidth: Int32 = 0
    private var pixelHeight: Int32 = 0
    /// The font's metrics, for laying out the lab's overlays (`Viewer.scene(text:)`).
    package private(set) lazy var textMetrics: TextMetrics = TextRenderer().metrics

    /// Starts SDL with the dummy video driver (no display is touched).
    /// - Parameter makeTextures: a texture source for a new renderer; called again after a resize,
    ///   because textures belong to the renderer that made them. It must answer synchronously: a
    ///   frame is saved as soon as it is drawn.
    package init(pointScale: Double, makeTextures: @escaping () -> PhotoTextureSupply) throws {
        self.pointScale = pointScale.isFinite && pointScale > 0 ? pointScale : 1
        self.makeTextures = makeTextures
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            throw CommandLineError("cannot start SDL (dummy video driver): \(String(cString: SDL_GetError()))")
        }
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue | IMG_INIT_TIF.rawValue))
    }

    deinit {
        tearDown()
        IMG_Quit()
        SDL_Quit()
    }

    /// One frame of a replay's loop: the texture source advanced for `scene` (its one call a
    /// frame), then `scene` drawn on the surface (made or remade to its size).
    package func draw(_ scene: Scene) throws {
        let w = Int32(max(1, (scene.windowSize.width * pointScale).rounded()))
        let h = Int32(max(1, (scene.windowSize.height * pointScale).rounded()))
        if sceneRenderer == nil || w != pixelWidth || h != pixelHeight { try setUp(width: w, height: h) }
        guard let sceneRenderer, let renderer, let textures else { return }
        SDL_RenderSetScale(renderer, Float(pointScale), Float(pointScale))
        textures.advance(for: scene, pointScale: pointScale, renderer: renderer)
        sceneRenderer.draw(scene)
        SDL_RenderFlush(renderer)
    }

    /// Saves what was last drawn as a PNG (`PNGWriter`: fast, opaque RGB).
    package func savePNG(to path: String) throws {
        guard let surface else { throw CommandLineError("\(path): nothing drawn yet") }
        try PNGWriter.write(surface, to: path)
    }

    /// The size in pixels of what was last drawn (0×0 before the first frame).
    package var pixelSize: (width: Int, height: Int) { (Int(pixelWidth), Int(pixelHeight)) }

    /// Calls `body` with the last frame's pixels: `pixelSize.height` rows of `pitch` bytes, each
    /// pixel B, G, R, A in memory (ARGB8888 on a little-endian machine).
    package func withPixels<R>(_ body: (UnsafeRawBufferPointer, _ pitch: Int) throws -> R) throws -> R {
        guard let surface, let pixels = surface.pointee.pixels else { throw CommandLineError("nothing drawn yet") }
        let pitch = Int(surface.pointee.pitch)
        return try body(UnsafeRawBufferPointer(start: pixels, count: pitch * Int(surface.pointee.h)), pitch)
    }

    private func setUp(width: Int32, height: Int32) throws {
        tearDown()
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw CommandLineError("cannot make a \(width)×\(height) surface: \(String(cString: SDL_GetError()))")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw CommandLineError("cannot make a software renderer: \(String(cString: SDL_GetError()))")
        }
        surface = s
        renderer = r
        pixelWidth = width
        pixelHeight = height
        let made = makeTextures()
        let scene = SceneRenderer(renderer: r, textures: made)
        scene.pointScale = pointScale
        sceneRenderer = scene
        textures = made
    }

    /// Textures go before the renderer that made them, the renderer before its surface.
    private func tearDown() {
        sceneRenderer = nil
        textures = nil
        if let renderer { SDL_DestroyRenderer(renderer) }
        renderer = nil
        if let surface { SDL_FreeSurface(surface) }
        surface = nil
    }
}
