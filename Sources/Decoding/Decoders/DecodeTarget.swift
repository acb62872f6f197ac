/// What a decode is for.
package enum DecodeTarget: Hashable, Sendable {
    /// A grid thumbnail: shorter side `shortSide` pixels (covering an aspect-fill square cell of that
    /// side), the longer side capped at the largest texture side.
    case thumbnail(shortSide: Int)
    /// The photo shown large: aspect fit inside `width`×`height` pixels (the window).
    case screen(width: Int, height: Int)
    /// A JPEG's embedded EXIF preview, shown while the thumbnail of shorter side `shortSide`
    /// decodes (never enlarged); a thumbnail-cache entry of that side serves instead when there is one.
    case preview(shortSide: Int)

    /// The thumbnail target a preview stands in for (the target itself otherwise).
    package var asThumbnail: DecodeTarget {
        if case let .preview(side) = self { return .thumbnail(shortSide: side) }
        return self
    }
}
