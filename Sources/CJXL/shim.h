#ifndef PHOTOZOOM_CJXL_SHIM_H
#define PHOTOZOOM_CJXL_SHIM_H
// libjxl (Debian 12: 0.7, libjxl-dev): JPEG XL decoding in the decoder helpers, on the calling
// thread (no parallel runner: the helpers make no threads).
#include <jxl/decode.h>
#endif
