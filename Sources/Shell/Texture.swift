import CSDL2

/// An SDL texture and its pixel size; the texture is owned by whoever made it.
public struct Texture {
    public var handle: OpaquePointer
    public var width: Int
    public var height: Int
    /// True when some texel is not fully opaque: the photo is drawn over a `Checkerboard`.
    public var hasTransparency: Bool

    public init(handle: OpaquePointer, width: Int, height: Int, hasTransparency: Bool = false) {
        self.handle = handle
        self.width = width
        self.height = height
        self.hasTransparency = hasTransparency
    }
}
