/// Breaks a line of text into lines that fit a width in characters (the lab's message line).
package enum TextWrapping {
    /// `text` broken into lines of at most `columns` characters, at spaces where it can be.
    package static func wrapped(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            while word.count > columns {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(columns)))
                word = word.dropFirst(columns)
            }
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= columns {
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
