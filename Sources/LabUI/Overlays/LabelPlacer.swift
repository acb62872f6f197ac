import Geometry

/// Places overlay labels so that none covers another and all stay inside the window.
///
/// Deterministic and small: each label tries a fixed list of positions around its anchor (above
/// right, right, below right, above, above left, left, below left, below) at growing gaps, and
/// takes the first that lies inside the window and is clear of every label placed before it and of
/// the marks (dots, rings) it should not hide. Failing that it settles for a place clear of the
/// labels only, then for the free place nearest the anchor on a 16 pt grid, and only when the
/// window has no free place left, the one that overlaps least. Window points, origin top-left.
struct LabelPlacer: Sendable {
    /// Where labels may go: the window inset by `margin`.
    var bounds: Rect
    /// Rectangles already taken: labels placed so far and areas kept clear (a panel, badges).
    private(set) var taken: [Rect]
    /// Small areas labels should not cover when they can help it (marks at anchors).
    var marks: [Rect]

    /// Labels keep this far from the window's edges, points.
    static let margin = 4.0
    /// Gaps tried between an anchor and its label, points (added to the label's own gap).
    static let gapSteps: [Double] = [0, 12, 28, 52, 88, 140, 210, 300, 420]
    /// The grid step of the last-resort search, points.
    static let gridStep = 16.0

    init(windowSize: Size, keepClear: [Rect] = [], marks: [Rect] = []) {
        let m = Self.margin
        bounds = Rect(x: m, y: m, width: max(0, windowSize.width - 2 * m), height: max(0, windowSize.height - 2 * m))
        taken = keepClear
        self.marks = marks
    }

    /// Marks out a square of half-size `radius` around `p` as a mark labels should not cover.
    mutating func mark(_ p: Point, radius: Double) {
        guard p.isFinite else { return }
        marks.append(Rect(x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// Takes a place for a label of `size` near `anchor`, `gap` points away at least, and returns it.
    /// `order` chooses the side tried first (`.label`: above right; `.box`: below right).
    mutating func place(_ size: Size, near anchor: Point, gap: Double, order: Order = .label) -> Rect {
        let anchor = anchor.isFinite ? anchor : bounds.center
        let candidates = Self.gapSteps.flatMap { step in
            order.directions.map { Self.origin($0, anchor: anchor, gap: gap + step, size: size) }
        }.map { Rect(origin: $0, size: size) }
        let chosen = candidates.first { fits($0) && isClear($0, of: taken + marks) }
            ?? candidates.first { fits($0) && isClear($0, of: taken) }
            ?? nearestFree(size, to: anchor)
            ?? leastOverlapping(candidates.map(clamped))
        taken.append(chosen)
        return chosen
    }

    // MARK: - Candidates

    /// The sides of an anchor a label can go, in the order tried.
    enum Order: Sendable {
        /// Above right first: names of points.
        case label
        /// Below right first: the verdict box beside the moving point.
        case box

        var directions: [Direction] {
            switch self {
            case .label: [.northEast, .east, .southEast, .north, .northWest, .west, .southWest, .south]
            case .box: [.southEast, .northEast, .southWest, .northWest, .east, .west, .south, .north]
            }
        }
    }

    enum Direction: Sendable { case north, northEast, east, southEast, south, southWest, west, northWest }

    /// The top-left corner of a label of `size` on side `d` of `anchor`, `gap` points away
    /// (diagonal sides sit 0.8 × gap above or below, so a label reads as the anchor's).
    static func origin(_ d: Direction, anchor a: Point, gap: Double, size s: Size) -> Point {
        let v = gap * 0.8
        return switch d {
        case .north: Point(a.x - s.width / 2, a.y - gap - s.height)
        case .northEast: Point(a.x + gap, a.y - v - s.height)
        case .east: Point(a.x + gap, a.y - s.height / 2)
        case .southEast: Point(a.x + gap, a.y + v)
        case .south: Point(a.x - s.width / 2, a.y + gap)
        case .southWest: Point(a.x - gap - s.width, a.y + v)
        case .west: Point(a.x - gap - s.width, a.y - s.height / 2)
        case .northWest: Point(a.x - gap - s.width, a.y - v - s.height)
        }
    }

    // MARK: - Tests

    func fits(_ r: Rect) -> Bool {
        r.minX >= bounds.minX - 1e-9 && r.minY >= bounds.minY - 1e-9
            && r.maxX <= bounds.maxX + 1e-9 && r.maxY <= bounds.maxY + 1e-9
    }

    func isClear(_ r: Rect, of others: [Rect]) -> Bool {
        !others.contains { Self.overlap(r, $0) > 0 }
    }

    /// The area two rectangles share, square points (touching edges share none).
    static func overlap(_ a: Rect, _ b: Rect) -> Double {
        let w = min(a.maxX, b.maxX) - max(a.minX, b.minX)
        let h = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return w > 0 && h > 0 ? w * h : 0
    }

    /// `r` moved the least distance that puts it inside the bounds (its top-left kept in them when
    /// it is larger than they are).
    func clamped(_ r: Rect) -> Rect {
        let x = max(bounds.minX, min(r.minX, bounds.maxX - r.width))
        let y = max(bounds.minY, min(r.minY, bounds.maxY - r.height))
        return Rect(x: x, y: y, width: r.width, height: r.height)
    }

    /// The free place on the grid whose centre is nearest the anchor (ties: the first in reading
    /// order), or nil when there is none.
    func nearestFree(_ size: Size, to anchor: Point) -> Rect? {
        guard size.width <= bounds.width, size.height <= bounds.height else { return nil }
        var best: (Rect, Double)?
        var y = bounds.minY
        while y + size.height <= bounds.maxY + 1e-9 {
            var x = bounds.minX
            while x + size.width <= bounds.maxX + 1e-9 {
                let r = Rect(x: x, y: y, width: size.width, height: size.height)
                let d = r.center.distance(to: anchor)
                if best.map({ d < $0.1 }) ?? true, isClear(r, of: taken) { best = (r, d) }
                x += Self.gridStep
            }
            y += Self.gridStep
        }
        return best?.0
    }

    /// Of `candidates`, the one overlapping the placed labels least (the first among equals).
    func leastOverlapping(_ candidates: [Rect]) -> Rect {
        var best = candidates[0]
        var bestArea = Double.infinity
        for r in candidates {
            let area = taken.reduce(0) { $0 + Self.overlap(r, $1) }
            if area < bestArea { best = r; bestArea = area }
        }
        return best
    }
}
