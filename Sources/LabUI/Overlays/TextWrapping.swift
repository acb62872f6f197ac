/// Text broken into lines at spaces.
package enum TextWrapping {
    /// `text` broken into lines of at most `columns` characters, at spaces where it can be.
    package static func wrapped(_ text: String, columns: Int) -> [String] {
        wrapped(text, width: Double(columns)) { Double($0.count) }
    }

    /// `text` broken into lines no wider than `width` as `measure` gives it, at spaces where it can
    /// be; a word wider than a line is cut where it must be (at least one character a line).
    package static func wrapped(_ text: String, width: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            while measure(String(word)) > width {
                if !line.isEmpty { lines.append(line); line = "" }
                var n = max(1, word.count - 1)
                while n > 1 && measure(String(word.prefix(n))) > width { n -= 1 }
                lines.append(String(word.prefix(n)))
                word = word.dropFirst(n)
            }
            if line.isEmpty {
                line = String(word)
            } else if measure(line + " " + word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
