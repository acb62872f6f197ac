import Geometry
import Drawing

/// The scenes the live window draws off screen, once per accelerated renderer while nothing
/// moves, so that the first frame of each kind of drawing it has not done yet does not stall
/// (issue 28).
///
/// Without a GPU, Mesa's llvmpipe compiles a shader for each combination of drawing state it
/// meets (the target's format, the blending, each texture's format and filtering and whether its
/// sides are powers of two) at the first draw that needs it, on the frame loop's thread: about
/// 30 ms of CPU each, 190 ms of LLVM in the first opening's first frame at 1280×800 (measured
/// with perf; under a load of 15 processes a core that frame took seconds). Each scene here is
/// drawn by `SceneRenderer.warmUp(_:)` with the window clipped to one pixel (the compiling
/// happens, the pixel work does not) and the grid drawn whole into its texture (the work the
/// first flight would do).
///
/// From the scene `after` (the one on screen), for the photo most likely to move next (the one
/// drawn large, else the focused cell's, else the first cell's):
/// 1. held: the photo shrunk to 0.9 on fractional pixels over the grid (its cell hidden, as a
///    held or flying photo hides it) under a translucent backdrop, every other cell's photo the
///    same way (their thumbnails' shapes and formats), with a text and a filled
///    rectangle above: the grid drawn into its texture and copied darkened, the photo's feathered
///    quad (its opaque inside copied, its edges blended), the lab's and the captions' drawing;
/// 2. at rest: the photo on whole pixels under the opaque backdrop (a plain copy);
/// 3. and 4. both again with `standIn` drawn as the photo: a texture shaped as a window-sized
///    picture, which the photo shows once decoded (the thumbnail stands in until then).
package enum WarmUpScenes {
    /// The photo index `SceneRenderer.warmUp` draws its stand-in picture for (no list holds it).
    package static let standIn = Int.min

    /// The photo most likely to move next in `scene`: the one drawn large, else the focused
    /// cell's, else the first cell's; nil when there is none.
    static func likelyPhoto(in scene: Scene) -> Int? {
        scene.photos.first(where: { $0.photo >= 0 })?.photo ?? scene.cells.first(where: \.isFocused)?.photo ?? scene.cells.first?.photo
    }

    /// The first of `scenes(after:)`: the likely photo held over the grid, its cell hidden; nil
    /// when there is no photo or the window is too small.
    package static func held(after scene: Scene) -> Scene? {
        guard likelyPhoto(in: scene) != nil else { return nil }
        return scenes(after: scene).first
    }

    /// The scenes to draw off screen after `scene`, in order.
    package static func scenes(after scene: Scene) -> [Scene] {
        let window = scene.windowSize
        guard window.width >= 4, window.height >= 4 else { return [] }
        let photo = likelyPhoto(in: scene)
        let full = Rect(x: 0, y: 0, width: 1, height: 1)
        // Whole points, even, so the quad at rest sits on whole pixels at a whole point scale.
        let rest = Size(2 * (window.width * 0.4).rounded(.down), 2 * (window.height * 0.4).rounded(.down))
        let center = Point((window.width / 2).rounded(.down), (window.height / 2).rounded(.down))
        // A tenth smaller and a little off the pixel grid (a third of a point across, 0.41 down).
        let held = Size(rest.width * 0.9, rest.height * 0.9)
        let heldCenter = Point(center.x + 1.0 / 3, center.y + window.height * 0.05 + 0.41)
        let chrome: [Scene.Overlay] = [.rect(Rect(x: 2, y: 2, width: 24, height: 18), color: Color(0, 0, 0, 0.6), filled: true),
                                       .text("0", at: Point(4, 4), size: 13, color: .overlay)]
        // Every other cell's photo drawn as a held quad too (clipped, each costs a draw call): a
        // thumbnail of another shape or format than the first's compiles shaders of its own.
        let others = scene.cells.map(\.photo).filter { $0 != photo }
        var scenes: [Scene] = []
        for shown in [photo, standIn].compactMap({ $0 }) {
            let quads = ([shown] + (shown == standIn ? [] : others)).map {
                Scene.PhotoQuad(photo: $0, crop: full, center: heldCenter, size: held, rotation: 0, alpha: 1)
            }
            var heldScene = Scene(windowSize: window, background: scene.background,
                                  cells: scene.cells.filter { $0.photo != shown }, backdropAlpha: 0.5,
                                  photos: quads, overlays: chrome)
            heldScene.photoList = scene.photoList
            var restScene = Scene(windowSize: window, background: scene.background, cells: scene.cells, backdropAlpha: 1,
                                  photos: [Scene.PhotoQuad(photo: shown, crop: full, center: center, size: rest, rotation: 0, alpha: 1)])
            restScene.photoList = scene.photoList
            scenes += [heldScene, restScene]
        }
        return scenes
    }
}
