import CSDL2
import Foundation
import Geometry
import Drawing

/// Draws a `Scene` with an SDL renderer and nothing else: every decision was made by the Viewer.
///
/// Coordinates are window points; `pointScale` (drawable pixels per point) maps them to pixels, so
/// HiDPI windows draw sharp.
public final class SceneRenderer {
    public let renderer: OpaquePointer
    public let textures: PhotoTextureSource
    public let text: TextRenderer
    /// Drawable pixels per window point.
    public var pointScale: Double = 1
    /// True when the renderer puts vertices on whole pixels only (SDL's software renderer truncates
    /// them), which the photo's feathered edge allows for.
    private let hasWholePixelVertices: Bool

    /// `uiFont`: the file of the font captions and notices are drawn in (the desktop's, found at
    /// start-up: `SystemFont`); nil: DejaVu Sans, as replays and tests draw them.
    public init(renderer: OpaquePointer, textures: PhotoTextureSource, uiFont: String? = nil) {
        self.renderer = renderer
        self.textures = textures
        self.text = TextRenderer(uiFont: uiFont)
        var info = SDL_RendererInfo()
        hasWholePixelVertices = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// A scene renderer for `renderer` taking over from `previous`, whose renderer drew into the
    /// same window and is gone (its text textures released first): what `previous` drew stays on
    /// screen, so `drawIfChanged` draws only once the picture changes. The textures keep their
    /// serials across renderers (`PhotoPipeline.moveTextures(to:)`), and a grid's cells and
    /// placeholders cover the same pixels in either (`coverRect`); a photo drawn large by the old
    /// renderer is drawn again.
    public convenience init(renderer: OpaquePointer, textures: PhotoTextureSource, continuing previous: SceneRenderer) {
        self.init(renderer: renderer, textures: textures, uiFont: previous.text.uiFontPath)
        pointScale = previous.pointScale
        if let picture = previous.drawn, picture.scene.photos.isEmpty { drawn = picture }
    }

    /// What the scene needs from the texture source.
    public func demand(for scene: Scene) -> SceneDemand { Self.demand(for: scene, pointScale: pointScale) }

    /// What `scene` needs from the texture source when drawn at `pointScale` pixels per point.
    public static func demand(for scene: Scene, pointScale: Double) -> SceneDemand {
        let side = scene.cells.first.map { Int(($0.frame.width * pointScale).rounded(.up)) } ?? 128
        return SceneDemand(visibleCells: scene.cells.map(\.photo), cellPixels: side,
                           largePhotos: scene.photos.map(\.photo),
                           windowPixels: (Int(scene.windowSize.width * pointScale), Int(scene.windowSize.height * pointScale)))
    }

    /// Draws `scene` into the current render target (not presented), with the textures the source
    /// has now (the frame's loop advanced it first: `PhotoTextureSupply.advance`).
    public func draw(_ scene: Scene) {
        drawPrepared(scene)
        drawn = nil
    }

    /// Draws `scene` only if its picture differs from the one drawn by the previous call; true when
    /// it drew (the caller presents then). Reads the textures the source has now (the frame's loop
    /// advanced it first). `invalidatePicture()` forgets the picture, so the next call draws.
    public func drawIfChanged(_ scene: Scene) -> Bool {
        let state = PictureState(scene: scene, pointScale: pointScale, textures: textures)
        guard state != drawn else { return false }
        drawPrepared(scene, grid: cachesGrid ? GridPicture(state) : nil)
        drawn = state
        return true
    }

    /// True (the live window, on an accelerated renderer) when the grid under a backdrop that is
    /// neither clear nor opaque (a photo held, flying or dismissed) is drawn once into a texture of
    /// the window's size and copied, darkened by the backdrop, in one pass while it stays the same:
    /// a held photo then costs that copy and its own quad, not every cell, the backdrop and the
    /// photo (issue 28). The copy's darkening is a colour modulation, not a blend, so its pixels
    /// may differ from the blended ones by one step of 255; the player and replays never use it.
    package var cachesGrid = false

    /// What the grid's pixels depend on (the cells, their textures, the ground, the scale, the size).
    private struct GridPicture: Equatable {
        var cells: [Scene.Cell]
        var sources: [PictureState.Source]
        var background: Color
        var windowSize: Size
        var pointScale: Double

        init(_ state: PictureState) {
            cells = state.scene.cells
            sources = state.cells
            background = state.scene.background
            windowSize = state.scene.windowSize
            pointScale = state.pointScale
        }
    }

    /// The grid drawn into a texture, and what it shows.
    private var gridTexture: (handle: OpaquePointer, width: Int32, height: Int32, picture: GridPicture?)?

    /// The grid of `scene` as `picture` says, drawn into the grid texture unless it shows that
    /// already; nil when the renderer cannot draw into a texture.
    private func cachedGrid(_ scene: Scene, _ picture: GridPicture) -> OpaquePointer? {
        let (w, h) = outputPixels()
        if let cached = gridTexture, cached.width == Int32(w), cached.height == Int32(h) {
            if cached.picture == picture { return cached.handle }
        } else {
            releaseGridTexture()
            guard let made = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                               Int32(w), Int32(h)) else { return nil }
            // Copied only at its own size onto whole pixels (`drawPrepared`), where a nearest
            // texel is the bilinear one: the same pixels, and llvmpipe samples one texel a pixel,
            // not four (issue 28: the held photo's frames at 2560×1440 and 3840×2160).
            SDL_SetTextureScaleMode(made, SDL_ScaleModeNearest)
            gridTexture = (made, Int32(w), Int32(h), nil)
        }
        guard let handle = gridTexture?.handle, SDL_SetRenderTarget(renderer, handle) == 0 else {
            releaseGridTexture()
            return nil
        }
        SDL_RenderSetScale(renderer, Float(pointScale), Float(pointScale))
        setColor(scene.background)
        SDL_RenderClear(renderer)
        for cell in scene.cells { drawCell(cell) }
        SDL_SetRenderTarget(renderer, nil)
        gridTexture?.picture = picture
        return handle
    }

