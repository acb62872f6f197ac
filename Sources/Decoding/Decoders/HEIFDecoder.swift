import CHEIF
import CSDL2
import ImageFormats

/// Decodes HEIC and AVIF photos with libheif (HEVC through libde265, AV1 through dav1d or libaom,
/// as Debian 12's libheif1 is built), in the decoder helpers only, like every image library.
///
/// libheif applies the file's transformations (`irot`, `imir`, `clap`), so the picture it hands
/// over is what `HEIFHeader` calls the stored picture; the caller then applies the header's EXIF
/// orientation, which is `.up` whenever the file had transformations of its own.
enum HEIFDecoder {
    /// The primary image of the file `bytes`, as ARGB8888 pixels, and whether it has an alpha
    /// channel. Refuses a picture with more than `pixelLimit` pixels before decoding it.
    package static func decode(_ bytes: [UInt8], format: ImageHeader.Format, pixelLimit: Int)
        throws(ImageProblem) -> (surface: UnsafeMutablePointer<SDL_Surface>, hasAlpha: Bool, colour: EmbeddedColourProfile?) {
        let name = format.rawValue.uppercased()
        guard let context = heif_context_alloc() else { throw .unsupported("\(name): libheif cannot start") }
        defer { heif_context_free(context) }
        // Tiles (a phone's HEIC is a grid of 512×512 tiles) decoded on this thread: the helper is
        // one process of one thread under its sandbox (docs/pipeline.md).
        heif_context_set_max_decoding_threads(context, 0)
        var problem: ImageProblem?
        bytes.withUnsafeBytes { raw in
            let error = heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil)
            if error.code != heif_error_Ok { problem = Self.problem(error, name) }
        }
        if let problem { throw problem }
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle), name)
        guard let handle else { throw .corrupt("\(name): no primary image") }
        defer { heif_image_handle_release(handle) }
        let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
        guard width > 0, height > 0 else { throw .corrupt("\(name): a picture of \(width)×\(height) pixels") }
        guard ImageHeader.pixels(width, height) <= pixelLimit else {
            throw .tooManyPixels(width: width, height: height, limit: pixelLimit, beforeDecoding: true)
        }
        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let options = heif_decoding_options_alloc()
        defer { heif_decoding_options_free(options) }
        options?.pointee.convert_hdr_to_8bit = 1
        var image: OpaquePointer?
        try check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options), name)
        guard let image else { throw .corrupt("\(name): libheif decoded no picture") }
        defer { heif_image_release(image) }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw .corrupt("\(name): libheif gave no pixels")
        }
        let w = heif_image_get_width(image, heif_channel_interleaved), h = heif_image_get_height(image, heif_channel_interleaved)
        guard w > 0, h > 0, ImageHeader.pixels(Int(w), Int(h)) <= pixelLimit else {
            throw .tooManyPixels(width: Int(w), height: Int(h), limit: pixelLimit, beforeDecoding: false)
        }
        // A view of libheif's RGBA bytes, converted (copied) to the ARGB8888 the rest of the decoder takes.
        guard let view = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: plane), w, h, 32, stride,
                                                             SDL_PIXELFORMAT_RGBA32.rawValue),
              let surface = SurfaceOps.toARGB(view) else {
            throw .unsupported("cannot convert the pixels: \(SDLError.reason)")
        }
        return (surface, hasAlpha, colourProfile(handle))
    }

    /// The primary image's colour description (its `colr` box): an ICC profile or nclx codes.
    private static func colourProfile(_ handle: OpaquePointer) -> EmbeddedColourProfile? {
        switch heif_image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size <= EmbeddedColourProfile.byteLimit else { return nil }
            var icc = [UInt8](repeating: 0, count: size)
            let error = icc.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
            return error.code == heif_error_Ok ? .icc(icc) : nil
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return nil }
            defer { heif_nclx_color_profile_free(nclx) }
            return .nclx(primaries: Int(nclx.pointee.color_primaries.rawValue), transfer: Int(nclx.pointee.transfer_characteristics.rawValue))
        default:
            return nil
        }
    }

    /// Throws the problem `error` stands for, unless it is no error.
    private static func check(_ error: heif_error, _ name: String) throws(ImageProblem) {
        if error.code != heif_error_Ok { throw problem(error, name) }
    }

    /// The problem for a libheif error: a file cut short, content libheif has no decoder for, or damage.
    private static func problem(_ error: heif_error, _ name: String) -> ImageProblem {
        let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        switch error.code {
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
            return .unsupported("\(name): \(message)")
        case heif_error_Invalid_input where error.subcode == heif_suberror_End_of_data:
            return .truncated("\(name): \(message)")
        default:
            return .corrupt("\(name): \(message)")
        }
    }
}
