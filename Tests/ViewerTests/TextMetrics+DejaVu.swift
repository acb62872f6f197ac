import LabUI
import Drawing

extension TextMetrics {
    /// DejaVu Sans Mono, the font the shell looks for first: 0.602 em per character, lines of
    /// 1.17 em (its advance and ascent + descent, read from the font's hmtx and hhea tables).
    static let dejaVuSansMono = TextMetrics(advance: 0.602, lineHeight: 1.17)
}
