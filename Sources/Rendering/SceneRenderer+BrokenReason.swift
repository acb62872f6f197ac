import CSDL2
import Geometry
import Drawing

// Why a photo cannot be shown, in its placeholder (issue 42): the reason the decoder gave, not
// only the warning on stderr.
extension SceneRenderer {
    /// The reason's text size (points) and line height (of the text size).
    static let reasonSize = 11.0, reasonLineHeight = 1.3

    /// Draws `reason` centred in the lower part of `frame` (window points), under the cross, in
    /// lines that fit the frame's width (12 pt margins), as many as the 28 % of its height below
    /// the cross holds (at least one; a last line that does not fit ends in "…"). Nothing in a
    /// frame narrower than 60 pt.
    func drawReason(_ reason: String, in frame: Rect, alpha: Double) {
        guard frame.width >= 60, alpha > 0, text.isAvailable else { return }
        let pixelSize = max(6, Int((Self.reasonSize * pointScale).rounded()))
        let lineHeight = Double(pixelSize) * Self.reasonLineHeight
        let room = (frame.width - 24) * pointScale
        let lines = Self.wrapped(reason, maxLines: max(1, Int(frame.height * 0.28 * pointScale / lineHeight))) {
            Double(text.measure($0, pixelSize: pixelSize).width) <= room
        }
        let colour = sdlColor(Color(0.95, 0.82, 0.82, alpha))
        SDL_RenderSetScale(renderer, 1, 1)
        var y = (frame.maxY - frame.height * 0.04) * pointScale - Double(lines.count) * lineHeight
        for line in lines {
            let width = Double(text.measure(line, pixelSize: pixelSize).width)
            text.draw(line, x: (frame.center.x * pointScale - width / 2).rounded(), y: y.rounded(), pixelSize: pixelSize, color: colour, renderer: renderer)
            y += lineHeight
        }
        SDL_RenderSetScale(renderer, Float(pointScale), Float(pointScale))
    }

    /// `text` in at most `maxLines` lines, broken at spaces, each line one that `fits`; a word
    /// longer than a line is cut, and text left over ends the last line in "…".
    static func wrapped(_ text: String, maxLines: Int, fits: (String) -> Bool) -> [String] {
        var lines: [String] = []
        var words = text.split(separator: " ").map(String.init)[...]
        while let first = words.first, lines.count < maxLines {
            var line = first
            words.removeFirst()
            // A word too long for a line keeps the characters that fit.
            while !fits(line), line.count > 1 { line.removeLast() }
            if line.count < first.count { words.insert(String(first.dropFirst(line.count)), at: words.startIndex) }
            while let next = words.first, fits(line + " " + next) {
                line += " " + next
                words.removeFirst()
            }
            lines.append(line)
        }
        if !words.isEmpty, var last = lines.popLast() {
            while !fits(last + "…"), !last.isEmpty { last.removeLast() }
            lines.append(last + "…")
        }
        return lines
    }
}
