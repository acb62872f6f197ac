import CSDL2

/// An SDL texture and its pixel size; the texture is owned by whoever made it.
public struct Texture {
    public var handle: OpaquePointer
    public var width: Int
    public var height: Int

    public init(handle: OpaquePointer, width: Int, height: Int) {
        self.handle = handle
        self.width = width
        self.height = height
    }
}
