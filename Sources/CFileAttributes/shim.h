#ifndef PHOTOZOOM_CFILEATTRIBUTES_SHIM_H
#define PHOTOZOOM_CFILEATTRIBUTES_SHIM_H
// A file's extended attributes (glibc's <sys/xattr.h>, which Swift's Glibc module leaves out):
// a photo rewritten in place keeps the user's tags and comments (PhotoFileRewrite).
#include <sys/xattr.h>
#endif
