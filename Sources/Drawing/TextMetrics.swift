/// How wide and tall the shell's font draws text, in ems of the text size: the lab measures its
/// labels, boxes and columns with these, so a fallback font changes the layout instead of
/// overflowing it. The shell measures the font it loaded and hands them in; the core assumes none.
public struct TextMetrics: Hashable, Sendable {
    /// The advance of one character, ems (the lab's text is laid out in columns of this width).
    public var advance: Double
    /// The height of one line of glyphs, ems.
    public var lineHeight: Double

    package init(advance: Double, lineHeight: Double) {
        self.advance = advance
        self.lineHeight = lineHeight
    }

    /// The width of one character at `size` points: `advance` em, but hinting rounds each advance
    /// to a whole pixel (7 px at 11 px for a 0.602 em font, not 6.6), so never less than that rounding.
    package func characterAdvance(size: Double) -> Double {
        max(advance * size, (advance * size).rounded())
    }

    /// The width of `text` at `size` points, laid out in columns.
    public func width(of text: String, size: Double) -> Double {
        Double(text.count) * characterAdvance(size: size)
    }
}
