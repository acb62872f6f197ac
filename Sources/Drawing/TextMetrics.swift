/// How wide and tall the shell's fonts draw text, in ems of the text size: the lab measures its
/// labels, boxes and columns with these, so a fallback font changes the layout instead of
/// overflowing it. The shell measures the fonts it loaded and hands them in; the core assumes none.
///
/// Two fonts: the monospaced one of tables and the tuning panel, whose columns must align
/// (`advance`), and the proportional UI font of captions and notices (`Scene.Overlay.label`),
/// measured per character (`uiAdvances`).
public struct TextMetrics: Hashable, Sendable {
    /// The advance of one character of the monospaced font, ems (the lab's tables are laid out in
    /// columns of this width).
    public var advance: Double
    /// The height of one line of glyphs, ems.
    public var lineHeight: Double
    /// The UI font's advance of each character the shell measured, ems; a character it did not
    /// measure takes `uiWidestAdvance`. Empty: the UI text is drawn in the monospaced font.
    public var uiAdvances: [Character: Double]
    /// The widest advance in `uiAdvances`, ems: what an unmeasured character is given.
    public var uiWidestAdvance: Double

    package init(advance: Double, lineHeight: Double, uiAdvances: [Character: Double] = [:]) {
        self.advance = advance
        self.lineHeight = lineHeight
        self.uiAdvances = uiAdvances
        self.uiWidestAdvance = uiAdvances.values.max() ?? advance
    }

    /// The width of one character at `size` points: `advance` em, but hinting rounds each advance
    /// to a whole pixel (7 px at 11 px for a 0.602 em font, not 6.6), so never less than that rounding.
    package func characterAdvance(size: Double) -> Double {
        Self.hinted(advance, size: size)
    }

    /// The width of `text` at `size` points, laid out in columns.
    public func width(of text: String, size: Double) -> Double {
        Double(text.count) * characterAdvance(size: size)
    }

    /// The width of `text` at `size` points in the UI font (`Scene.Overlay.label`): the sum of its
    /// characters' advances, which the UI font keeps unrounded (light hinting, subpixel
    /// positions), rounded up to a whole point and one more for the last glyph's overhang; the
    /// monospaced width when no UI font was measured.
    public func labelWidth(of text: String, size: Double) -> Double {
        guard !uiAdvances.isEmpty else { return width(of: text, size: size) }
        let ems = text.reduce(0) { $0 + (uiAdvances[$1] ?? uiWidestAdvance) }
        return text.isEmpty ? 0 : (ems * size).rounded(.up) + 1
    }

    /// An advance of `ems` at `size` points as the hinted font draws it: rounded to a whole pixel,
    /// never less than the unhinted advance.
    static func hinted(_ ems: Double, size: Double) -> Double {
        max(ems * size, (ems * size).rounded())
    }
}
