import CJXL
import CSDL2
import ImageFormats

/// Decodes JPEG XL photos with libjxl (Debian 12: 0.7), in the decoder helpers only, like every
/// image library, on the calling thread (no parallel runner: a helper makes no threads). libjxl
/// turns the picture upright itself (the header gives the upright size, `JXLHeader`). An animation
/// shows its first frame.
enum JXLDecoder {
    /// The picture in `bytes` as ARGB8888 pixels, whether it has an alpha channel, and the colour
    /// space of its pixels (nil: sRGB). Refuses more than `pixelLimit` pixels before decoding.
    static func decode(_ bytes: [UInt8], pixelLimit: Int)
        throws(ImageProblem) -> (surface: UnsafeMutablePointer<SDL_Surface>, hasAlpha: Bool, colour: EmbeddedColourProfile?) {
        guard let decoder = JxlDecoderCreate(nil) else { throw .unsupported("JPEG XL: libjxl cannot start") }
        defer { JxlDecoderDestroy(decoder) }
        let events = Int32(JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue)
        guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS else { throw .unsupported("JPEG XL: libjxl refuses its events") }
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var info = JxlBasicInfo()
        var pixels: [UInt8] = []
        var colour: EmbeddedColourProfile?
        var width = 0, height = 0
        return try bytes.withUnsafeBufferPointer { input throws(ImageProblem) in
            guard JxlDecoderSetInput(decoder, input.baseAddress, input.count) == JXL_DEC_SUCCESS else {
                throw .corrupt("JPEG XL: libjxl takes no input")
            }
            JxlDecoderCloseInput(decoder)
            while true {
                let status = JxlDecoderProcessInput(decoder)
                switch status {
                case JXL_DEC_ERROR:
                    throw .corrupt("JPEG XL: libjxl cannot decode it")
                case JXL_DEC_NEED_MORE_INPUT:
                    throw .truncated("JPEG XL: the file ends before its picture does")
                case JXL_DEC_BASIC_INFO:
                    guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else { throw .corrupt("JPEG XL: no basic information") }
                    width = Int(info.xsize)
                    height = Int(info.ysize)
                    if info.orientation.rawValue >= JXL_ORIENT_TRANSPOSE.rawValue { swap(&width, &height) }
                    guard width > 0, height > 0 else { throw .corrupt("JPEG XL: a picture of \(width)×\(height) pixels") }
                    guard ImageHeader.pixels(width, height) <= pixelLimit else {
                        throw .tooManyPixels(width: width, height: height, limit: pixelLimit, beforeDecoding: true)
                    }
                case JXL_DEC_COLOR_ENCODING:
                    colour = Self.colourSpace(decoder)
                case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                    var size = 0
                    guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS, size == width * height * 4 else {
                        throw .corrupt("JPEG XL: libjxl asks for a buffer of another size than \(width)×\(height) pixels")
                    }
                    pixels = [UInt8](repeating: 0, count: size)
                    let set = pixels.withUnsafeMutableBytes { JxlDecoderSetImageOutBuffer(decoder, &format, $0.baseAddress, size) }
                    guard set == JXL_DEC_SUCCESS else { throw .corrupt("JPEG XL: libjxl refuses the buffer") }
                case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
                    guard !pixels.isEmpty else { throw .corrupt("JPEG XL: libjxl decoded no picture") }
                    // A copy: `toARGB` converts (and frees) the view of `pixels`.
                    let surface = pixels.withUnsafeMutableBytes { raw in
                        SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                                                           SDL_PIXELFORMAT_RGBA32.rawValue).flatMap(SurfaceOps.toARGB)
                    }
                    guard let surface else { throw .unsupported("cannot convert the pixels: \(SDLError.reason)") }
                    return (surface, info.alpha_bits > 0, colour)
                default:
                    throw .unsupported("JPEG XL: libjxl status \(status.rawValue)")
                }
            }
        }
    }

    /// The colour space of the decoded pixels: nil for sRGB (libjxl's encoded description says
    /// so), else its ICC profile.
    private static func colourSpace(_ decoder: OpaquePointer) -> EmbeddedColourProfile? {
        var encoding = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS,
           encoding.color_space == JXL_COLOR_SPACE_RGB, encoding.white_point == JXL_WHITE_POINT_D65,
           encoding.primaries == JXL_PRIMARIES_SRGB, encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB {
            return nil
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
              size > 0, size <= EmbeddedColourProfile.byteLimit else { return nil }
        var icc = [UInt8](repeating: 0, count: size)
        let status = icc.withUnsafeMutableBufferPointer { JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, $0.baseAddress, size) }
        return status == JXL_DEC_SUCCESS ? .icc(icc) : nil
    }
}
