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

extension Photo {
    /// The centred crop, in unit coordinates of the photo (0...1 each way), that fills a quad of
    /// aspect ratio `aspect` (width / height): the square thumbnail crop for `aspect` 1, the whole
    /// photo at the photo's own aspect ratio. A quad with one side 0 takes the limit of its shape
    /// (`aspect` 0: a full-height line down the middle; +∞: a full-width line across it), so the
    /// crop of a side springing through 0 does not flip between two rectangles.
    package func unitCrop(aspect: Double) -> Rect {
        let size = layoutSize
        guard !aspect.isNaN, aspect >= 0 else { return Rect(x: 0, y: 0, width: 1, height: 1) }
        let ratio = aspect / size.aspectRatio
        // Within a part in a million of the photo's own shape, the whole photo (no hairline crop).
        if abs(ratio - 1) < 1e-6 { return Rect(x: 0, y: 0, width: 1, height: 1) }
        if ratio < 1 {
            // Narrower quad: keep the full height, crop the sides.
            return Rect(x: (1 - ratio) / 2, y: 0, width: ratio, height: 1)
        } else {
            let h = 1 / ratio
            return Rect(x: 0, y: (1 - h) / 2, width: 1, height: h)
        }
    }
}
