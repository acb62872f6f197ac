#ifndef PHOTOZOOM_CJPEGSCANS_H
#define PHOTOZOOM_CJPEGSCANS_H
#include <stddef.h>

/// A progressive JPEG's thumbnail from its first scans (libjpeg's buffered-image mode).
///
/// A DCT-scaled decode at 1/8 computes each luma pixel from one block's DC coefficient, and each
/// pixel of 2×-subsampled chroma from the block's four lowest coefficients; everything else the
/// file holds is never used at that size. A progressive JPEG sends those coefficients first (the
/// usual scripts: the DC of every component, then low-frequency bands, then the rest), so the
/// thumbnail is complete long before the file is read, and Huffman decoding of the rest, most of
/// the decode's time, is skipped.
///
/// Reads the scans of `data` until every coefficient that the scaled inverse DCT of each component
/// reads is known to within `max_point_transform` low bits (0: exactly; 1: to one bit of
/// successive approximation), then writes the picture at `scale_num`/8 (1 or 2 eighths only, where
/// the coefficients read are at most the four lowest) as 32-bit B, G, R, A rows of `pitch` bytes
/// into `pixels`, which holds `width` × `height` pixels, the scaled size.
///
/// Returns how many scans were read (at least 1) when the picture was written; 0 when this way does
/// not apply or did not reach the
/// picture (a baseline JPEG, CMYK, another scale or size, the coefficients not all sent before the
/// end of the file, any warning or error of libjpeg): the caller decodes the file as usual, and
/// `pixels` may hold anything.
int pz_jpeg_first_scans(const unsigned char *data, size_t size, int scale_num,
                        unsigned char *pixels, int width, int height, int pitch, int max_point_transform);

#endif
