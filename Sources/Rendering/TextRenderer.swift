import CSDL2
import Foundation
import Drawing
import PhotoFiles

/// Draws text with SDL2_ttf and the DejaVu font, caching rendered strings as textures.
public final class TextRenderer {
    /// Where Debian's fonts-dejavu-core puts the font.
    package static let fontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]

    private var fonts: [Int: OpaquePointer] = [:]
    private var cache: [CacheKey: Texture] = [:]
    private var order: [CacheKey] = []
    private let fontPath: String?
    private let cacheLimit = 256

    private struct CacheKey: Hashable { var text: String; var size: Int; var rgba: UInt32 }

    package init() {
        if TTF_WasInit() == 0 { TTF_Init() }
        // The system's DejaVu first, then the copy `scripts/install` puts beside the binary.
        fontPath = (Self.fontPaths + ResourceDirectory.fontPaths).first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Cached textures belong to the renderer, which frees them when it is destroyed; the
    /// renderer may already be gone here (Swift does not order this against `SDL_DestroyRenderer`),
    /// so only the fonts are closed. Owners that keep the renderer call `releaseTextures()`.
    deinit {
        for f in fonts.values { TTF_CloseFont(f) }
    }

    /// Destroys the cached text textures while their renderer is still alive.
    package func releaseTextures() {
        for t in cache.values { SDL_DestroyTexture(t.handle) }
        cache.removeAll()
        order.removeAll()
    }

    /// True when a font was found; without one text is not drawn.
    package var isAvailable: Bool { fontPath != nil }

    /// Draws `text` with its top-left at (x, y) in renderer coordinates; `pixelSize` is the font size.
    public func draw(_ text: String, x: Double, y: Double, pixelSize: Int, color: SDL_Color, renderer: OpaquePointer) {
        guard !text.isEmpty, let tex = texture(text, size: pixelSize, color: color, renderer: renderer) else { return }
        var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(tex.width), h: Float(tex.height))
        SDL_RenderCopyF(renderer, tex.handle, nil, &dst)
    }

    /// Width and height of `text` in pixels at `pixelSize`.
    public func measure(_ text: String, pixelSize: Int) -> (width: Int, height: Int) {
        guard let font = font(pixelSize) else { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        return (Int(w), Int(h))
    }

    /// The font's metrics in ems, for the lab's layout: the advance of a digit and the height of a
    /// line, measured at 1000 px so hinting's whole-pixel rounding does not blur them. Without a
    /// font nothing is drawn; the lab then lays out for a typical monospaced font.
    package var metrics: TextMetrics {
        let size = 1000
        guard let path = fontPath, let font = TTF_OpenFont(path, Int32(size)) else {
            return TextMetrics(advance: 0.6, lineHeight: 1.2)
        }
        defer { TTF_CloseFont(font) }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, "0000000000", &w, &h)
        return TextMetrics(advance: Double(w) / 10 / Double(size), lineHeight: Double(TTF_FontHeight(font)) / Double(size))
    }

    private func font(_ size: Int) -> OpaquePointer? {
        if let f = fonts[size] { return f }
        guard let path = fontPath, let f = TTF_OpenFont(path, Int32(size)) else { return nil }
        fonts[size] = f
        return f
    }

    private func texture(_ text: String, size: Int, color: SDL_Color, renderer: OpaquePointer) -> Texture? {
        let rgba = UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8 | UInt32(color.a)
        let key = CacheKey(text: text, size: size, rgba: rgba)
        if let t = cache[key] { return t }
        guard let font = font(size), let surface = TTF_RenderUTF8_Blended(font, text, color) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        let t = Texture(handle: tex, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        cache[key] = t
        order.append(key)
        if order.count > cacheLimit {
            let old = order.removeFirst()
            if let o = cache.removeValue(forKey: old) { SDL_DestroyTexture(o.handle) }
        }
        return t
    }
}
