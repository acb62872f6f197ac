import Geometry

/// A photo of the set as the viewer knows it: its name and oriented pixel size.
public struct Photo: Hashable, Sendable {
    public var name: String
    /// Pixel size after EXIF orientation; `.zero` while unknown (laid out as a square).
    public var pixelSize: Size

    public init(name: String, pixelSize: Size) {
        self.name = name
        self.pixelSize = pixelSize
    }

    /// The size used for layout: a square stands in while the real size is unknown.
    public var layoutSize: Size { pixelSize.isEmpty ? Size(1, 1) : pixelSize }
}
