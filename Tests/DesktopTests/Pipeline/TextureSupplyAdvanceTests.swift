import CSDL2
import Geometry
import Testing
@testable import Rendering
import Viewing
import Drawing
import Events

/// A texture supply that records the calls made to it, in order (issue 31: the loop advances the
/// pipeline once a frame; the renderer only reads textures).
final class RecordingSupply: PhotoTextureSupply {
    var calls: [String] = []
    var demands: [SceneDemand] = []
    func follow(_ photos: [Photo]) { calls.append("follow \(photos.count)") }
    func prepare(for scene: SceneDemand, renderer: OpaquePointer) {
        calls.append("prepare")
        demands.append(scene)
    }
    func texture(for photo: Int, preferFull: Bool) -> Texture? {
        calls.append("texture \(photo)")
        return nil
    }
    func isBroken(_ photo: Int) -> Bool { false }
    func takeNews() -> PhotoSupplyNews {
        calls.append("news")
        return PhotoSupplyNews([.photoSize(index: 1, size: Size(30, 20))])
    }
}

@Suite("Drawing reads, the loop acts: the renderer never prepares textures; advance follows the list, prepares, then takes the news, once")
struct TextureSupplyAdvanceTests {
    @Test("drawing a scene, changed or not, only asks for textures; advance follows the list, prepares the scene's demand at the drawable scale, and returns the news it took")
    func rendererOnlyReads() throws {
        let canvas = SoftwareCanvas(width: 200, height: 100)
        let supply = RecordingSupply()
        let renderer = SceneRenderer(renderer: canvas.renderer, textures: supply)
        renderer.pointScale = 2
        SDL_RenderSetScale(canvas.renderer, 2, 2)
        let unit = Rect(x: 0, y: 0, width: 1, height: 1)
        let scene = Scene(windowSize: Size(100, 50), cells: [
            Scene.Cell(photo: 0, frame: Rect(x: 5, y: 5, width: 40, height: 40), crop: unit),
            Scene.Cell(photo: 1, frame: Rect(x: 55, y: 5, width: 40, height: 40), crop: unit),
        ])

        renderer.draw(scene)
        #expect(renderer.drawIfChanged(scene))
        #expect(!renderer.drawIfChanged(scene))
        #expect(supply.calls.contains("texture 0") && supply.calls.contains("texture 1"), "\(supply.calls)")
        #expect(supply.calls.allSatisfy { $0.hasPrefix("texture ") }, "\(supply.calls)")

        supply.calls = []
        let news = supply.advance(for: scene, pointScale: renderer.pointScale, renderer: canvas.renderer)
        #expect(supply.calls == ["follow \(scene.photoList.count)", "prepare", "news"])
        #expect(news.events(at: 2.5) == [InputEvent(time: 2.5, kind: .photoSize(index: 1, size: Size(30, 20)))])
        // A 40-pt cell at 2 pixels per point asks for 80-pixel thumbnails; the 100 × 50 pt window is 200 × 100 pixels.
        let demand = try #require(supply.demands.first)
        #expect(demand.visibleCells == [0, 1])
        #expect(demand.largePhotos.isEmpty)
        #expect(demand.cellPixels == 80)
        #expect(demand.windowPixels.width == 200 && demand.windowPixels.height == 100)
    }
}
