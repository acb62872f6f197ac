/// An axis-aligned rectangle in window points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle of `size` centred on `center`.
    public init(center: Point, size: Size) {
        self.init(origin: Point(x: center.x - size.width / 2, y: center.y - size.height / 2), size: size)
    }

    public static let zero = Rect(origin: .zero, size: .zero)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    public var description: String { "[\(origin.x), \(origin.y), \(size.width), \(size.height)]" }

    /// True when `p` lies inside, edges on the min side included and on the max side excluded.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    package func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    package func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
    }

    package func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The largest rectangle of `content`'s aspect ratio that fits inside this one, centred (aspect fit).
    package func aspectFit(_ content: Size) -> Rect {
        Rect(center: center, size: content.fitting(in: size))
    }

    /// The smallest rectangle of `content`'s aspect ratio that covers this one, centred (aspect fill).
    package func aspectFill(_ content: Size) -> Rect {
        Rect(center: center, size: content.filling(size))
    }

    /// Linear interpolation of origin and size.
    package func interpolated(to other: Rect, fraction f: Double) -> Rect {
        Rect(origin: origin.interpolated(to: other.origin, fraction: f),
             size: Size(width: width + (other.width - width) * f, height: height + (other.height - height) * f))
    }
}

extension Size {
    /// The centred sub-rectangle of an image of this size (in its own pixels) that, scaled, fills a
    /// frame of `frameAspect` (width / height): the source crop of an aspect-fill thumbnail.
    public func centerCrop(aspect frameAspect: Double) -> Rect {
        guard !isEmpty, frameAspect > 0 else { return Rect(origin: .zero, size: self) }
        if aspectRatio > frameAspect {
            let w = height * frameAspect
            return Rect(x: (width - w) / 2, y: 0, width: w, height: height)
        } else {
            let h = width / frameAspect
            return Rect(x: 0, y: (height - h) / 2, width: width, height: h)
        }
    }
}
