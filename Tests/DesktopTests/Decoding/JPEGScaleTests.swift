import Testing
@testable import Decoding

@Suite("JPEG scaling-factor choice")
struct JPEGScaleTests {
    /// libjpeg-turbo 2.x scales by n/8 for n = 1...16.
    let eighths = (1...8).map { JPEGScale(numerator: $0, denominator: 8) }

    @Test("the installed TurboJPEG offers 1/8 and 1/1")
    func installedFactors() {
        #expect(JPEGScale.available.contains { $0.value == 1.0 / 8 })
        #expect(JPEGScale.available.contains { $0.value == 1 })
    }

    @Test("a thumbnail takes the smallest factor whose shorter side covers the cell (4000×3000, every side 1…3000)")
    func thumbnailSweep() {
        for side in 1...3000 {
            let f = JPEGScale.forThumbnail(shortSide: side, width: 4000, height: 3000, from: JPEGScale.available)
            // Covers the cell, and the next smaller factor would not.
            #expect(f.scaled(3000) >= side, "side \(side): \(f) gives \(f.scaled(3000))")
            let smaller = JPEGScale.available.filter { $0.value < f.value }.max { $0.value < $1.value }
            if let smaller { #expect(smaller.scaled(3000) < side, "side \(side): \(smaller) would do") }
            // With eighths: n = ceil(8·side / 3000), the first eighth covering the side.
            let n = (8 * side + 2999) / 3000
            #expect(JPEGScale.forThumbnail(shortSide: side, width: 4000, height: 3000, from: eighths).numerator == n,
                    "side \(side)")
        }
    }

    @Test("portrait photos use their width as the shorter side")
    func portrait() {
        // 3000×4000, side 400: n = ceil(8·400/3000) = 2.
        #expect(JPEGScale.forThumbnail(shortSide: 400, width: 3000, height: 4000, from: eighths).numerator == 2)
    }

    @Test("never upscales: a cell larger than the photo gives 1/1")
    func neverUpscales() {
        #expect(JPEGScale.forThumbnail(shortSide: 5000, width: 4000, height: 3000) == .one)
        #expect(JPEGScale.forFit(boundWidth: 8000, boundHeight: 8000, width: 640, height: 480) == .one)
    }

    @Test("a full photo takes the smallest factor covering its aspect-fit size in the window")
    func fit() {
        // 4000×3000 in 1280×800: s = min(1280/4000, 800/3000) = 0.2667 → fit 1067×800;
        // n = ceil(8·800/3000) = 3 (3/8 → 1500×1125 covers 1067×800; 2/8 → 750 does not).
        let fit = JPEGScale.fittedSize(width: 4000, height: 3000, boundWidth: 1280, boundHeight: 800)
        #expect(fit.width == 1067 && fit.height == 800)
        let f = JPEGScale.forFit(boundWidth: 1280, boundHeight: 800, width: 4000, height: 3000, from: eighths)
        #expect(f.numerator == 3)
        #expect(f.scaled(4000) == 1500 && f.scaled(3000) == 1125)
    }

    @Test("scaled sizes round up like TurboJPEG's TJSCALED")
    func rounding() {
        // ceil(4001 / 8) = 501.
        #expect(JPEGScale(numerator: 1, denominator: 8).scaled(4001) == 501)
        #expect(JPEGScale(numerator: 3, denominator: 8).scaled(10) == 4)
    }
}
