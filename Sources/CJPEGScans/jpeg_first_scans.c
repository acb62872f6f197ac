#include "CJPEGScans.h"
#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>

/// libjpeg reports errors through a callback that must not return: it jumps back to the call.
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
    int warnings;
} ErrorTrap;

static void trap_error(j_common_ptr info) {
    ErrorTrap *trap = (ErrorTrap *)info->err;
    longjmp(trap->escape, 1);
}

static void trap_message(j_common_ptr info, int level) {
    // Level −1 is a warning (corrupt data, a premature end): this way gives up on any.
    if (level < 0) ((ErrorTrap *)info->err)->warnings += 1;
}

static void trap_output(j_common_ptr info) { (void)info; }

/// The zigzag position of natural-order coefficient (row, column), for the 4 × 4 low corner.
static const int zigzag_of_low[4][4] = {
    {0, 1, 5, 6},
    {2, 4, 7, 12},
    {3, 8, 11, 17},
    {9, 10, 18, 24},
};

/// True when, for every component, the coefficients its scaled inverse DCT reads (rows and
/// columns below its scaled block size) are known to within `max_al` low bits.
static int coefficients_ready(j_decompress_ptr info, int max_al) {
    for (int c = 0; c < info->num_components; c++) {
        int size = info->comp_info[c].DCT_scaled_size;
        if (size < 1 || size > 2) return 0;
        for (int row = 0; row < size; row++) {
            for (int column = 0; column < size; column++) {
                int al = info->coef_bits[c][zigzag_of_low[row][column]];
                if (al < 0 || al > max_al) return 0;
            }
        }
    }
    return 1;
}

int pz_jpeg_first_scans(const unsigned char *data, size_t size, int scale_num,
                        unsigned char *pixels, int width, int height, int pitch, int max_point_transform) {
    if (scale_num < 1 || scale_num > 2 || width < 1 || height < 1 || size == 0) return 0;
    struct jpeg_decompress_struct info;
    ErrorTrap trap;
    info.err = jpeg_std_error(&trap.manager);
    trap.manager.error_exit = trap_error;
    trap.manager.emit_message = trap_message;
    trap.manager.output_message = trap_output;
    trap.warnings = 0;
    // Volatile: read after a jump back from libjpeg.
    volatile int written = 0;
    jpeg_create_decompress(&info);
    if (setjmp(trap.escape) == 0) {
        jpeg_mem_src(&info, data, (unsigned long)size);
        if (jpeg_read_header(&info, TRUE) == JPEG_HEADER_OK && jpeg_has_multiple_scans(&info)
            && info.progressive_mode && (info.num_components == 1 || info.num_components == 3)
            && trap.warnings == 0) {
            info.scale_num = (unsigned int)scale_num;
            info.scale_denom = 8;
            info.out_color_space = JCS_EXT_BGRA;
            info.buffered_image = TRUE;
            // No guessed coefficients: only the ones the file has sent are used.
            info.do_block_smoothing = FALSE;
            info.dct_method = JDCT_ISLOW;
            jpeg_start_decompress(&info);
            if ((int)info.output_width == width && (int)info.output_height == height && info.output_components == 4) {
                int ready = 0;
                for (;;) {
                    int status = jpeg_consume_input(&info);
                    if (trap.warnings > 0 || status == JPEG_SUSPENDED || status == JPEG_REACHED_EOI) break;
                    if (status == JPEG_SCAN_COMPLETED && coefficients_ready(&info, max_point_transform)) {
                        ready = 1;
                        break;
                    }
                }
                if (ready && jpeg_start_output(&info, info.input_scan_number)) {
                    while (info.output_scanline < info.output_height) {
                        JSAMPROW row = pixels + (size_t)info.output_scanline * (size_t)pitch;
                        jpeg_read_scanlines(&info, &row, 1);
                    }
                    jpeg_finish_output(&info);
                    written = trap.warnings == 0 ? info.input_scan_number : 0;
                }
            }
        }
    }
    jpeg_destroy_decompress(&info);
    return written;
}
