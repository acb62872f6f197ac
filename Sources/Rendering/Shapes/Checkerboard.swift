import Geometry
import Drawing

/// The checkerboard drawn behind a photo that has transparent pixels, as image viewers show
/// transparency: squares `cellPoints` on a side in two quiet mid greys, laid out in the photo's own
/// frame from the top-left corner of the whole photo. The squares keep their size in points at any
/// zoom (a pattern, not part of the picture) but move, turn and are cropped with the photo: the
/// square at the photo's top-left corner is always a light one, wherever the photo is and whatever
/// part of it is shown.
///
/// Plain geometry in window points; `SceneRenderer` draws it.
struct Checkerboard {
    /// Side of one square, window points.
    static let cellPoints = 8.0
    /// The lighter squares' grey, also the board's ground: (0.42, 0.42, 0.42) → 107 of 255.
    static let light = Color(0.42, 0.42, 0.42)
    /// The darker squares' grey: (0.33, 0.33, 0.33) → 84 of 255.
    static let dark = Color(0.33, 0.33, 0.33)

    /// Centre of the drawn quad, window points.
    package var center: Point
    /// The quad's unturned size, window points.
    package var size: Size
    /// Radians, positive clockwise on screen (the photo's).
    package var rotation: Double
    /// The unit-space part of the photo the quad shows.
    var crop: Rect

    /// The part of the photo's own frame (points from the whole photo's top-left corner, along its
    /// width and height) that the quad shows; nil when the crop or size is degenerate.
    var shownRegion: Rect? {
        guard crop.width > 0, crop.height > 0, size.width > 0, size.height > 0, center.isFinite, rotation.isFinite,
              crop.origin.isFinite, size.width.isFinite, size.height.isFinite else { return nil }
        // The whole photo is size / crop size points; the crop starts crop.origin of the way into it.
        let whole = Size(size.width / crop.width, size.height / crop.height)
        return Rect(x: crop.minX * whole.width, y: crop.minY * whole.height, width: size.width, height: size.height)
    }

    /// A point of the photo's frame in window points.
    func windowPoint(_ local: Point, in region: Rect) -> Point {
        center + (local - region.center).rotated(by: rotation)
    }

    /// The dark squares that show inside `window` (window points), each clipped to the shown part
    /// of the photo and given by its four corners in window points, clockwise in the photo's frame
    /// from its top-left. Squares wholly outside the window are left out, so a photo zoomed far in
    /// costs no more than one filling the window.
    func darkSquares(within window: Rect) -> [[Point]] {
        guard let region = shownRegion else { return [] }
        // The window's corners in the photo's frame; their bounding box covers every visible square.
        let windowCorners = [window.origin, Point(window.maxX, window.minY), Point(window.maxX, window.maxY), Point(window.minX, window.maxY)]
        let local = windowCorners.map { region.center + ($0 - center).rotated(by: -rotation) }
        let minX = max(region.minX, local.map(\.x).min()!), maxX = min(region.maxX, local.map(\.x).max()!)
        let minY = max(region.minY, local.map(\.y).min()!), maxY = min(region.maxY, local.map(\.y).max()!)
        guard minX < maxX, minY < maxY else { return [] }
        let c = Self.cellPoints
        let columns = Int((minX / c).rounded(.down))..<Int((maxX / c).rounded(.up))
        let rows = Int((minY / c).rounded(.down))..<Int((maxY / c).rounded(.up))
        var squares: [[Point]] = []
        for j in rows {
            let y0 = max(minY, Double(j) * c), y1 = min(maxY, Double(j + 1) * c)
            for i in columns where (i + j) & 1 == 1 {
                let x0 = max(minX, Double(i) * c), x1 = min(maxX, Double(i + 1) * c)
                guard x0 < x1, y0 < y1 else { continue }
                squares.append([Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)].map { windowPoint($0, in: region) })
            }
        }
        return squares
    }
}
