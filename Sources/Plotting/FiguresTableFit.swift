/// How the figures table under a plot fits the image's width: the text size, and the columns in
/// bands drawn one under the other when even the least size cannot set them side by side.
///
/// The table is measured, never assumed: `compare`'s logs are named after their feels ("A: default
/// + panel edits"), which makes the first column wide, and a plot may be asked for at 640 pixels.
package struct FiguresTableFit: Hashable, Sendable {
    /// The text size the table is drawn at, pixels.
    package var pixelSize: Int
    /// Each band's columns (indices into the table's columns), left to right; a band after the
    /// first repeats the log and number columns so its rows still say whose they are.
    package var bands: [[Int]]
    /// Each column's width at `pixelSize`, pixels (the widest of its header and cells).
    package var widths: [Double]

    /// The space between two columns at `pixelSize`, pixels.
    package var gap: Double { Self.gap(pixelSize) }
    static func gap(_ size: Int) -> Double { Double(size) * 1.2 }

    /// The least text size the table shrinks to before it wraps into bands, pixels.
    package static let leastPixelSize = 9
    /// The columns every band starts with (the log's name and the gesture's number).
    static let keyColumns = 2

    /// The width a band takes, pixels.
    package func width(of band: [Int]) -> Double {
        band.reduce(0) { $0 + widths[$1] } + gap * Double(max(0, band.count - 1))
    }

    /// The largest text size from `size` down to `leastPixelSize` at which all the columns fit
    /// `available` pixels side by side; else the least size with the columns wrapped into bands,
    /// each filled left to right while it fits (a column too wide for any band stands alone
    /// after the key columns).
    /// - Parameter measure: a text's width at a pixel size, pixels.
    package static func choose(header: [String], rows: [[String]], size: Int, available: Double,
                               measure: (String, Int) -> Double) -> FiguresTableFit {
        func widths(_ s: Int) -> [Double] {
            header.indices.map { i in
                ([header[i]] + rows.map { i < $0.count ? $0[i] : "" }).map { measure($0, s) }.max() ?? 0
            }
        }
        let all = Array(header.indices)
        var s = size
        while true {
            let fit = FiguresTableFit(pixelSize: s, bands: [all], widths: widths(s))
            if fit.width(of: all) <= available { return fit }
            if s <= leastPixelSize { break }
            s -= 1
        }
        var fit = FiguresTableFit(pixelSize: s, bands: [], widths: widths(s))
        let keys = Array(all.prefix(keyColumns))
        var band = keys
        for column in all.dropFirst(keyColumns) {
            if band.count > keys.count, fit.width(of: band + [column]) > available {
                fit.bands.append(band)
                band = keys
            }
            band.append(column)
        }
        fit.bands.append(band)
        return fit
    }
}
