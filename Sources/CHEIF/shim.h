#ifndef PHOTOZOOM_CHEIF_SHIM_H
#define PHOTOZOOM_CHEIF_SHIM_H
// libheif (Debian 12: 1.15, libheif-dev): HEIC and AVIF decoding in the decoder helpers.
#include <libheif/heif.h>
#endif
