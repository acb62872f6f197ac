import Drawing

/// Where the scene renderer gets its photo textures, read only: the renderer asks for what a
/// frame draws and changes nothing (house style 14, "drawing reads, the loop acts"). A source that
/// has work to do each frame is a `PhotoTextureSupply`, which the frame's loop drives.
public protocol PhotoTextureSource: AnyObject {
    /// The best texture available now for `photo`: full resolution when `preferFull` and decoded,
    /// else the thumbnail; nil while nothing is decoded.
    func texture(for photo: Int, preferFull: Bool) -> Texture?
    /// True when the photo could not be decoded: it is drawn as a placeholder with a cross.
    func isBroken(_ photo: Int) -> Bool
    /// Why a broken photo cannot be shown ("corrupt image: …"), drawn in its placeholder under
    /// the cross; nil when the source does not know (or the photo is not broken).
    func brokenReason(_ photo: Int) -> String?
    /// A texture `photo`'s cell showed until just now (its embedded preview) and how opaque it
    /// still is: drawn under the new one, which fades in over it. Nil when nothing fades.
    func fadingOut(for photo: Int) -> (texture: Texture, opacity: Double)?
}

extension PhotoTextureSource {
    public func fadingOut(for photo: Int) -> (texture: Texture, opacity: Double)? { nil }
    public func brokenReason(_ photo: Int) -> String? { nil }
}

/// A texture source with work to do each frame (taking finished decodes, uploading pixels,
/// scheduling decodes, photo I/O): the frame's loop calls `advance` once, before the frame is
/// drawn; the renderer never does. Implementations decode off the frame loop and answer at once
/// with whatever they have.
public protocol PhotoTextureSupply: PhotoTextureSource {
    /// Called once a frame with the scene about to be drawn, so the source can prioritise work
    /// (visible cells first, full resolution for the moving photo) and upload finished decodes.
    func prepare(for scene: SceneDemand, renderer: OpaquePointer)
    /// Called once a frame before `prepare` with the photo list the scene's indices refer to.
    func follow(_ photos: [Photo])
    /// Called once a frame after `prepare`: what the viewer must learn (`PhotoSupplyNews`); the
    /// source's list is the changed one from now on, and the viewer's from the loop's next step.
    func takeNews() -> PhotoSupplyNews
}

extension PhotoTextureSupply {
    /// A source whose indices change with its own list (`PhotoPipeline`) has nothing to follow.
    public func follow(_ photos: [Photo]) {}

    /// A source whose list follows the viewer's (a replay's) has nothing to tell it.
    public func takeNews() -> PhotoSupplyNews { PhotoSupplyNews() }

    /// The frame's one call into the source: follows `scene`'s photo list, prepares what `scene`
    /// drawn at `pointScale` pixels per point needs, with `renderer` (where textures are made), and
    /// returns what the viewer must learn, for the loop to record at its next step. A caller whose
    /// viewer follows a trace (a replay) has none to record.
    @discardableResult
    public func advance(for scene: Scene, pointScale: Double, renderer: OpaquePointer) -> PhotoSupplyNews {
        follow(scene.photoList)
        prepare(for: SceneRenderer.demand(for: scene, pointScale: pointScale), renderer: renderer)
        return takeNews()
    }
}

/// What a frame needs: the cells on screen (with their pixel side) and the photos drawn large.
public struct SceneDemand {
    public var visibleCells: [Int]
    /// Side of a grid cell in pixels, so thumbnails decode at the right size.
    public var cellPixels: Int
    /// Photos drawn above the backdrop, wanted at full resolution.
    public var largePhotos: [Int]
    /// Window size in pixels, the full photo's decode bound.
    public var windowPixels: (width: Int, height: Int)

    public init(visibleCells: [Int], cellPixels: Int, largePhotos: [Int], windowPixels: (width: Int, height: Int)) {
        self.visibleCells = visibleCells
        self.cellPixels = cellPixels
        self.largePhotos = largePhotos
        self.windowPixels = windowPixels
    }
}
