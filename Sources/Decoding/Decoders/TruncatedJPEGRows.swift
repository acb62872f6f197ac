import CSDL2

/// Where a cut JPEG's readable part ends. libjpeg decodes the blocks it has no data for with all
/// coefficients zero, which come out as flat mid-grey (128, 128, 128); the rows below the last
/// block row that had data are therefore exactly that grey, and so is the right-hand end of the
/// block row the data stopped in. This finds both, so they can be painted the placeholder colour.
enum TruncatedJPEGRows {
    /// True when a pixel (ARGB8888) is libjpeg's grey for a missing block, within 1 for the
    /// rounding of colour conversion.
    static func isMissingGrey(_ pixel: UInt32) -> Bool {
        let r = Int(pixel >> 16 & 0xFF), g = Int(pixel >> 8 & 0xFF), b = Int(pixel & 0xFF)
        return abs(r - 128) <= 1 && abs(g - 128) <= 1 && abs(b - 128) <= 1
    }

    /// Paints the missing part of a cut JPEG's decode `colour`: the whole grey rows at the bottom,
    /// and in the `bandHeight` rows above them (the block row the data stopped in) the grey run at
    /// each row's right end. Returns the rows read, whole or in part (0: nothing was read).
    @discardableResult
    static func paintMissing(_ surface: UnsafeMutablePointer<SDL_Surface>, bandHeight: Int, colour: UInt32) -> Int {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { UnsafeMutableRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self) }
        var read = h
        while read > 0 {
            let r = row(read - 1)
            guard (0..<w).allSatisfy({ isMissingGrey(r[$0]) }) else { break }
            read -= 1
        }
        PNGDecoder.fillRows(surface, from: read, with: colour)
        for y in stride(from: read - 1, through: max(0, read - max(1, bandHeight)), by: -1) {
            let r = row(y)
            var x = w
            while x > 0 && isMissingGrey(r[x - 1]) { x -= 1 }
            // A run of at least two pixels: one grey pixel at a row's end is the photo's own.
            if w - x >= 2 { (r + x).update(repeating: colour, count: w - x) }
        }
        return read
    }
}
