/// The colour of a cell or photo with nothing decoded yet, and of the part of a cut photo that its
/// file did not hold, so a partly read photo's missing part looks like the loading tile it replaces.
package enum PlaceholderColour {
    /// As the renderer draws it.
    package static let colour = Color(0.22, 0.22, 0.24)
    /// The same as an opaque ARGB8888 pixel (0.22 · 255 = 56, 0.24 · 255 = 61, rounded).
    package static let argb: UInt32 = 0xFF38_383D
}
