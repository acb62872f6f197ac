import CSDL2

/// SDL's error message, read for the call just made (issue 33): SDL keeps its last error until
/// another replaces it, and a call that fails without setting one (SDL_image's TIFF loader on a
/// floating-point TIFF) left the previous file's reason in the warning ("tiff_float.tif: TIFF:
/// unsupported PNM format"). Clear it before the call whose failure is reported.
package enum SDLError {
    /// Clears SDL's error: call right before the call whose error `reason` will read.
    package static func clear() { SDL_ClearError() }

    /// The reason SDL gave since `clear()`, or "no reason given".
    package static var reason: String {
        let text = String(cString: SDL_GetError())
        return text.isEmpty ? "no reason given" : text
    }
}
