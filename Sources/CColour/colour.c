// Colour management with lcms2: see include/CColour.h.
#include "CColour.h"

#include <lcms2.h>
#include <stdlib.h>
#include <string.h>

/// Runs `transform` over the rows, each into a scratch row of BGRA, then back into the pixels:
/// blue, green and red from the scratch, alpha kept (or made opaque when `opaque`).
static int run_rows(cmsHTRANSFORM transform, uint8_t *pixels, int width, int height, int pitch, int opaque) {
    uint8_t *row = malloc((size_t)width * 4);
    if (row == NULL) return PZ_COLOUR_NO_TRANSFORM;
    for (int y = 0; y < height; y++) {
        uint8_t *p = pixels + (size_t)y * (size_t)pitch;
        cmsDoTransform(transform, p, row, (cmsUInt32Number)width);
        for (int x = 0; x < width; x++) {
            p[4 * x] = row[4 * x];
            p[4 * x + 1] = row[4 * x + 1];
            p[4 * x + 2] = row[4 * x + 2];
            if (opaque) p[4 * x + 3] = 255;
        }
    }
    free(row);
    return PZ_COLOUR_CONVERTED;
}

/// Converts the pixels from `profile` (taken: closed here) read as `input`, to sRGB.
static int convert(cmsHPROFILE profile, cmsUInt32Number input, uint8_t *pixels, int width, int height, int pitch, int opaque) {
    if (width <= 0 || height <= 0 || pitch < width * 4) {
        cmsCloseProfile(profile);
        return PZ_COLOUR_NO_TRANSFORM;
    }
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    cmsHTRANSFORM transform = srgb ? cmsCreateTransform(profile, input, srgb, TYPE_BGRA_8, INTENT_PERCEPTUAL, 0) : NULL;
    cmsCloseProfile(profile);
    if (srgb) cmsCloseProfile(srgb);
    if (transform == NULL) return PZ_COLOUR_NO_TRANSFORM;
    int result = run_rows(transform, pixels, width, height, pitch, opaque);
    cmsDeleteTransform(transform);
    return result;
}

uint32_t pz_colour_icc_space(const void *icc, size_t length) {
    cmsHPROFILE profile = cmsOpenProfileFromMem(icc, (cmsUInt32Number)length);
    if (profile == NULL) return 0;
    uint32_t space = (uint32_t)cmsGetColorSpace(profile);
    cmsCloseProfile(profile);
    return space;
}

int pz_colour_icc_description(const void *icc, size_t length, char *out, size_t capacity) {
    if (capacity == 0) return 0;
    out[0] = 0;
    cmsHPROFILE profile = cmsOpenProfileFromMem(icc, (cmsUInt32Number)length);
    if (profile == NULL) return 0;
    cmsUInt32Number n = cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", out, (cmsUInt32Number)capacity);
    cmsCloseProfile(profile);
    out[capacity - 1] = 0;
    return n > 1;
}

int pz_colour_icc_to_srgb(const void *icc, size_t length, uint8_t *pixels, int width, int height, int pitch) {
    cmsHPROFILE profile = cmsOpenProfileFromMem(icc, (cmsUInt32Number)length);
    if (profile == NULL) return PZ_COLOUR_UNREADABLE;
    cmsUInt32Number input;
    switch (cmsGetColorSpace(profile)) {
    case cmsSigRgbData:
        input = TYPE_BGRA_8;
        break;
    case cmsSigGrayData:
        // The grey value in the blue byte, the other three bytes skipped.
        input = COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(1) | EXTRA_SH(3);
        break;
    default:
        cmsCloseProfile(profile);
        return PZ_COLOUR_WRONG_SPACE;
    }
    return convert(profile, input, pixels, width, height, pitch, 0);
}

int pz_colour_cmyk_icc_to_srgb(const void *icc, size_t length, int inverted, uint8_t *pixels, int width, int height, int pitch) {
    cmsHPROFILE profile = cmsOpenProfileFromMem(icc, (cmsUInt32Number)length);
    if (profile == NULL) return PZ_COLOUR_UNREADABLE;
    if (cmsGetColorSpace(profile) != cmsSigCmykData) {
        cmsCloseProfile(profile);
        return PZ_COLOUR_WRONG_SPACE;
    }
    return convert(profile, inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8, pixels, width, height, pitch, 1);
}

