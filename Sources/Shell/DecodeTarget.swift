/// What a decode is for.
enum DecodeTarget: Hashable, Sendable {
    /// A grid thumbnail: shorter side `shortSide` pixels (covering an aspect-fill square cell of that
    /// side), the longer side capped at the largest texture side.
    case thumbnail(shortSide: Int)
    /// The photo shown large: aspect fit inside `width`×`height` pixels (the window).
    case screen(width: Int, height: Int)
}
