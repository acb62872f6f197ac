#ifndef PHOTOZOOM_CCOLOUR_H
#define PHOTOZOOM_CCOLOUR_H
// Colour management with lcms2 (Debian: liblcms2-dev), in the decoder helpers: a picture's
// colours from its embedded profile (ICC, or an nclx colour description) to sRGB, in place, on
// SDL's ARGB8888 pixels (B, G, R, A bytes on a little-endian machine). C, as lcms2's pixel
// formats are macros Swift cannot import.
#include <stddef.h>
#include <stdint.h>

/// What a conversion came to.
enum pz_colour_result {
    PZ_COLOUR_CONVERTED = 0,
    /// The profile describes sRGB, or a space left as it is (HDR transfer curves): nothing changed.
    PZ_COLOUR_UNCHANGED = 1,
    /// The ICC data is not a profile lcms2 reads.
    PZ_COLOUR_UNREADABLE = -1,
    /// The profile's colour space is not the pixels' (an RGB picture with a CMYK profile).
    PZ_COLOUR_WRONG_SPACE = -2,
    /// lcms2 made no transform from the profile (no memory, a profile without the tags it needs).
    PZ_COLOUR_NO_TRANSFORM = -3,
};

/// The colour space an ICC profile describes, as its signature ('RGB ', 'GRAY', 'CMYK', …);
/// 0 when `icc` is not a profile lcms2 reads.
uint32_t pz_colour_icc_space(const void *icc, size_t length);

/// The profile's description (its 'desc' tag, in English where it has several) into `out`
/// (NUL-terminated, cut to `capacity`); 0 when it has none.
int pz_colour_icc_description(const void *icc, size_t length, char *out, size_t capacity);

/// Converts the `width` × `height` BGRA pixels at `pixels` (rows `pitch` bytes apart) in place from
/// the RGB or grey profile `icc` to sRGB (perceptual intent, as lcms2's jpgicc and tificc by
/// default). Alpha is kept; a grey profile reads the blue byte (the picture is grey: R = G = B).
int pz_colour_icc_to_srgb(const void *icc, size_t length, uint8_t *pixels, int width, int height, int pitch);

/// Converts CMYK pixels (C, M, Y, K bytes, `inverted` when 0 is full ink, as Adobe's JPEGs store
/// them) in place to opaque BGRA sRGB through the CMYK profile `icc`.
int pz_colour_cmyk_icc_to_srgb(const void *icc, size_t length, int inverted, uint8_t *pixels, int width, int height, int pitch);

/// Converts BGRA pixels in place from the colour space an nclx box describes (ITU-T H.273 colour
/// primaries and transfer characteristics: BT.709/sRGB 1, BT.2020 9, DCI-P3 11, Display P3 12;
/// BT.709 curve 1, 6, 14, 15, gamma 2.2 4, gamma 2.8 5, linear 8, sRGB 13) to sRGB. Primaries 1
/// with transfer 13 (sRGB itself), unspecified codes (2) and HDR curves (PQ 16, HLG 18) are left
/// as they are: PZ_COLOUR_UNCHANGED.
int pz_colour_nclx_to_srgb(int primaries, int transfer, uint8_t *pixels, int width, int height, int pitch);

/// Writes the ICC profile of an RGB space given by its primaries and white point (CIE xy) and a
/// transfer curve (ITU-T H.273 code, as for nclx; 0 with `gamma`: a pure power curve) into `out`
/// when it fits `capacity`. Returns the profile's length, 0 when it cannot be made. For nclx, and
/// for tests that make photos in Display P3, Adobe RGB or ProPhoto.
size_t pz_colour_rgb_profile(const double primaries[6], const double white[2], int transfer, double gamma,
                             const char *description, void *out, size_t capacity);

#endif