/// The tone curve for an H.273 transfer code (from encoded value to linear light); NULL for codes
/// left alone. `gamma` for code 0.
static cmsToneCurve *transfer_curve(int transfer, double gamma) {
    switch (transfer) {
    case 0: {
        return gamma > 0 ? cmsBuildGamma(NULL, gamma) : NULL;
    }
    case 1: case 6: case 14: case 15: {
        // BT.709's OETF inverted: L = ((V + 0.099) / 1.099)^(1/0.45) from V = 0.081, else V / 4.5.
        const cmsFloat64Number p[5] = { 1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081 };
        return cmsBuildParametricToneCurve(NULL, 4, p);
    }
    case 4: return cmsBuildGamma(NULL, 2.2);
    case 5: return cmsBuildGamma(NULL, 2.8);
    case 8: return cmsBuildGamma(NULL, 1.0);
    case 13: {
        // IEC 61966-2-1: L = ((V + 0.055) / 1.055)^2.4 from V = 0.04045, else V / 12.92.
        const cmsFloat64Number p[5] = { 2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045 };
        return cmsBuildParametricToneCurve(NULL, 4, p);
    }
    default: return NULL;
    }
}

/// An RGB profile from primaries (xy of red, green, blue), a white point (xy) and a transfer curve.
static cmsHPROFILE rgb_profile(const double primaries[6], const double white[2], int transfer, double gamma) {
    cmsToneCurve *curve = transfer_curve(transfer, gamma);
    if (curve == NULL) return NULL;
    cmsCIExyY w = { white[0], white[1], 1.0 };
    cmsCIExyYTRIPLE p = { { primaries[0], primaries[1], 1.0 }, { primaries[2], primaries[3], 1.0 }, { primaries[4], primaries[5], 1.0 } };
    cmsToneCurve *curves[3] = { curve, curve, curve };
    cmsHPROFILE profile = cmsCreateRGBProfile(&w, &p, curves);
    cmsFreeToneCurve(curve);
    return profile;
}

/// The primaries and white point of an H.273 colour-primaries code; 0 for codes not handled.
static int nclx_primaries(int code, double primaries[6], double white[2]) {
    static const double d65[2] = { 0.3127, 0.3290 };
    static const double dci[2] = { 0.314, 0.351 };
    static const double bt709[6] = { 0.64, 0.33, 0.30, 0.60, 0.15, 0.06 };
    static const double bt2020[6] = { 0.708, 0.292, 0.170, 0.797, 0.131, 0.046 };
    static const double p3[6] = { 0.680, 0.320, 0.265, 0.690, 0.150, 0.060 };
    const double *p, *w;
    switch (code) {
    case 1: p = bt709; w = d65; break;
    case 9: p = bt2020; w = d65; break;
    case 11: p = p3; w = dci; break;
    case 12: p = p3; w = d65; break;
    default: return 0;
    }
    memcpy(primaries, p, 6 * sizeof(double));
    memcpy(white, w, 2 * sizeof(double));
    return 1;
}

int pz_colour_nclx_to_srgb(int primaries, int transfer, uint8_t *pixels, int width, int height, int pitch) {
    if (primaries == 1 && transfer == 13) return PZ_COLOUR_UNCHANGED;
    double p[6], w[2];
    if (!nclx_primaries(primaries, p, w)) return PZ_COLOUR_UNCHANGED;
    // An unspecified transfer (2) with known primaries: sRGB's curve, as browsers take it.
    cmsHPROFILE profile = rgb_profile(p, w, transfer == 2 ? 13 : transfer, 0);
    if (profile == NULL) return PZ_COLOUR_UNCHANGED;
    return convert(profile, TYPE_BGRA_8, pixels, width, height, pitch, 0);
}

size_t pz_colour_rgb_profile(const double primaries[6], const double white[2], int transfer, double gamma,
                             const char *description, void *out, size_t capacity) {
    cmsHPROFILE profile = rgb_profile(primaries, white, transfer, gamma);
    if (profile == NULL) return 0;
    if (description != NULL) {
        cmsMLU *text = cmsMLUalloc(NULL, 1);
        if (text != NULL) {
            cmsMLUsetASCII(text, "en", "US", description);
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
            cmsMLUfree(text);
        }
    }
    cmsUInt32Number needed = 0;
    size_t written = 0;
    if (cmsSaveProfileToMem(profile, NULL, &needed) && needed <= capacity && cmsSaveProfileToMem(profile, out, &needed)) written = needed;
    cmsCloseProfile(profile);
    return written;
}
