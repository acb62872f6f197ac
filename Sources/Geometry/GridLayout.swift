/// The grid of square cells: columns from the window width, cell rects in content space, scroll
/// bounds and the range of cells a viewport shows. Everything is O(1) or O(visible cells).
public struct GridLayout: Hashable, Sendable {
    public var windowSize: Size
    public var photoCount: Int
    public var targetCellPoints: Double
    public var spacingPoints: Double

    public init(windowSize: Size, photoCount: Int, targetCellPoints: Double = 160, spacingPoints: Double = 4) {
        self.windowSize = windowSize
        self.photoCount = max(0, photoCount)
        self.targetCellPoints = max(8, targetCellPoints)
        self.spacingPoints = max(0, spacingPoints)
    }

    /// `max(1, round((W − s) / (target + s)))` columns: the count whose cells come closest to the target.
    public var columns: Int {
        let usable = windowSize.width - spacingPoints
        let n = (usable / (targetCellPoints + spacingPoints)).rounded()
        return max(1, Self.count(n))
    }

    /// A row or column count from a Double: NaN gives 0, and magnitudes are clamped to 2^31 so
    /// that no conversion or product of two counts can trap, however wide the window or far the point.
    static func count(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(max(value, -2_147_483_648), 2_147_483_648))
    }

    /// Cell side: `(W − s·(columns + 1)) / columns`.
    public var cellSide: Double {
        let c = Double(columns)
        return max(1, (windowSize.width - spacingPoints * (c + 1)) / c)
    }

    /// Distance from one row's top to the next.
    public var rowPitch: Double { cellSide + spacingPoints }

    public var rows: Int { photoCount == 0 ? 0 : (photoCount + columns - 1) / columns }

    /// Height of all rows with spacing above, between and below.
    public var contentHeight: Double { Double(rows) * rowPitch + spacingPoints }

    /// The largest scroll offset: 0 when the content fits.
    public var maxScroll: Double { max(0, contentHeight - windowSize.height) }

    /// Cell `index`'s rect in content coordinates (scroll 0).
    public func cellRect(_ index: Int) -> Rect {
        let c = columns
        let row = index / c, col = index % c
        return Rect(x: spacingPoints + Double(col) * (cellSide + spacingPoints),
                    y: spacingPoints + Double(row) * rowPitch,
                    width: cellSide, height: cellSide)
    }

    /// Cell `index`'s rect in the window at scroll offset `scroll`.
    public func cellRect(_ index: Int, scroll: Double) -> Rect {
        cellRect(index).offsetBy(dx: 0, dy: -scroll)
    }

    /// Indices of the cells that intersect the window at `scroll`, in order.
    package func visibleRange(scroll: Double) -> Range<Int> {
        guard photoCount > 0 else { return 0..<0 }
        let firstRow = max(0, Self.count(((scroll - spacingPoints) / rowPitch).rounded(.down)))
        let lastRow = max(-1, Self.count(((scroll + windowSize.height) / rowPitch).rounded(.down)))
        let lo = min(photoCount, firstRow * columns)
        let hi = min(photoCount, max(lo, (lastRow + 1) * columns))
        return lo..<hi
    }

    /// The cell under a window point at `scroll`, if any.
    package func cellIndex(at p: Point, scroll: Double) -> Int? {
        let y = p.y + scroll - spacingPoints
        let x = p.x - spacingPoints
        guard x >= 0, y >= 0 else { return nil }
        let col = Self.count((x / (cellSide + spacingPoints)).rounded(.down))
        let row = Self.count((y / rowPitch).rounded(.down))
        guard col < columns, row < photoCount else { return nil }
        let index = row * columns + col
        guard index < photoCount, cellRect(index, scroll: scroll).contains(p) else { return nil }
        return index
    }

    /// The scroll offset, nearest to `scroll`, that shows cell `index` entirely.
    package func scrollRevealing(_ index: Int, from scroll: Double) -> Double {
        let r = cellRect(index)
        var s = scroll
        if r.minY - spacingPoints < s { s = r.minY - spacingPoints }
        if r.maxY + spacingPoints > s + windowSize.height { s = r.maxY + spacingPoints - windowSize.height }
        return min(max(0, s), maxScroll)
    }
}
