import Geometry

/// An RGBA colour, components 0...1.
public struct Color: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    package init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    package static let black = Color(0, 0, 0)
    package static let white = Color(1, 1, 1)
    public static let gridBackground = Color(0.11, 0.11, 0.12)
    package static let focus = Color(0.25, 0.6, 1.0)
    public static let overlay = Color(1.0, 0.8, 0.2)
    package static let verdictClose = Color(1.0, 0.35, 0.3)
    package static let verdictReturn = Color(0.3, 0.9, 0.45)
}

/// Everything one frame draws, as plain values. The shell draws exactly this and decides nothing.
///
/// Photo regions are given in unit coordinates of the oriented photo (0...1 on each axis), so the
/// shell can draw them from whichever texture it has (thumbnail or full resolution).
public struct Scene: Equatable, Sendable {
    /// A grid thumbnail: an aspect-fill crop of photo `photo` in a square window rect.
    public struct Cell: Hashable, Sendable {
        public var photo: Int
        public var frame: Rect
        /// The unit-space crop of the photo shown in the cell.
        public var crop: Rect
        public var isFocused: Bool
        public init(photo: Int, frame: Rect, crop: Rect, isFocused: Bool = false) {
            self.photo = photo; self.frame = frame; self.crop = crop; self.isFocused = isFocused
        }
    }

    /// A photo drawn above the backdrop: the moving photo or a paging neighbour.
    public struct PhotoQuad: Hashable, Sendable {
        public var photo: Int
        /// Unit-space crop of the photo being shown (the whole photo when fully open).
        public var crop: Rect
        /// Centre of the drawn quad, window points.
        public var center: Point
        /// Unrotated drawn size, window points.
        public var size: Size
        /// Radians, positive clockwise on screen.
        public var rotation: Double
        public var alpha: Double
        public init(photo: Int, crop: Rect, center: Point, size: Size, rotation: Double, alpha: Double) {
            self.photo = photo; self.crop = crop; self.center = center; self.size = size
            self.rotation = rotation; self.alpha = alpha
        }
    }

    /// Annotations above everything: gesture fingers, decision overlay, panel text.
    public enum Overlay: Hashable, Sendable {
        case dot(center: Point, radius: Double, color: Color)
        case ring(center: Point, radius: Double, color: Color)
        case line(from: Point, to: Point, color: Color)
        case rect(Rect, color: Color, filled: Bool)
        /// Text at a top-left point; `size` in points.
        case text(String, at: Point, size: Double, color: Color)
        /// Text in the proportional UI font (captions, notices, the empty window's panel) at a
        /// top-left point; `size` in points; measured with `TextMetrics.labelWidth`.
        case label(String, at: Point, size: Double, color: Color)
        /// A filled rectangle with corners rounded to `radius` points (the boxes of captions and
        /// notices), drawn with a soft one-pixel edge.
        case roundedRect(Rect, radius: Double, color: Color)
        /// A polyline (curves in the live plot).
        case polyline([Point], color: Color)
    }

    /// The corner radius of the boxes captions and notices sit on, points.
    public static let boxRadius = 6.0

    public var windowSize: Size
    public var background: Color
    public var cells: [Cell]
    /// Opacity of the black backdrop over the grid, 0...1.
    public var backdropAlpha: Double
    /// Photos above the backdrop, back to front.
    public var photos: [PhotoQuad]
    public var overlays: [Overlay]
    /// What the window's title names: the open photo's file name; nil in the grid.
    public var title: String?
    /// The photo list the indices of `cells` and `photos` refer to (it changes when the watched
    /// folders do), so a texture source that finds files by name can follow it.
    public var photoList: [Photo] = []

    public init(windowSize: Size, background: Color = .gridBackground, cells: [Cell] = [],
                backdropAlpha: Double = 0, photos: [PhotoQuad] = [], overlays: [Overlay] = [], title: String? = nil) {
        self.title = title
        self.windowSize = windowSize
        self.background = background
        self.cells = cells
        self.backdropAlpha = backdropAlpha
        self.photos = photos
        self.overlays = overlays
    }
}
