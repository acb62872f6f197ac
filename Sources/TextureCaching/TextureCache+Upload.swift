import CSDL2
import Decoding
import ImageFormats
import Rendering

extension TextureCache {
    /// What one frame's uploads did.
    package struct Uploaded {
        /// Textures stored whole, with the decode each came from (to hold for the thumbnail caches).
        package var stored: [(key: PhotoTextureKey, image: DecodedImage, outcome: DecodeOutcome)] = []
        package var bytes = 0
    }

    /// Makes textures from the pixels `waiting` for upload (the scheduler's: those taken are
    /// removed), best-ranked first, within `budget`
    /// bytes. A picture larger than a whole frame's budget (`bandBytes`, a window-sized one) is
    /// filled a band of rows a frame (`BandedUpload`) and stored, to be drawn, once whole; at least
    /// one band or texture a frame is always made. A picture whose photo's size is not yet in the
    /// viewer (`isSizeDelivered`, by photo id) waits (its crop would be wrong); a preview never goes
    /// over a thumbnail made meanwhile.
    /// `failed` is called at once for a picture whose texture cannot be made (SDL's error set).
    package func upload(from waiting: WaitingPixels, isSizeDelivered: (Int) -> Bool, rank: [PhotoTextureKey: Int],
                        budget: Int, bandBytes: Int, renderer: OpaquePointer, failed: (PhotoTextureKey, DecodedImage) -> Void) -> Uploaded {
        var budget = budget
        var done = Uploaded()
        var first = true
        for key in Set(waiting.keys).union(banded.keys).sorted(by: { rank[$0]! < rank[$1]! }) {
            if let band = banded[key] {
                let rows = band.rows(within: budget, atLeastOne: first)
                guard rows > 0 else { break }
                first = false
                let bytes = band.fill(rows: rows)
                budget -= bytes
                done.bytes += bytes
                if band.isComplete {
                    finishBanded(key)
                    store(band.texture, of: band.image, for: key, target: band.outcome.job.target)
                    done.stored.append((key, band.image, band.outcome))
                }
                continue
            }
            guard let outcome = waiting[key], case let .success(image) = outcome.result else { continue }
            guard isSizeDelivered(key.photo) else { continue }  // its crop would be wrong until the viewer has the size
            // Larger than a whole frame's budget: a band at a time, from this frame on.
            let inBands = image.byteCount > budget && image.byteCount > bandBytes
            if !first && image.byteCount > budget && (!inBands || budget < image.byteCount / image.height) { break }
            waiting[key] = nil
            // A preview only stands in: never over a thumbnail made meanwhile.
            if key.kind == .preview, hasThumbnail(key.photo) { continue }
            SDLError.clear()
            guard let tex = makeTexture(renderer, image, filled: !inBands) else {
                first = false
                budget -= image.byteCount
                if key.kind == .preview { continue }
                failed(key, image)
                continue
            }
            if inBands {
                let band = BandedUpload(texture: tex, image: image, outcome: outcome)
                let bytes = band.fill(rows: band.rows(within: budget, atLeastOne: first))
                first = false
                budget -= bytes
                done.bytes += bytes
                startBanded(band, for: key)
                if band.isComplete {  // a picture of one band's rows
                    finishBanded(key)
                    store(tex, of: image, for: key, target: outcome.job.target)
                    done.stored.append((key, image, outcome))
                }
                continue
            }
            first = false
            budget -= image.byteCount
            done.bytes += image.byteCount
            store(tex, of: image, for: key, target: outcome.job.target)
            done.stored.append((key, image, outcome))
        }
        return done
    }
}
