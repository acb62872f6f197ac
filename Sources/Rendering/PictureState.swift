import Drawing

/// Everything a drawn frame's pixels depend on: the scene, the drawable scale, and for each cell
/// and photo the textures the renderer would draw it with. Two equal states draw the same pixels,
/// so the live window draws and presents a frame only when its state differs from the one on
/// screen (an idle grid costs no rendering: without a GPU, drawing a 1280×800 frame with Mesa's
/// llvmpipe takes about a core at 60 frames a second, which the decoders need).
struct PictureState: Equatable {
    /// What one drawn photo reads from the texture source.
    package struct Source: Equatable {
        package var texture: UInt64?
        package var isBroken: Bool
        var brokenReason: String?
        var fadingTexture: UInt64?
        var fadingOpacity: Double?
    }

    package var scene: Scene
    package var pointScale: Double
    package var cells: [Source]
    package var photos: [Source]

    /// The state `scene` would be drawn in now, at `pointScale` with `textures` (prepared for it).
    /// Cells under an opaque backdrop are not drawn (`SceneRenderer`), so they are no part of it.
    init(scene: Scene, pointScale: Double, textures: PhotoTextureSource) {
        var scene = scene
        if scene.backdropAlpha >= 1 { scene.cells = [] }
        self.scene = scene
        self.pointScale = pointScale
        func source(_ photo: Int, preferFull: Bool) -> Source {
            let fade = preferFull ? nil : textures.fadingOut(for: photo)
            return Source(texture: textures.texture(for: photo, preferFull: preferFull)?.serial,
                          isBroken: textures.isBroken(photo), brokenReason: textures.brokenReason(photo),
                          fadingTexture: fade?.texture.serial, fadingOpacity: fade?.opacity)
        }
        cells = scene.cells.map { source($0.photo, preferFull: false) }
        photos = scene.photos.map { source($0.photo, preferFull: true) }
    }
}
