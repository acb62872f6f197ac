import CSDL2
import Synchronization

/// An SDL texture and its pixel size; the texture is owned by whoever made it.
public struct Texture {
    public var handle: OpaquePointer
    /// A number no other texture made in this process has: what a frame drew with, told apart
    /// from a later texture that SDL happens to give the same handle (`PictureState`).
    package let serial: UInt64
    public var width: Int
    public var height: Int
    /// True when some texel is not fully opaque: the photo is drawn over a `Checkerboard`.
    package var hasTransparency: Bool

    public init(handle: OpaquePointer, width: Int, height: Int, hasTransparency: Bool = false) {
        self.handle = handle
        self.width = width
        self.height = height
        self.hasTransparency = hasTransparency
        serial = Self.made.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// A texture holding the same pixels as the one whose serial was `serial` (made again for
    /// another renderer): a picture drawn with either is the same picture.
    public init(handle: OpaquePointer, width: Int, height: Int, hasTransparency: Bool, sameAs serial: UInt64) {
        self.handle = handle
        self.width = width
        self.height = height
        self.hasTransparency = hasTransparency
        self.serial = serial
    }

    /// How many textures were made so far (renderers on several threads, as in tests, share it).
    private static let made = Atomic<UInt64>(0)
}
