import CSDL2
import Geometry
import Testing
@testable import Plotting

@Suite("The figures table under a plot fits its image: measured, shrunk, else wrapped into bands")
struct PlotTableFitTests {
    /// Pixels darker than the white background (any channel under 200) in x ∈ [x0, x1), y ∈ [y0, y1).
    func inked(_ surface: UnsafeMutablePointer<SDL_Surface>, x0: Int, x1: Int, y0: Int, y1: Int) -> Int {
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let stride = Int(surface.pointee.pitch) / 4
        var n = 0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = pixels[y * stride + x]
                if min(p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF) < 200 { n += 1 }
            }
        }
        return n
    }

    @Test("compare's two runs, named after their feels, leave the right margin blank under the plot at 1280 and 640 pixels",
          arguments: [1280, 640])
    func fitsTheImage(width: Int) throws {
        let logs = try ["A: default + panel edits", "B: snappy + panel edits"].enumerated().map { i, name in
            try PlotLog.parse(syntheticLog(response: 0.3 + 0.15 * Double(i)), name: name, file: name)
        }
        let figures = logs.flatMap { GestureFigures.all(in: $0) }
        #expect(figures.count >= 2)
        let surface = try PlotRenderer.render(logs, width: width, height: 960, figures: figures)
        defer { SDL_FreeSurface(surface) }
        let rows = figures.count
        let layout = PlotRenderer.layout(width: width, height: 960, tableRows: rows)
        // The table's rule ends 20 px from the right edge; its text must too (nothing cut off).
        let ink = inked(surface, x0: width - 18, x1: width, y0: Int(layout.tableTop), y1: 960)
        #expect(ink == 0, "\(width) px: \(ink) pixels of text in the right margin")
    }

    @Test("a table too wide shrinks its text first, then wraps into bands that each fit and repeat the log and number")
    func shrinksThenWraps() {
        let header = ["log", "#", "aaaa", "bbbb", "cccc"]
        let rows = [["A: default", "1", "1234", "5678", "9012"]]
        // A character is half the pixel size wide: at 15 px, 10 + 1 + 4·3 = 23 characters and 4 gaps of 18 px = 172.5 + 72.
        let measure: (String, Int) -> Double = { Double($0.count) * Double($1) / 2 }
        let wide = FiguresTableFit.choose(header: header, rows: rows, size: 15, available: 1000, measure: measure)
        #expect(wide.pixelSize == 15 && wide.bands == [[0, 1, 2, 3, 4]])
        // At 12 px: 23 · 6 = 138 + 4 · 14.4 = 195.6 px; at 13 px 149.5 + 62.4 = 211.9 > 200.
        let shrunk = FiguresTableFit.choose(header: header, rows: rows, size: 15, available: 200, measure: measure)
        #expect(shrunk.pixelSize == 12 && shrunk.bands.count == 1)
        // At 9 px nothing fits 100 side by side (23 · 4.5 + 4 · 10.8 = 146.7): bands, each within 100.
        let wrapped = FiguresTableFit.choose(header: header, rows: rows, size: 15, available: 100, measure: measure)
        #expect(wrapped.pixelSize == FiguresTableFit.leastPixelSize)
        #expect(wrapped.bands.count > 1)
        #expect(wrapped.bands.allSatisfy { Array($0.prefix(2)) == [0, 1] })
        #expect(wrapped.bands.allSatisfy { wrapped.width(of: $0) <= 100 }, "\(wrapped.bands)")
        #expect(Set(wrapped.bands.flatMap { $0 }) == Set(header.indices))
    }
}