    /// How the grid texture is copied under a translucent backdrop: around the opaque inside of a
    /// photo over it (the live window), or whole. Tests draw the same scenes both ways and compare
    /// every pixel; `.aroundGrownInside` is their planted fault (an inside `pixels` too large on
    /// each side), which the comparison must catch.
    enum GridCopy: Equatable {
        case aroundOpaqueInside
        case whole
        case aroundGrownInside(pixels: Int32)
    }

    /// How `copyGrid` copies the grid texture (tests set it; the window keeps the default).
    var gridCopy = GridCopy.aroundOpaqueInside

    /// The whole pixels that an opaque photo of `scene` covers with its full-alpha inside, turned or
    /// not (`OpaqueInside`): the largest such rectangle within the window among the photos drawn
    /// at full opacity with an opaque texture; nil when none is (a photo fading, with transparent
    /// texels, a placeholder). Any quad or overlay drawn before or after it changes nothing there:
    /// the photo writes those pixels without reading them (its inside is copied, not blended), and
    /// what is drawn after it reads the photo's pixels, not the grid's.
    private func coveredPixels(_ scene: Scene) -> SDL_Rect? {
        let (w, h) = outputPixels()
        var best: (rect: SDL_Rect, area: Int64)?
        for photo in scene.photos where photo.alpha >= 1 {
            guard let tex = photoTexture(photo.photo), !tex.hasTransparency,
                  let inside = OpaqueInside.pixels(center: photo.center * pointScale,
                                                   size: Size(photo.size.width * pointScale, photo.size.height * pointScale),
                                                   rotation: photo.rotation) else { continue }
            let columns: Int64 = max(0, min(Int64(inside.x) + Int64(inside.w), Int64(w)) - max(Int64(inside.x), 0))
            let rows: Int64 = max(0, min(Int64(inside.y) + Int64(inside.h), Int64(h)) - max(Int64(inside.y), 0))
            let shown = columns * rows
            if shown > (best?.area ?? 0) { best = (inside, shown) }
        }
        return best?.rect
    }

    /// The pixels `copyGrid` leaves out, as `gridCopy` says.
    func gridHole(_ scene: Scene) -> SDL_Rect? {
        switch gridCopy {
        case .aroundOpaqueInside: return coveredPixels(scene)
        case .whole: return nil
        case let .aroundGrownInside(g):
            return coveredPixels(scene).map { SDL_Rect(x: $0.x - g, y: $0.y - g, w: $0.w + 2 * g, h: $0.h + 2 * g) }
        }
    }

