extension ExifOrientation {
    /// The orientation that shows the same stored pixels turned `quarterTurns` × 90° clockwise
    /// (negative: anticlockwise) from how this one shows them: Ctrl+R and Ctrl+Shift+R written to
    /// the file. Found, not tabulated: the one orientation whose upright picture of a 2×3 stored
    /// picture (every pixel told apart) is this one's upright picture turned.
    package func turned(clockwise quarterTurns: Int) -> ExifOrientation {
        let k = ((quarterTurns % 4) + 4) % 4
        guard k > 0 else { return self }
        if k > 1 { return turned(clockwise: 1).turned(clockwise: k - 1) }
        let w = 2, h = 3
        let upright = uprightSize(width: w, height: h)
        // Turning a W×H picture clockwise: the new picture is H wide, and its pixel (x, y) is the
        // old pixel (y, H − 1 − x) (the old bottom-left corner comes to the top-left).
        return ExifOrientation.allCases.first { candidate in
            let turnedSize = candidate.uprightSize(width: w, height: h)
            guard turnedSize.width == upright.height, turnedSize.height == upright.width else { return false }
            for y in 0..<turnedSize.height {
                for x in 0..<turnedSize.width {
                    let mine = storedPixel(forUpright: y, upright.height - 1 - x, storedWidth: w, storedHeight: h)
                    guard candidate.storedPixel(forUpright: x, y, storedWidth: w, storedHeight: h) == mine else { return false }
                }
            }
            return true
        }!
    }
}
