import CSDL2
import Foundation
import Geometry
import LabUI
import Testing
@testable import Rendering
import Viewing
import Drawing
import FeelModel

/// A texture source with nothing decoded: cells and photos draw as placeholders.
final class NoTextures: PhotoTextureSource {
    func texture(for photo: Int, preferFull: Bool) -> Texture? { nil }
    func isBroken(_ photo: Int) -> Bool { false }
}

@Suite("The lab's overlays drawn by the scene renderer: panel text, curves, decision overlay")
struct LabOverlayRenderTests {
    /// Draws `scene` on a software renderer; the caller frees the surface. Set PHOTOZOOM_SNAPSHOTS to
    /// a folder to keep the PNG for a look.
    func render(_ scene: Scene, name: String) throws -> UnsafeMutablePointer<SDL_Surface> {
        let w = Int32(scene.windowSize.width), h = Int32(scene.windowSize.height)
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        let renderer = try #require(SDL_CreateSoftwareRenderer(surface))
        defer { SDL_DestroyRenderer(renderer) }
        SceneRenderer(renderer: renderer, textures: NoTextures()).draw(scene)
        SDL_RenderPresent(renderer)
        if let dir = ProcessInfo.processInfo.environment["PHOTOZOOM_SNAPSHOTS"] { IMG_SavePNG(surface, dir + "/\(name).png") }
        return surface
    }

    /// Pixels in `rect` whose brightest channel is at least `level`.
    func brightPixels(in rect: Rect, of surface: UnsafeMutablePointer<SDL_Surface>, level: UInt32 = 180) -> Int {
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let stride = Int(surface.pointee.pitch) / 4
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = pixels[y * stride + x]
                if max(p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF) >= level { n += 1 }
            }
        }
        return n
    }

    func labScene() -> (Scene, FeelLab) {
        var lab = FeelLab(baseline: .defaults)
        lab.panel.isVisible = true
        lab.panel.select("dragRadiusPoints")
        lab.showsDecisions = true
        // Two seconds of an opening, a pan and a release, for the curves.
        for i in 0...120 {
            let t = Double(i) / 60
            let p = min(1, t * 1.5)
            let held = t > 1 && t < 1.6
            let snapshot = StateSnapshot(frame: i, time: t, phase: held ? .interacting : t < 0.7 ? .opening : t < 1.6 ? .presented : .closing,
                                         photo: 0, image: .init(center: Point(400 + 200 * p, 300 + (held ? (t - 1) * 300 : 0)),
                                                                size: Size(600 * p, 400 * p), rotation: held ? (t - 1) * 0.3 : 0),
                                         backdrop: p, progress: p, scroll: 0, gesture: held ? .pan : .none)
            lab.record(snapshot, fitWidth: 600)
        }
        lab.show("feel.json:2: openSpring.dampingRatio: 0 is out of range (0 < value ≤ 10)", isError: true)
        var feel = Feel.defaults
        feel.dragRadiusPoints = 200
        let preview = DismissPreview(verdict: .close,
                                     travel: .init(start: Point(400, 300), current: Point(420, 420), velocity: Point(60, 850),
                                                   projected: Point(450, 850)),
                                     limits: .init(dragRadiusPoints: 200),
                                     fingers: [Point(360, 400), Point(480, 440)], pivot: Point(420, 420))
        let window = Size(1280, 800)
        let scene = Scene(windowSize: window, backdropAlpha: 0.6,
                          photos: [Scene.PhotoQuad(photo: 0, crop: Rect(x: 0, y: 0, width: 1, height: 1), center: Point(420, 420),
                                                   size: Size(480, 320), rotation: 0.1, alpha: 1)],
                          overlays: lab.overlays(feel: feel, windowSize: window, preview: preview,
                                                    text: TextRenderer().metrics))
        return (scene, lab)
    }

    @Test("the panel's rows, the curves and the decision overlay all put pixels on screen")
    func drawn() throws {
        let (scene, _) = labScene()
        let surface = try render(scene, name: "lab")
        defer { SDL_FreeSurface(surface) }
        let layout = TuningPanel.layout(windowSize: scene.windowSize)
        // Text rows: light glyphs on the dark panel.
        let list = Rect(x: layout.panel.minX, y: layout.listTop, width: layout.panel.width, height: layout.rowHeight * 10)
        #expect(brightPixels(in: list, of: surface) > 500)
        // Curves.
        let curves = try #require(layout.curves)
        #expect(brightPixels(in: curves, of: surface, level: 150) > 500)
        // The decision overlay's label box beside the current point.
        #expect(brightPixels(in: Rect(x: 438, y: 434, width: 240, height: 40), of: surface) > 100)
    }
}