    /// `whole` less `hole`, as at most four rectangles: above, below, left and right of it.
    static func bands(of whole: SDL_Rect, around hole: SDL_Rect?) -> [SDL_Rect] {
        guard let hole else { return [whole] }
        let x0 = max(whole.x, min(hole.x, whole.x + whole.w)), x1 = max(x0, min(hole.x + hole.w, whole.x + whole.w))
        let y0 = max(whole.y, min(hole.y, whole.y + whole.h)), y1 = max(y0, min(hole.y + hole.h, whole.y + whole.h))
        let bands = [SDL_Rect(x: whole.x, y: whole.y, w: whole.w, h: y0 - whole.y),
                     SDL_Rect(x: whole.x, y: y1, w: whole.w, h: whole.y + whole.h - y1),
                     SDL_Rect(x: whole.x, y: y0, w: x0 - whole.x, h: y1 - y0),
                     SDL_Rect(x: x1, y: y0, w: whole.x + whole.w - x1, h: y1 - y0)]
        return bands.filter { $0.w > 0 && $0.h > 0 }
    }

    /// Frees the grid texture (a frame without a translucent backdrop needs none).
    private func releaseGridTexture() {
        if let cached = gridTexture { SDL_DestroyTexture(cached.handle) }
        gridTexture = nil
    }

    deinit { releaseGridTexture() }

    // MARK: - Warming up

