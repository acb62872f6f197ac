import CSDL2
import ImageFormats

/// Decoded pixels, upright and at the size they will be shown: an ARGB8888 SDL surface owned by
/// this object. Made on a decoder thread and handed whole to the frame loop, which uploads it as a
/// texture and drops it; it is never used by two threads at once.
package final class DecodedImage: @unchecked Sendable {
    package let surface: UnsafeMutablePointer<SDL_Surface>
    /// The picture's full upright size in pixels (the decode may be smaller).
    package let fullWidth: Int
    package let fullHeight: Int
    /// True when some pixel is not fully opaque (alpha below 255): the renderer puts a checkerboard
    /// behind such a photo. Always false for formats without alpha (JPEG).
    package let hasTransparency: Bool
    /// Set when only part of the picture could be read (a file cut short): the rows read are
    /// shown, the rest is the placeholder colour, and the pipeline warns once with this.
    package let partialBecause: ImageProblem?

    /// Takes ownership of `surface` (ARGB8888).
    package init(surface: UnsafeMutablePointer<SDL_Surface>, fullWidth: Int, fullHeight: Int, hasTransparency: Bool,
         partialBecause: ImageProblem? = nil) {
        self.surface = surface
        self.fullWidth = fullWidth
        self.fullHeight = fullHeight
        self.hasTransparency = hasTransparency
        self.partialBecause = partialBecause
    }

    deinit { SDL_FreeSurface(surface) }

    package var width: Int { Int(surface.pointee.w) }
    package var height: Int { Int(surface.pointee.h) }
    /// Bytes of pixel memory held.
    package var byteCount: Int { Int(surface.pointee.pitch) * height }
    /// True when decoded at the picture's full size (nothing sharper exists).
    package var isFullSize: Bool { width >= fullWidth && height >= fullHeight }
}
