/// How the pipeline makes thumbnails: its own way, or the plain way it is measured against.
public enum ThumbnailDecoding: Sendable {
    /// JPEG through TurboJPEG's DCT scaling to the smallest factor covering the cell, then a
    /// good-quality downscale to the exact size (other formats: decode, then the downscale).
    case scaledDecode
    /// A full-size decode, then the same downscale: the baseline for `scripts/bench pipeline`.
    case fullDecodeThenDownscale
}