    /// Draws `scene` (one of `WarmUpScenes`) off screen: what llvmpipe compiles at the first draw
    /// of each kind is compiled now, not in the frame that first needs it (issue 28). The window
    /// is clipped to its top-left pixel, never cleared (a clear ignores the clip), and nothing is
    /// presented, so the picture on screen stays
    /// (and `drawIfChanged` still knows it); the next frame drawn covers the whole window, as
    /// every frame does. The grid is drawn whole into its texture when `cachesGrid` (the work
    /// the first flight over it would do). `WarmUpScenes.standIn` is drawn with a picture of
    /// `standInSize` pixels in the window-sized pictures' format.
    package func warmUp(_ scene: Scene, standInSize: (width: Int, height: Int)) {
        guard let handle = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                             Int32(standInSize.width), Int32(standInSize.height)) else { return }
        var grey = [UInt32](repeating: 0xFF80_8080, count: standInSize.width * standInSize.height)
        SDL_UpdateTexture(handle, nil, &grey, Int32(4 * standInSize.width))
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        standIn = Texture(handle: handle, width: standInSize.width, height: standInSize.height)
        defer {
            standIn = nil
            SDL_DestroyTexture(handle)
        }
        var corner = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        SDL_RenderSetClipRect(renderer, &corner)
        // As `drawPrepared` draws, but never a clear of the window (SDL clears ignore the clip).
        if cachesGrid, scene.backdropAlpha > 0, scene.backdropAlpha < 1,
           let texture = cachedGrid(scene, GridPicture(PictureState(scene: scene, pointScale: pointScale, textures: textures))) {
            copyGrid(texture, under: scene)
        } else {
            for cell in scene.cells { drawCell(cell) }
        }
        for photo in scene.photos { drawPhoto(photo) }
        drawOverlays(scene.overlays)
        // SDL queues its drawing until a present or a flush: llvmpipe compiles when it is handed it.
        SDL_RenderFlush(renderer)
        SDL_RenderSetClipRect(renderer, nil)
    }

    /// Draws the grid of `scene` (a held photo's, `WarmUpScenes.held`) into the grid texture
    /// unless the texture shows it already: called while nothing moves, so the first frame of a
    /// hold copies the grid instead of drawing every cell (at 2560×1440, 137 ms of a frame's wall
    /// time when thumbnails had come in since the warm-up). True when it drew.
    @discardableResult
    package func refreshGrid(for scene: Scene) -> Bool {
        guard cachesGrid, scene.backdropAlpha > 0, scene.backdropAlpha < 1 else { return false }
        let picture = GridPicture(PictureState(scene: scene, pointScale: pointScale, textures: textures))
        let (w, h) = outputPixels()
        if let cached = gridTexture, cached.width == Int32(w), cached.height == Int32(h), cached.picture == picture { return false }
        guard cachedGrid(scene, picture) != nil else { return false }
        SDL_RenderFlush(renderer)
        return true
    }

    /// The picture `warmUp` draws for `WarmUpScenes.standIn`, while it draws.
    private var standIn: Texture?

    /// The texture a photo quad of `photo` draws: the source's best, or the warm-up's stand-in.
    private func photoTexture(_ photo: Int) -> Texture? {
        if photo == WarmUpScenes.standIn, let standIn { return standIn }
        return textures.texture(for: photo, preferFull: true)
    }

    /// Makes the next `drawIfChanged` draw: the window's pixels were lost (exposed, resized) or a
    /// frame must be captured.
    package func invalidatePicture() { drawn = nil }

    /// What the last `drawIfChanged` drew, nil when unknown.
    private var drawn: PictureState?

    private func drawPrepared(_ scene: Scene, grid: GridPicture? = nil) {
        // What an opaque backdrop hides is not drawn (issue 28): the window is cleared to the
        // backdrop's black instead of drawing the grid and covering it (the same pixels).
        // The grid texture is kept while the backdrop is clear or opaque (issue 28): a flight that
        // starts from the same grid copies it instead of drawing every cell again in its first
        // frame (3–4 ms of the main thread's CPU at 1280×800); it is drawn again when the grid's
        // picture changed, and made again when the window's size did.
        if scene.backdropAlpha >= 1 {
            setColor(.black)
            SDL_RenderClear(renderer)
        } else if let grid, scene.backdropAlpha > 0, let texture = cachedGrid(scene, grid) {
            copyGrid(texture, under: scene)
        } else {
            setColor(scene.background)
            SDL_RenderClear(renderer)
            for cell in scene.cells { drawCell(cell) }
            if scene.backdropAlpha > 0 {
                setColor(Color(0, 0, 0, clamp01(scene.backdropAlpha)))
                var r = frect(Rect(origin: .zero, size: scene.windowSize))
                SDL_RenderFillRectF(renderer, &r)
            }
        }
        for photo in scene.photos { drawPhoto(photo) }
        drawOverlays(scene.overlays)
    }

    /// Copies the grid texture with the backdrop's black over it: c · (1 − alpha); not under an
    /// opaque photo, which covers it (a held photo: its quad and what it uncovers).
    private func copyGrid(_ texture: OpaquePointer, under scene: Scene) {
        let shade = UInt8((clamp01(1 - scene.backdropAlpha) * 255).rounded())
        SDL_SetTextureColorMod(texture, shade, shade, shade)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_RenderSetScale(renderer, 1, 1)
        let (w, h) = outputPixels()
        for var band in Self.bands(of: SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h)), around: gridHole(scene)) {
            SDL_RenderCopy(renderer, texture, &band, &band)
        }
        SDL_RenderSetScale(renderer, Float(pointScale), Float(pointScale))
    }

    /// Draws `overlays` over what is drawn already (the trace player's timeline, split-view labels).
    package func drawOverlays(_ overlays: [Scene.Overlay]) {
        for overlay in overlays { drawOverlay(overlay) }
    }

    // MARK: - Pieces

    private func drawCell(_ cell: Scene.Cell) {
        var dst = coverRect(cell.frame)
        if let tex = textures.texture(for: cell.photo, preferFull: false) {
            if tex.hasTransparency {
                drawCheckerboard(Checkerboard(center: cell.frame.center, size: cell.frame.size, rotation: 0, crop: cell.crop), alpha: 255)
            }
            var alpha: UInt8 = 255
            if let old = textures.fadingOut(for: cell.photo) {
                // The preview under, the thumbnail fading in over it: p·new + (1 − p)·old.
                var oldSrc = srcRect(cell.crop, old.texture)
                setOpacity(old.texture, 255)
                SDL_RenderCopyF(renderer, old.texture.handle, &oldSrc, &dst)
                alpha = UInt8((clamp01(1 - old.opacity) * 255).rounded())
            }
            var src = srcRect(cell.crop, tex)
            setOpacity(tex, alpha)
            SDL_RenderCopyF(renderer, tex.handle, &src, &dst)
        } else {
            drawPlaceholder(cell.frame, broken: textures.isBroken(cell.photo))
            if let reason = textures.brokenReason(cell.photo) { drawReason(reason, in: cell.frame, alpha: 1) }
        }
        if cell.isFocused {
            setColor(.focus)
            for inset in 0..<3 {
                var r = frect(cell.frame.insetBy(dx: Double(inset) - 3, dy: Double(inset) - 3))
                SDL_RenderDrawRectF(renderer, &r)
            }
        }
    }

    private func drawPlaceholder(_ frame: Rect, broken: Bool) {
        setColor(broken ? Color(0.30, 0.16, 0.16) : PlaceholderColour.colour)
        var dst = coverRect(frame)
        SDL_RenderFillRectF(renderer, &dst)
        if broken {
            setColor(Color(0.85, 0.45, 0.45))
            let r = frame.insetBy(dx: frame.width * 0.3, dy: frame.height * 0.3)
            line(Point(r.minX, r.minY), Point(r.maxX, r.maxY))
            line(Point(r.maxX, r.minY), Point(r.minX, r.maxY))
        }
    }

    /// Draws the moving photo (or a paging neighbour) with anti-aliased edges: as textured triangles
    /// with a one-pixel feather along each edge (`FeatheredQuad`), in drawable pixels so the feather
    /// is one pixel at any point scale. An unturned quad on whole pixels has no partial pixels and is
    /// drawn as the plain rectangle copy.
    private func drawPhoto(_ photo: Scene.PhotoQuad) {
        let alpha = UInt8((clamp01(photo.alpha) * 255).rounded())
        guard let tex = photoTexture(photo.photo) else {
            drawPhotoPlaceholder(photo)
            return
        }
        if tex.hasTransparency {
            drawCheckerboard(Checkerboard(center: photo.center, size: photo.size, rotation: photo.rotation, crop: photo.crop), alpha: alpha)
        }
        let pixelCorners = photo.corners.map { $0 * pointScale }
        if FeatheredQuad.isUnturnedOnWholePixels(pixelCorners) {
            var src = srcRect(photo.crop, tex)
            var dst = frect(Rect(center: photo.center, size: photo.size))
            setOpacity(tex, alpha)
            SDL_RenderCopyF(renderer, tex.handle, &src, &dst)
            return
        }
        let cellArea = hasWholePixelVertices ? FeatheredQuad.softwareCellAreaLimit(textureSide: max(tex.width, tex.height)) : .infinity
        guard let quad = FeatheredQuad(corners: pixelCorners, crop: photo.crop, alpha: alpha,
                                       wholePixelVertices: hasWholePixelVertices, largestCellArea: cellArea) else { return }
        // The vertices carry the alpha (the feathered edge's too); the texture's own modulation stays neutral.
        SDL_SetTextureAlphaMod(tex.handle, 255)
        SDL_RenderSetScale(renderer, 1, 1)
        if alpha == 255, !tex.hasTransparency {
            // The opaque inside copied, only the feathered strips blended (issue 28: a blended
            // window-sized quad reads every pixel under it too).
            SDL_SetTextureBlendMode(tex.handle, SDL_BLENDMODE_NONE)
            SDL_RenderGeometry(renderer, tex.handle, quad.vertices, Int32(quad.vertices.count), quad.indices, Int32(quad.insideIndexCount))
            SDL_SetTextureBlendMode(tex.handle, SDL_BLENDMODE_BLEND)
            quad.indices[quad.insideIndexCount...].withUnsafeBufferPointer {
                _ = SDL_RenderGeometry(renderer, tex.handle, quad.vertices, Int32(quad.vertices.count), $0.baseAddress, Int32($0.count))
            }
        } else {
            SDL_SetTextureBlendMode(tex.handle, SDL_BLENDMODE_BLEND)
            SDL_RenderGeometry(renderer, tex.handle, quad.vertices, Int32(quad.vertices.count), quad.indices, Int32(quad.indices.count))
        }
        SDL_RenderSetScale(renderer, Float(pointScale), Float(pointScale))
    }

    /// Draws `board` at `alpha` (0…255), in drawable pixels: its ground as the photo's own quad
    /// with the same one-pixel feathered edge (`FeatheredQuad`, untextured; a plain rectangle when
    /// unturned on whole pixels, as the photo is), then the dark squares
    /// over it. Unturned squares, and all squares on a renderer that truncates vertices, are put on
    /// whole pixels so neighbours meet without a gap or an overlap.
    private func drawCheckerboard(_ board: Checkerboard, alpha: UInt8) {
        let quad = Scene.PhotoQuad(photo: 0, crop: board.crop, center: board.center, size: board.size, rotation: board.rotation, alpha: 1)
        let pixelCorners = quad.corners.map { $0 * pointScale }
        let light = sdlColor(Checkerboard.light), dark = sdlColor(Checkerboard.dark)
        SDL_RenderSetScale(renderer, 1, 1)
        defer { SDL_RenderSetScale(renderer, Float(pointScale), Float(pointScale)) }
        if FeatheredQuad.isUnturnedOnWholePixels(pixelCorners) {
            // As the photo itself is drawn there: a plain rectangle, nothing to feather.
            SDL_SetRenderDrawColor(renderer, light.r, light.g, light.b, alpha)
            var r = SDL_FRect(x: Float(pixelCorners[0].x), y: Float(pixelCorners[0].y),
                              w: Float(pixelCorners[1].x - pixelCorners[0].x), h: Float(pixelCorners[3].y - pixelCorners[0].y))
            SDL_RenderFillRectF(renderer, &r)
        } else {
            guard let ground = FeatheredQuad(corners: pixelCorners, crop: board.crop, alpha: alpha,
                                             wholePixelVertices: hasWholePixelVertices) else { return }
            let vertices = ground.vertices.map {
                SDL_Vertex(position: $0.position, color: SDL_Color(r: light.r, g: light.g, b: light.b, a: $0.color.a), tex_coord: $0.tex_coord)
            }
            SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), ground.indices, Int32(ground.indices.count))
        }
        let snap = hasWholePixelVertices || board.rotation.remainder(dividingBy: Double.pi / 2) == 0
        let window = Rect(origin: .zero, size: Size(Double(outputPixels().w) / pointScale, Double(outputPixels().h) / pointScale))
        let squares = board.darkSquares(within: window)
        guard !squares.isEmpty else { return }
        let color = SDL_Color(r: dark.r, g: dark.g, b: dark.b, a: alpha)
        var vertices: [SDL_Vertex] = []
        var indices: [Int32] = []
        vertices.reserveCapacity(4 * squares.count)
        indices.reserveCapacity(6 * squares.count)
        for square in squares {
            let base = Int32(vertices.count)
            for corner in square {
                let p = corner * pointScale
                let q = snap ? Point(p.x.rounded(), p.y.rounded()) : p
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(q.x), y: Float(q.y)), color: color, tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    /// The current render target's size in drawable pixels.
    private func outputPixels() -> (w: Int, h: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    /// Nothing decoded: a flat tile keeps the geometry visible; a photo that cannot be decoded shows
    /// the same cross as its broken cell.
    private func drawPhotoPlaceholder(_ photo: Scene.PhotoQuad) {
        let broken = textures.isBroken(photo.photo)
        var c = broken ? Color(0.30, 0.16, 0.16) : PlaceholderColour.colour
        c.a = clamp01(photo.alpha)
        setColor(c)
        fillQuad(photo.corners)
        if broken {
            var mark = Color(0.85, 0.45, 0.45)
            mark.a = clamp01(photo.alpha)
            setColor(mark)
            line(photo.point(unitX: -0.2, unitY: -0.2), photo.point(unitX: 0.2, unitY: 0.2))
            line(photo.point(unitX: 0.2, unitY: -0.2), photo.point(unitX: -0.2, unitY: 0.2))
            if let reason = textures.brokenReason(photo.photo) {
                drawReason(reason, in: Rect(x: photo.center.x - photo.size.width / 2, y: photo.center.y - photo.size.height / 2,
                                            width: photo.size.width, height: photo.size.height), alpha: clamp01(photo.alpha))
            }
        }
    }

    /// Text is rasterised at pixel size so it stays sharp on HiDPI; drawn in pixel space.
    private func drawText(_ string: String, at: Point, size: Double, color: Color, face: TextRenderer.Face) {
        SDL_RenderSetScale(renderer, 1, 1)
        text.draw(string, x: at.x * pointScale, y: at.y * pointScale, pixelSize: max(6, Int((size * pointScale).rounded())),
                  color: sdlColor(color), face: face, renderer: renderer)
        SDL_RenderSetScale(renderer, Float(pointScale), Float(pointScale))
    }

    private func drawOverlay(_ overlay: Scene.Overlay) {
        switch overlay {
        case let .dot(center, radius, color):
            setColor(color)
            fillCircle(center, radius)
        case let .ring(center, radius, color):
            setColor(color)
            let n = max(24, Int(radius / 2))
            let pts = (0...n).map { center + Point(cosine(Double($0) / Double(n) * 2 * Double.pi), sine(Double($0) / Double(n) * 2 * Double.pi)) * radius }
            polyline(pts)
        case let .line(from, to, color):
            setColor(color)
            line(from, to)
        case let .rect(r, color, filled):
            setColor(color)
            var f = frect(r)
            if filled { SDL_RenderFillRectF(renderer, &f) } else { SDL_RenderDrawRectF(renderer, &f) }
        case let .roundedRect(r, radius, color):
            let box = RoundedBox(r, radius: radius, scale: pointScale, color: sdlColor(color))
            SDL_RenderSetScale(renderer, 1, 1)
            SDL_RenderGeometry(renderer, nil, box.vertices, Int32(box.vertices.count), box.indices, Int32(box.indices.count))
            SDL_RenderSetScale(renderer, Float(pointScale), Float(pointScale))
        case let .text(string, at, size, color):
            drawText(string, at: at, size: size, color: color, face: .mono)
        case let .label(string, at, size, color):
            drawText(string, at: at, size: size, color: color, face: .ui)
        case let .polyline(points, color):
            setColor(color)
            polyline(points)
        }
    }

    // MARK: - Primitives

    /// Sets how opaque `tex` is drawn (0…255): blended where it lets anything through, else copied
    /// (the same pixels, and SDL's software renderer scales a copy without blending's extra pass).
    private func setOpacity(_ tex: Texture, _ alpha: UInt8) {
        SDL_SetTextureAlphaMod(tex.handle, alpha)
        SDL_SetTextureBlendMode(tex.handle, alpha == 255 && !tex.hasTransparency ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }

    private func srcRect(_ crop: Rect, _ tex: Texture) -> SDL_Rect {
        let w = Double(tex.width), h = Double(tex.height)
        let x0 = (crop.minX * w).rounded(), y0 = (crop.minY * h).rounded()
        let x1 = (crop.maxX * w).rounded(), y1 = (crop.maxY * h).rounded()
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(max(1, x1 - x0)), h: Int32(max(1, y1 - y0)))
    }

    /// `r` as drawn: on a renderer that truncates coordinates (SDL's software one), its edges
    /// moved to take the pixels OpenGL fills, so a grid looks the same drawn by either
    /// (`init(renderer:textures:continuing:)`). OpenGL fills the pixels whose centres are inside;
    /// a centre exactly on an edge (cells sit on half pixels) is in on the left edge and out on the
    /// right, and, its rows counted from the bottom, in on the bottom edge and out on the top.
    private func coverRect(_ r: Rect) -> SDL_FRect {
        guard hasWholePixelVertices, pointScale > 0 else { return frect(r) }
        func column(_ x: Double) -> Double { (x * pointScale - 0.5).rounded(.up) / pointScale }
        func row(_ y: Double) -> Double { (y * pointScale + 0.5).rounded(.down) / pointScale }
        let x0 = column(r.minX), y0 = row(r.minY)
        return SDL_FRect(x: Float(x0), y: Float(y0), w: Float(column(r.maxX) - x0), h: Float(row(r.maxY) - y0))
    }

    private func frect(_ r: Rect) -> SDL_FRect {
        SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
    }

    private func setColor(_ c: Color) {
        let k = sdlColor(c)
        SDL_SetRenderDrawColor(renderer, k.r, k.g, k.b, k.a)
    }

    func sdlColor(_ c: Color) -> SDL_Color {
        func byte(_ v: Double) -> UInt8 { UInt8((clamp01(v) * 255).rounded()) }
        return SDL_Color(r: byte(c.r), g: byte(c.g), b: byte(c.b), a: byte(c.a))
    }

    private func clamp01(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }

    private func line(_ a: Point, _ b: Point) {
        SDL_RenderDrawLineF(renderer, Float(a.x), Float(a.y), Float(b.x), Float(b.y))
    }

    /// Draws connected segments, one point wide. At one pixel per point SDL's own lines are exact; at
    /// any other scale SDL draws each scaled segment short of its end, leaving a gap at every vertex
    /// (curves come out dashed on HiDPI), so the line is stroked as one mitred triangle strip instead.
    private func polyline(_ pts: [Point]) {
        guard pts.count > 1 else { return }
        if pointScale == 1 {
            var f = pts.map { SDL_FPoint(x: Float($0.x), y: Float($0.y)) }
            SDL_RenderDrawLinesF(renderer, &f, Int32(f.count))
        } else {
            stroke(pts, width: 1)
        }
    }

    /// Fills a band `width` points wide along `pts` with the current draw colour, drawn on whole
    /// pixels; the joins are
    /// mitred (limited to 3 half-widths at sharp turns), a closed path (last point on the first) has
    /// no seam, and no pixel is covered twice along a straight run.
    private func stroke(_ input: [Point], width: Double) {
        var pts: [Point] = []
        for p in input where p.isFinite && (pts.last.map { ($0 - p).length > 1e-6 } ?? true) { pts.append(p) }
        guard pts.count > 1 else { return }
        let closed = pts.count > 2 && (pts[0] - pts[pts.count - 1]).length < 1e-6
        if closed { pts.removeLast() }
        let n = pts.count
        func normal(_ a: Point, _ b: Point) -> Point {
            let d = (b - a) / (b - a).length
            return Point(-d.y, d.x)
        }
        let half = width / 2
        var color = SDL_Color(r: 0, g: 0, b: 0, a: 0)
        SDL_GetRenderDrawColor(renderer, &color.r, &color.g, &color.b, &color.a)
        var verts: [SDL_Vertex] = []
        verts.reserveCapacity(2 * (n + 1))
        for i in 0..<(closed ? n + 1 : n) {
            let k = i % n
            let before: Point? = k > 0 ? normal(pts[k - 1], pts[k]) : closed ? normal(pts[n - 1], pts[0]) : nil
            let after: Point? = k < n - 1 ? normal(pts[k], pts[k + 1]) : closed ? normal(pts[n - 1], pts[0]) : nil
            var offset: Point
            switch (before, after) {
            case let (b?, a?):
                let sum = b + a
                let miter = sum.length > 1e-9 ? sum / sum.length : b
                offset = miter * (half / max(1.0 / 3, miter.dot(b)))
            case let (b?, nil): offset = b * half
            case let (nil, a?): offset = a * half
            case (nil, nil): offset = .zero
            }
            for side in [pts[k] + offset, pts[k] - offset] {
                // On whole pixels: SDL's software renderer fills a quad that is an axis-aligned
                // rectangle as a rect, truncating its origin and size apart, which opens gaps between
                // quads at fractional pixels.
                let px = SDL_FPoint(x: Float((side.x * pointScale).rounded()), y: Float((side.y * pointScale).rounded()))
                verts.append(SDL_Vertex(position: px, color: color, tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
        }
        var indices: [Int32] = []
        for i in 0..<(verts.count / 2 - 1) {
            let a = Int32(2 * i)
            indices += [a, a + 1, a + 2, a + 1, a + 3, a + 2]
        }
        // Drawn in pixels (the vertices are), then back to points.
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderGeometry(renderer, nil, verts, Int32(verts.count), indices, Int32(indices.count))
        SDL_RenderSetScale(renderer, Float(pointScale), Float(pointScale))
    }

    private func fillCircle(_ c: Point, _ r: Double) {
        let n = max(12, Int(r))
        let pts = (0..<n).map { c + Point(cosine(Double($0) / Double(n) * 2 * Double.pi), sine(Double($0) / Double(n) * 2 * Double.pi)) * r }
        fillPolygon(pts)
    }

    private func fillQuad(_ corners: [Point]) { fillPolygon(corners) }

    /// Fills a convex polygon as a triangle fan with the current draw colour.
    private func fillPolygon(_ pts: [Point]) {
        guard pts.count >= 3 else { return }
        var color = SDL_Color(r: 0, g: 0, b: 0, a: 0)
        SDL_GetRenderDrawColor(renderer, &color.r, &color.g, &color.b, &color.a)
        let verts = pts.map { SDL_Vertex(position: SDL_FPoint(x: Float($0.x), y: Float($0.y)), color: color, tex_coord: SDL_FPoint(x: 0, y: 0)) }
        var indices: [Int32] = []
        for i in 1..<(pts.count - 1) { indices += [0, Int32(i), Int32(i + 1)] }
        SDL_RenderGeometry(renderer, nil, verts, Int32(verts.count), indices, Int32(indices.count))
    }
}
