import CSDL2
import Foundation
import Drawing
import PhotoFiles

/// Draws text with SDL2_ttf in two faces, caching rendered strings as textures: DejaVu Sans Mono
/// for tables and the tuning panel (`Scene.Overlay.text`), and a proportional UI font for captions
/// and notices (`Scene.Overlay.label`): the desktop's (`SystemFont.uiFontPath`) when the window
/// hands it in, DejaVu Sans otherwise, so what a replay or a test draws does not depend on the machine.
public final class TextRenderer {
    /// Where Debian's fonts-dejavu-core puts the fonts.
    package static let fontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]

    /// Which of the two fonts a string is drawn in.
    public enum Face: Hashable, Sendable { case mono, ui }

    private var fonts: [FontKey: OpaquePointer] = [:]
    private var cache: [CacheKey: Texture] = [:]
    private var order: [CacheKey] = []
    private let fontPath: String?
    /// The UI font's file: the one handed in, else DejaVu Sans, else the monospaced font.
    package let uiFontPath: String?
    private let cacheLimit = 256

    private struct FontKey: Hashable { var face: Face; var size: Int }
    private struct CacheKey: Hashable { var text: String; var face: Face; var size: Int; var rgba: UInt32 }

    /// `uiFont`: the UI font's file (the desktop's, found once at start-up); nil: DejaVu Sans.
    package init(uiFont: String? = nil) {
        if TTF_WasInit() == 0 { TTF_Init() }
        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        // The system's DejaVu first, then the copy `scripts/install` puts beside the binary.
        let found = (Self.fontPaths + ResourceDirectory.fontPaths).filter(exists)
        fontPath = found.first
        let opens = { (path: String) in TTF_OpenFont(path, 12).map { TTF_CloseFont($0); return true } ?? false }
        uiFontPath = [uiFont].compactMap { $0 }.first { exists($0) && opens($0) }
            ?? found.first { $0.hasSuffix("/DejaVuSans.ttf") } ?? fontPath
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
    public func draw(_ text: String, x: Double, y: Double, pixelSize: Int, color: SDL_Color, face: Face = .mono, renderer: OpaquePointer) {
        guard !text.isEmpty, let tex = texture(text, face: face, size: pixelSize, color: color, renderer: renderer) else { return }
        var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(tex.width), h: Float(tex.height))
        SDL_RenderCopyF(renderer, tex.handle, nil, &dst)
    }

    /// Width and height of `text` in pixels at `pixelSize`.
    public func measure(_ text: String, pixelSize: Int, face: Face = .mono) -> (width: Int, height: Int) {
        guard let font = font(face, pixelSize) else { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        return (Int(w), Int(h))
    }

    /// The characters whose UI-font advances the layout gets: printable ASCII, Latin-1 and the
    /// punctuation and symbols PhotoZoom's own messages use; any other takes the widest of these.
    static let measuredCharacters: [Character] = (Array(0x20...0x7E) + Array(0xA0...0xFF)).compactMap { Unicode.Scalar($0).map(Character.init) }
        + Array("…·×✕→←↑↓–—‘’“”•⌘⇧⌫€≤≥≈±−")

    /// The fonts' metrics in ems, for the layout: the monospaced font's advance of a digit and the
    /// height of a line, and the UI font's advance of each of `measuredCharacters`, measured at
    /// 1000 px so hinting's whole-pixel rounding does not blur them. Without a font nothing is
    /// drawn; the layout then assumes a typical monospaced font.
    package var metrics: TextMetrics {
        let size: Int32 = 1000
        guard let path = fontPath, let font = TTF_OpenFont(path, size) else {
            return TextMetrics(advance: 0.6, lineHeight: 1.2)
        }
        defer { TTF_CloseFont(font) }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, "0000000000", &w, &h)
        var ui: [Character: Double] = [:]
        if let uiPath = uiFontPath, uiPath != path, let uiFont = Self.open(uiPath, size: size, face: .ui) {
            defer { TTF_CloseFont(uiFont) }
            // The glyph's advance, not its drawn extent: an overhang is not carried to the next one.
            for c in Self.measuredCharacters {
                guard let scalar = c.unicodeScalars.first, TTF_GlyphIsProvided32(uiFont, scalar.value) != 0 else { continue }
                var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
                guard TTF_GlyphMetrics32(uiFont, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0 else { continue }
                ui[c] = Double(advance) / Double(size)
            }
        }
        return TextMetrics(advance: Double(w) / 10 / Double(size), lineHeight: Double(TTF_FontHeight(font)) / Double(size),
                           uiAdvances: ui)
    }

    /// Opens the font at `path`: the UI face with light hinting at subpixel positions and without
    /// kerning, so a string's width is the sum of its characters' advances scaled to the size
    /// (`TextMetrics.labelWidth` sums them; kerning took up to 13 px off a 120-character line);
    /// the monospaced face with full hinting, whole-pixel columns.
    private static func open(_ path: String, size: Int32, face: Face) -> OpaquePointer? {
        guard let font = TTF_OpenFont(path, size) else { return nil }
        if face == .ui {
            TTF_SetFontHinting(font, TTF_HINTING_LIGHT_SUBPIXEL)
            TTF_SetFontKerning(font, 0)
        }
        return font
    }

    private func font(_ face: Face, _ size: Int) -> OpaquePointer? {
        let key = FontKey(face: face, size: size)
        if let f = fonts[key] { return f }
        guard let path = face == .ui ? uiFontPath : fontPath, let f = Self.open(path, size: Int32(size), face: face) else { return nil }
        fonts[key] = f
        return f
    }

    private func texture(_ text: String, face: Face, size: Int, color: SDL_Color, renderer: OpaquePointer) -> Texture? {
        let rgba = UInt32(color.r) << 24 | UInt32(color.g) << 16 | UInt32(color.b) << 8 | UInt32(color.a)
        let key = CacheKey(text: text, face: face, size: size, rgba: rgba)
        if let t = cache[key] { return t }
        guard let font = font(face, size), let surface = TTF_RenderUTF8_Blended(font, text, color) else { return nil }
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
