/// A width and height in points (or pixels, where a name says so).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    public static let zero = Size(width: 0, height: 0)

    /// width / height; 1 for a degenerate size so callers never divide by zero.
    public var aspectRatio: Double { height > 0 && width > 0 ? width / height : 1 }

    public var area: Double { width * height }

    public var isEmpty: Bool { !(width > 0 && height > 0) }

    public var description: String { "\(width)×\(height)" }

    public static func * (a: Size, s: Double) -> Size { Size(width: a.width * s, height: a.height * s) }
    public static func + (a: Size, b: Size) -> Size { Size(width: a.width + b.width, height: a.height + b.height) }
    public static func - (a: Size, b: Size) -> Size { Size(width: a.width - b.width, height: a.height - b.height) }

    /// The size scaled uniformly so that it fits inside `bounds` (aspect fit).
    package func fitting(in bounds: Size) -> Size {
        guard !isEmpty, !bounds.isEmpty else { return .zero }
        let s = min(bounds.width / width, bounds.height / height)
        return self * s
    }

    /// The size scaled uniformly so that it covers `bounds` (aspect fill).
    public func filling(_ bounds: Size) -> Size {
        guard !isEmpty, !bounds.isEmpty else { return .zero }
        let s = max(bounds.width / width, bounds.height / height)
        return self * s
    }
}
