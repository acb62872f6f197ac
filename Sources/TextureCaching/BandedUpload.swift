import CSDL2
import Decoding

/// A texture filled a band of rows at a time, a frame's upload budget each frame, and drawn only
/// once whole (issue 28): a window-sized picture is 4 MB at 1280×800 and 33 MB at 3840×2160, and
/// made in one frame it cost that frame 4–10 ms (a photo's opening flight, which uploads the
/// photo's picture and its neighbours'). Until it is whole the photo draws what it drew before
/// (its thumbnail scaled up, or its previous picture): the same picture, sharper when it is done.
package final class BandedUpload {
    /// The texture being filled (not drawn until `isComplete`).
    package let texture: OpaquePointer
    /// The pixels it is filled from.
    package let image: DecodedImage
    /// The decode they came from.
    package let outcome: DecodeOutcome
    /// Rows filled so far, from the top.
    private(set) var rowsDone = 0

    /// A band upload of `image` into `texture` (made for it, its size), nothing filled yet.
    package init(texture: OpaquePointer, image: DecodedImage, outcome: DecodeOutcome) {
        self.texture = texture
        self.image = image
        self.outcome = outcome
    }

    /// Bytes of one row.
    package var rowBytes: Int { Int(image.surface.pointee.pitch) }

    package var isComplete: Bool { rowsDone >= image.height }

    /// The rows the next band takes within `budget` bytes (at least one when `atLeastOne`), at most
    /// the rows left.
    package func rows(within budget: Int, atLeastOne: Bool) -> Int {
        let fit = rowBytes > 0 ? max(0, budget) / rowBytes : 0
        return min(image.height - rowsDone, max(atLeastOne ? 1 : 0, fit))
    }

    /// Fills the next `rows` rows; returns their bytes.
    @discardableResult
    package func fill(rows: Int) -> Int {
        let rows = min(rows, image.height - rowsDone)
        guard rows > 0 else { return 0 }
        var band = SDL_Rect(x: 0, y: Int32(rowsDone), w: Int32(image.width), h: Int32(rows))
        let start = image.surface.pointee.pixels.advanced(by: rowsDone * rowBytes)
        SDL_UpdateTexture(texture, &band, start, Int32(rowBytes))
        rowsDone += rows
        return rows * rowBytes
    }
}
