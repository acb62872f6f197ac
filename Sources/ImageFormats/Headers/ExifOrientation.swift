/// The eight EXIF orientations (TIFF tag 274, `Orientation`): how the stored pixel rows and
/// columns map onto the upright picture. Cameras store portraits sideways and set this tag.
///
/// The EXIF specification states each value as where the stored 0th row and 0th column appear:
///
/// | value | 0th row | 0th column | to display the stored pixels |
/// |---|---|---|---|
/// | 1 | top | left | as they are |
/// | 2 | top | right | mirror left↔right |
/// | 3 | bottom | right | rotate 180° |
/// | 4 | bottom | left | mirror top↔bottom |
/// | 5 | left | top | transpose (mirror about the main diagonal) |
/// | 6 | right | top | rotate 90° clockwise |
/// | 7 | right | bottom | transverse (mirror about the other diagonal) |
/// | 8 | left | bottom | rotate 90° counter-clockwise |
package enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// The orientation a tag value stands for; values outside 1...8 count as 1 (as browsers do).
    package init(tagValue: Int) {
        self = ExifOrientation(rawValue: tagValue) ?? .up
    }

    /// True for 5...8: the upright picture's width is the stored height.
    package var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a picture stored `width`×`height` pixels.
    package func uprightSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The stored pixel shown at upright pixel (`x`, `y`), for a picture stored
    /// `storedWidth`×`storedHeight`.
    package func storedPixel(forUpright x: Int, _ y: Int, storedWidth w: Int, storedHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (w - 1 - x, y)
        case .down: return (w - 1 - x, h - 1 - y)
        case .downMirrored: return (x, h - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, h - 1 - x)
        case .rightMirrored: return (w - 1 - y, h - 1 - x)
        case .left: return (w - 1 - y, x)
        }
    }
}
