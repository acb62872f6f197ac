import Decoding

/// Decoded pictures waiting for their textures, by key: the decode scheduler fills it (within its
/// byte budget, best-ranked kept) and the texture cache's `upload` takes from it. A reference, so
/// that while an upload goes on, its callback for a picture that cannot be made may drop the
/// photo's other pictures from it (`PhotoPipeline.markBroken`). For the frame loop's thread only.
package final class WaitingPixels {
    @usableFromInline var byKey: [PhotoTextureKey: DecodeOutcome] = [:]

    package init() {}

    /// The pixels waiting under `key`; nil drops them.
    @inlinable package subscript(key: PhotoTextureKey) -> DecodeOutcome? {
        get { byKey[key] }
        set { byKey[key] = newValue }
    }

    @inlinable package var keys: Dictionary<PhotoTextureKey, DecodeOutcome>.Keys { byKey.keys }
    @inlinable package var values: Dictionary<PhotoTextureKey, DecodeOutcome>.Values { byKey.values }
    @inlinable package var isEmpty: Bool { byKey.isEmpty }
    @inlinable package var count: Int { byKey.count }
}
