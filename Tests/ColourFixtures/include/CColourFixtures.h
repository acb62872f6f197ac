#ifndef PHOTOZOOM_CCOLOURFIXTURES_H
#define PHOTOZOOM_CCOLOURFIXTURES_H
// Test fixtures for colour management: a CMYK ICC profile made with lcms2 (Debian ships none a
// test can count on). Not part of PhotoZoom.
#include <stddef.h>

/// Writes a CMYK output profile (ICC v4, PCS Lab) into `out` when it fits `capacity`; returns its
/// length, 0 when it cannot be made. Its model is plain subtractive ink: C, M, Y and K (0–1) give
/// sRGB R = (1 − C)(1 − K), G = (1 − M)(1 − K), B = (1 − Y)(1 − K); its inverse puts the grey
/// component in K (K = min(C, M, Y), the rest scaled by 1 / (1 − K)). Both directions are tables
/// of 17 points a channel (A2B0 and B2A0), sampled through lcms2's own sRGB ↔ Lab.
size_t pz_fixture_cmyk_profile(void *out, size_t capacity);

#endif
