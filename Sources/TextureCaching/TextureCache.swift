import CSDL2
import Foundation
import Decoding
import Rendering

/// The textures held for the photos, by photo id: thumbnails and window-sized pictures, each under
/// its own byte budget (least recently used go first), pictures filled a band of rows a frame
/// (`BandedUpload`), previews fading out under the thumbnails that replace them, and the pictures
/// of photos that left the list while the viewer fades them out. It makes, turns, moves and
/// destroys textures; it decides nothing about what to decode or upload (`DecodeScheduler`,
/// `PhotoPipeline`). For the frame loop's thread only (SDL renderers are not thread-safe).
package final class TextureCache {
    /// A texture held for a photo, with what it was made for.
    package struct StoredTexture {
        package var texture: Texture
        package var target: DecodeTarget
        package var isFullSize: Bool
        /// True for a JPEG's embedded preview standing in for the thumbnail.
        var isPreview: Bool { if case .preview = target { true } else { false } }
    }

    /// How long a thumbnail takes to fade in over the preview it replaces (seconds).
    static let previewFadeSeconds = 0.15

    package private(set) var thumbnails: ByteBudgetCache<Int, StoredTexture>
    package private(set) var fulls: ByteBudgetCache<Int, StoredTexture>
    private var thumbnailMark: UInt64 = .max
    private var fullMark: UInt64 = .max
    /// Pictures being uploaded a band of rows a frame, not drawn until whole, by key.
    package private(set) var banded: [PhotoTextureKey: BandedUpload] = [:]
    /// Previews being replaced by their thumbnails: the old texture and when the fade began.
    package private(set) var fades: [Int: (texture: Texture, start: UInt64)] = [:]
    /// The pictures of photos that left the list, kept while the viewer draws them fading out
    /// (`HandOverFade`), by the number it draws them under: −1 − the index they had. One is
    /// destroyed at the second frame in a row whose scene does not draw it.
    private var departed: [Int: (texture: Texture, spare: Int)] = [:]
    /// True while the renderer is one that stands in for another (`WindowHost.isProvisional`):
    /// each texture's pixels are kept so `moveTextures(to:)` can make it again for the next.
    package var keepsPixelsForAnotherRenderer = false
    /// The format of an opaque picture's texture: ARGB8888, or XRGB8888 for a software renderer
    /// drawing into a window of that format (`PhotoPipeline.opaqueTextureFormat`).
    package var opaqueTextureFormat = SDL_PIXELFORMAT_ARGB8888.rawValue
    /// The pixels of each texture made while `keepsPixelsForAnotherRenderer`, by serial.
    private var keptPixels: [UInt64: DecodedImage] = [:]
    /// Quarter turns (Ctrl+R) waiting for the renderer, applied at the next frame (`applyTurns`).
    private var pendingTurns: [(id: Int, quarterTurns: Int)] = []

    package init(thumbnailBytes: Int, fullBytes: Int) {
        thumbnails = ByteBudgetCache(budgetBytes: thumbnailBytes)
        fulls = ByteBudgetCache(budgetBytes: fullBytes)
    }

    // MARK: - Reading

    /// The best texture of photo `id`: the full picture when `preferFull` and made, else the thumbnail.
    package func texture(of id: Int, preferFull: Bool) -> Texture? {
        if preferFull, let t = fulls.value(for: id) { return t.texture }
        if let t = thumbnails.value(for: id) { return t.texture }
        return fulls.value(for: id)?.texture
    }

    /// The picture drawn under the number `ghost` (−1 − an index before the last list change), if it departed.
    package func departedTexture(_ ghost: Int) -> Texture? { departed[ghost]?.texture }

    /// True when `id` has a thumbnail texture (its embedded preview does not count).
    package func hasThumbnail(_ id: Int) -> Bool { thumbnails.peek(id).map { !$0.isPreview } ?? false }

    /// True when `id` shows its embedded preview, its thumbnail not made yet.
    package func hasPreview(_ id: Int) -> Bool { thumbnails.peek(id)?.isPreview ?? false }

    /// True when `id` has its window-sized texture.
    package func hasFull(_ id: Int) -> Bool { fulls.contains(id) }

    /// The preview of `id` fading out under its thumbnail, and how opaque it still is.
    package func fadingOut(of id: Int) -> (texture: Texture, opacity: Double)? {
        guard let fade = fades[id] else { return nil }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- fade.start) / 1e9
        return (fade.texture, max(0, 1 - elapsed / Self.previewFadeSeconds))
    }

    /// True while a preview fades out.
    package var isFading: Bool { !fades.isEmpty }

    // MARK: - Making and storing

    /// A texture of `image`'s pixels, blended, or nil (SDL's error set).
    /// `filled` false: made, its pixels to come (`BandedUpload`).
    func makeTexture(_ renderer: OpaquePointer, _ image: DecodedImage, filled: Bool = true) -> OpaquePointer? {
        // The same bytes either way: an opaque picture's alpha byte is 255, and XRGB ignores it.
        let format = image.hasTransparency ? SDL_PIXELFORMAT_ARGB8888.rawValue : opaqueTextureFormat
        guard let tex = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                          Int32(image.width), Int32(image.height)) else { return nil }
        if filled { SDL_UpdateTexture(tex, nil, image.surface.pointee.pixels, image.surface.pointee.pitch) }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        return tex
    }

    /// Stores the whole texture `tex` of `image` for `key`, to be drawn from now on. A thumbnail
    /// replacing its preview fades in over it (no visible jump).
    package func store(_ tex: OpaquePointer, of image: DecodedImage, for key: PhotoTextureKey, target: DecodeTarget) {
        let stored = StoredTexture(texture: Texture(handle: tex, width: image.width, height: image.height,
                                                    hasTransparency: image.hasTransparency),
                                   target: target, isFullSize: image.isFullSize)
        if keepsPixelsForAnotherRenderer { keptPixels[stored.texture.serial] = image }
        let replaced = key.kind == .full
            ? fulls.insert(stored, for: key.photo, bytes: image.byteCount)
            : thumbnails.insert(stored, for: key.photo, bytes: image.byteCount)
        guard let replaced else { return }
        if replaced.isPreview && key.kind == .thumbnail {
            if let old = fades.removeValue(forKey: key.photo) { SDL_DestroyTexture(old.texture.handle) }
            fades[key.photo] = (replaced.texture, DispatchTime.now().uptimeNanoseconds)
        } else {
            SDL_DestroyTexture(replaced.texture.handle)
        }
    }

    /// Starts filling `band` a band of rows a frame, under `key`.
    func startBanded(_ band: BandedUpload, for key: PhotoTextureKey) { banded[key] = band }

    /// The band upload of `key` is whole: no longer banded (its texture is stored by the caller).
    func finishBanded(_ key: PhotoTextureKey) { banded[key] = nil }

    /// Drops the band upload of `key`, if any (its photo changed or left, or it is no longer wanted).
    package func dropBanded(_ key: PhotoTextureKey) {
        if let band = banded.removeValue(forKey: key) { SDL_DestroyTexture(band.texture) }
    }

    // MARK: - Forgetting

    /// Destroys `id`'s thumbnail and full picture.
    package func removePictures(of id: Int) {
        if let t = thumbnails.remove(id) { SDL_DestroyTexture(t.texture.handle) }
        if let t = fulls.remove(id) { SDL_DestroyTexture(t.texture.handle) }
    }

    /// Destroys `id`'s preview fading out, if any.
    package func removeFade(of id: Int) {
        if let fade = fades.removeValue(forKey: id) { SDL_DestroyTexture(fade.texture.handle) }
    }

    /// Photo `id` left the list from `index`: its picture (the full one, else the thumbnail) stays
    /// while the viewer fades it out where it was drawn, under the number −1 − `index`.
    package func depart(_ id: Int, from index: Int) {
        guard let kept = fulls.remove(id) ?? thumbnails.remove(id) else { return }
        if let old = departed.updateValue((kept.texture, 1), forKey: -1 - index) { SDL_DestroyTexture(old.texture.handle) }
    }

    /// Evicts the least recently used textures beyond the budgets, sparing those used since the
    /// last call and those the scene wants; returns how many went.
    package func evict(keepingThumbnails keptThumbnails: Set<Int>, fulls keptFulls: Set<Int>) -> Int {
        var evicted = 0
        for (_, t) in thumbnails.evict(sparingUsesSince: thumbnailMark, keeping: keptThumbnails) {
            SDL_DestroyTexture(t.texture.handle)
            evicted += 1
        }
        for (_, t) in fulls.evict(sparingUsesSince: fullMark, keeping: keptFulls) {
            SDL_DestroyTexture(t.texture.handle)
            evicted += 1
        }
        thumbnailMark = thumbnails.useMark
        fullMark = fulls.useMark
        return evicted
    }

    /// Destroys the previews whose thumbnails have finished fading in.
    package func endFinishedFades() {
        let now = DispatchTime.now().uptimeNanoseconds
        for (photo, fade) in fades where Double(now &- fade.start) / 1e9 >= Self.previewFadeSeconds {
            SDL_DestroyTexture(fade.texture.handle)
            fades[photo] = nil
        }
    }

    /// Keeps the departed pictures the scene still draws (`largePhotos`), and destroys one at the
    /// second frame in a row that does not draw it.
    package func ageDeparted(drawn largePhotos: [Int]) {
        for (key, d) in departed {
            if largePhotos.contains(key) {
                departed[key]?.spare = 1
            } else if d.spare > 0 {
                departed[key]?.spare -= 1
            } else {
                SDL_DestroyTexture(d.texture.handle)
                departed[key] = nil
            }
        }
    }

    /// Destroys every texture (the renderer must still exist); returns the pictures that were half
    /// uploaded, by key, to start again from their pixels.
    package func releaseAll() -> [PhotoTextureKey: DecodeOutcome] {
        for fade in fades.values { SDL_DestroyTexture(fade.texture.handle) }
        fades.removeAll()
        for d in departed.values { SDL_DestroyTexture(d.texture.handle) }
        departed.removeAll()
        for t in thumbnails.removeAll() { SDL_DestroyTexture(t.texture.handle) }
        for t in fulls.removeAll() { SDL_DestroyTexture(t.texture.handle) }
        var restarted: [PhotoTextureKey: DecodeOutcome] = [:]
        for (key, band) in banded {
            SDL_DestroyTexture(band.texture)
            restarted[key] = band.outcome
        }
        banded.removeAll()
        return restarted
    }

    // MARK: - Another renderer

    /// Makes every texture again for `renderer` from the pixels kept since
    /// `keepsPixelsForAnotherRenderer` was set, each with its old serial, and stops keeping
    /// pixels; returns the pictures half uploaded to the old renderer, to start again from their
    /// pixels (`PhotoPipeline.moveTextures(to:)`).
    package func moveTextures(to renderer: OpaquePointer) -> [PhotoTextureKey: DecodeOutcome] {
        func remade(_ old: Texture) -> Texture? {
            guard let image = keptPixels[old.serial], let handle = makeTexture(renderer, image) else { return nil }
            return Texture(handle: handle, width: old.width, height: old.height, hasTransparency: old.hasTransparency, sameAs: old.serial)
        }
        func remade(_ stored: StoredTexture) -> StoredTexture? {
            remade(stored.texture).map { var s = stored; s.texture = $0; return s }
        }
        thumbnails.replaceValues { _, stored in remade(stored) }
        fulls.replaceValues { _, stored in remade(stored) }
        fades = fades.compactMapValues { fade in remade(fade.texture).map { (texture: $0, start: fade.start) } }
        departed = departed.compactMapValues { d in remade(d.texture).map { (texture: $0, spare: d.spare) } }
        keptPixels.removeAll()
        let restarted = banded.mapValues(\.outcome)
        banded.removeAll()
        keepsPixelsForAnotherRenderer = false
        opaqueTextureFormat = SDL_PIXELFORMAT_ARGB8888.rawValue
        return restarted
    }

    // MARK: - Turns (Ctrl+R)

    /// Photo `id`'s textures turn `quarterTurns` × 90° clockwise at the next `applyTurns`.
    package func turn(_ id: Int, quarterTurns: Int) { pendingTurns.append((id, quarterTurns)) }

    /// Turns the textures of the turns waiting, on `renderer` (a texture it cannot turn is dropped:
    /// the photo is decoded again, turned).
    package func applyTurns(_ renderer: OpaquePointer) {
        guard !pendingTurns.isEmpty else { return }
        for (id, k) in pendingTurns {
            removeFade(of: id)
            func turned(_ stored: StoredTexture) -> StoredTexture? {
                keptPixels[stored.texture.serial] = nil
                let new = Self.turned(stored.texture, quarterTurns: k, renderer: renderer)
                SDL_DestroyTexture(stored.texture.handle)
                return new.map { var s = stored; s.texture = $0; return s }
            }
            thumbnails.replaceValues { key, stored in key == id ? turned(stored) : stored }
            fulls.replaceValues { key, stored in key == id ? turned(stored) : stored }
        }
        pendingTurns.removeAll()
    }

    /// A copy of `texture` turned `quarterTurns` × 90° clockwise, drawn into a target texture on
    /// the GPU texel for texel (nearest sampling, no blending); nil when the renderer cannot.
    package static func turned(_ texture: Texture, quarterTurns: Int, renderer: OpaquePointer) -> Texture? {
        let k = ((quarterTurns % 4) + 4) % 4
        let (w, h) = k % 2 == 1 ? (texture.height, texture.width) : (texture.width, texture.height)
        var format: UInt32 = 0
        SDL_QueryTexture(texture.handle, &format, nil, nil, nil)
        guard let target = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h)) else { return nil }
        let previous = SDL_GetRenderTarget(renderer)
        var scale = SDL_ScaleModeNearest
        SDL_GetTextureScaleMode(texture.handle, &scale)
        SDL_SetTextureScaleMode(texture.handle, SDL_ScaleModeNearest)
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
        var ok = SDL_SetRenderTarget(renderer, target) == 0
        // SDL turns the copy about its destination's centre: the unturned rectangle centred in the turned one.
        var dst = SDL_FRect(x: Float(w - texture.width) / 2, y: Float(h - texture.height) / 2,
                            w: Float(texture.width), h: Float(texture.height))
        if ok { ok = SDL_RenderCopyExF(renderer, texture.handle, nil, &dst, Double(k) * 90, nil, SDL_FLIP_NONE) == 0 }
        SDL_SetRenderTarget(renderer, previous)
        SDL_SetTextureScaleMode(texture.handle, scale)
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
        guard ok else {
            SDL_DestroyTexture(target)
            return nil
        }
        SDL_SetTextureBlendMode(target, SDL_BLENDMODE_BLEND)
        return Texture(handle: target, width: w, height: h, hasTransparency: texture.hasTransparency)
    }
}
