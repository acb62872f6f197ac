import CJPEGScans
import Drawing
import CSDL2
import Foundation
import ImageFormats

/// Decodes one photo file into upright pixels at the size a target needs. One per decoder thread
/// (it holds a TurboJPEG handle, which is not shared between threads).
///
/// JPEG goes through TurboJPEG's DCT-scaled decoding: the smallest of libjpeg-turbo's scaling
/// factors whose output covers the target, then a good-quality downscale to the exact size. Other
/// formats go through SDL_image (HEIC and AVIF through libheif, `HEIFDecoder`), then the same downscale. EXIF orientation is applied last, on the
/// small image.
///
/// Thumbnails come from the freedesktop thumbnail cache instead when it holds a valid entry large
/// enough (see `FreedesktopThumbnailCache` for the figures behind reading and not writing it).
package final class PhotoDecoder {
    package let pixelLimit: Int
    /// Longest texture side the renderer takes; thumbnails of extreme panoramas are capped to it.
    package let maxTextureSide: Int
    package let strategy: ThumbnailDecoding
    /// Where to look for thumbnails first; nil to always decode.
    package let sharedThumbnails: FreedesktopThumbnailCache?
    /// PhotoZoom's own cache of thumbnails' pixels, read before the shared one (in process only).
    package let pixelThumbnails: PixelThumbnailCache?
    private var turbo: tjhandle?
    /// Thumbnails taken from the shared cache so far.
    package private(set) var sharedThumbnailHits = 0
    /// Thumbnails taken from `pixelThumbnails` so far.
    package private(set) var pixelThumbnailHits = 0
    /// Thumbnails made from a progressive JPEG's first scans (`pz_jpeg_first_scans`).
    private(set) var firstScanThumbnails = 0

    package init(pixelLimit: Int = PhotoCatalog.defaultPixelLimit, maxTextureSide: Int = 4096, strategy: ThumbnailDecoding = .scaledDecode,
         sharedThumbnails: FreedesktopThumbnailCache? = nil, pixelThumbnails: PixelThumbnailCache? = nil) {
        self.pixelLimit = pixelLimit
        self.maxTextureSide = maxTextureSide
        self.strategy = strategy
        self.sharedThumbnails = sharedThumbnails
        self.pixelThumbnails = pixelThumbnails
    }

    deinit { if let turbo { tjDestroy(turbo) } }

    /// The largest file decoded: 1 GiB, more than a 100 MP photo (the pixel limit) stored
    /// uncompressed at 16 bits a channel with alpha (800 MB). A larger one (a sparse file, a disk
    /// image renamed) is refused before it is read, instead of the read failing to allocate and
    /// aborting the helper in PhotoZoom's own code (issue 33).
    static let fileByteLimit = 1 << 30

    /// The whole of `file`, when it is within `fileByteLimit`.
    static func wholeFile(_ file: PhotoFile) throws(ImageProblem) -> [UInt8] {
        guard file.count <= fileByteLimit else {
            throw .unsupported("a file of \(file.count >> 20) MB, more than the \(fileByteLimit >> 20) MB a photo may have")
        }
        return try file.readAll()
    }

    /// Decodes the photo at `path` for `target`. `header` is the catalog's (nil to parse here).
    /// `open` opens it (a decoder helper: the descriptor the app handed it for `path`).
    package func decode(path: String, header: ImageHeader?, target: DecodeTarget,
                open: (String) throws(ImageProblem) -> PhotoFile = PhotoFile.init(path:)) throws(ImageProblem) -> DecodedImage {
        let file = try open(path)
        guard file.count > 0 else { throw .emptyFile }
        let ext = (path as NSString).pathExtension.lowercased()
        var known = header
        if known == nil { known = try ImageHeader.read(file, fileExtension: ext) }
        guard let header = known else {
            return try decodeWithSDLImage(try Self.wholeFile(file), typeHint: ext, header: nil, target: target)
        }
        try header.checkPixels(limit: pixelLimit)
        // Here the photo itself goes to the image libraries next (this is a helper, or a decoder
        // asked for in process): so may a cache entry PNGDecoder does not handle.
        if case .thumbnail = target.asThumbnail, let cached = cachedThumbnail(file, header, target.asThumbnail, imageLibraries: true) { return cached }
        if case .preview = target { return try decodePreview(file, header, target: target.asThumbnail) }
        let bytes = try Self.wholeFile(file)
        if header.format == .png, !PNGChunks.isComplete(bytes) {
            // Cut short: the rows it holds, read by PhotoZoom's own decoder (SDL_image's can loop
            // forever on such a file, issue 19), the rest in the placeholder colour.
            let problem = ImageProblem.truncated("the PNG ends before its last chunk (IEND)")
            guard let part = PNGDecoder.decode(bytes, pixelLimit: pixelLimit, fill: PlaceholderColour.argb) else { throw problem }
            let upright = header.orientation.uprightSize(width: Int(part.surface.pointee.w), height: Int(part.surface.pointee.h))
            let out = outputSize(width: upright.width, height: upright.height, target: target)
            return try finish(part.surface, stored: header.orientation.swapsAxes ? (width: out.height, height: out.width) : out,
                              orientation: header.orientation, fullSize: upright, mayHaveTransparency: true,
                              colour: EmbeddedColourProfile.pngICC(bytes).map { .icc($0) }, partialBecause: problem)
        }
        if header.format == .jpeg { return try decodeJPEG(bytes, orientation: header.orientation, target: target) }
        if header.format == .heif || header.format == .avif { return try decodeHEIF(bytes, header: header, target: target) }
        if header.format == .jxl {
            let decoded = try JXLDecoder.decode(bytes, pixelLimit: pixelLimit)
            return try fitWhole(decoded.surface, formatName: "JPEG XL", orientation: .up, mayHaveTransparency: decoded.hasAlpha,
                                colour: decoded.colour, target: target)
        }
        return try decodeWithSDLImage(bytes, typeHint: ext, header: header, target: target)
    }

    /// The upright output size for a picture shown `width`×`height` (upright) at `target`.
    package func outputSize(width: Int, height: Int, target: DecodeTarget) -> (width: Int, height: Int) {
        switch target {
        case let .thumbnail(side), let .preview(side):
            let s = min(1, Double(side) / Double(min(width, height)), Double(maxTextureSide) / Double(max(width, height)))
            return (max(1, Int((Double(width) * s).rounded())), max(1, Int((Double(height) * s).rounded())))
        case let .screen(bw, bh):
            return JPEGScale.fittedSize(width: width, height: height, boundWidth: min(bw, maxTextureSide), boundHeight: min(bh, maxTextureSide))
        }
    }

    /// The shared cache's thumbnail of the photo at `path` for `target`, read with PhotoZoom's own
    /// parsers only (its header parsers and `PNGDecoder`; no image library), so safe in the app's
    /// process: a decoder thread asks this before its helper, and a second visit starts no helper
    /// at all. Nil when the target is not a thumbnail or the cache has no entry this can read.
    /// `shownSide`: the side the cells show, which a thumbnail from `pixelThumbnails` need only
    /// have (the target may ask more to write the shared cache); nil for the target's.
    package func cachedThumbnailWithoutImageLibraries(path: String, target: DecodeTarget, shownSide: Int? = nil) -> DecodedImage? {
        guard case let .thumbnail(targetSide) = target.asThumbnail, sharedThumbnails != nil || pixelThumbnails != nil,
              let file = try? PhotoFile(path: path), file.count > 0 else { return nil }
        if let image = pixelThumbnail(file, side: min(targetSide, shownSide ?? targetSide)) { return image }
        guard sharedThumbnails != nil, let header = try? ImageHeader.read(file, fileExtension: (path as NSString).pathExtension.lowercased()),
              (try? header.checkPixels(limit: pixelLimit)) != nil else { return nil }
        return cachedThumbnail(file, header, target.asThumbnail, imageLibraries: false)
    }

    /// The embedded EXIF preview of a JPEG, oriented and fitted to `target` (never enlarged),
    /// reporting the photo's own full size.
    private func decodePreview(_ file: PhotoFile, _ header: ImageHeader, target: DecodeTarget) throws(ImageProblem) -> DecodedImage {
        guard let preview = header.preview else { throw .unsupported("no embedded preview") }
        let bytes = try file.bytes(at: preview.offset, count: preview.length)
        guard bytes.count == preview.length else { throw .truncated("the file ends inside its embedded preview") }
        return try decodeJPEG(bytes, orientation: header.orientation, target: target, fullSize: header.uprightSize)
    }

    /// `pixelThumbnails`' entry for `file` at the thumbnail size for `side` (exactly the pixels a
    /// decode for it showed); nil when none. The entry knows the photo's upright size: the photo's
    /// own header is not read.
    private func pixelThumbnail(_ file: PhotoFile, side: Int) -> DecodedImage? {
        guard let pixelThumbnails,
              let entry = pixelThumbnails.thumbnail(forFile: file.path, source: file.identity, side: side)
        else { return nil }
        pixelThumbnailHits += 1
        return DecodedImage(surface: entry.surface, fullWidth: entry.fullWidth, fullHeight: entry.fullHeight, hasTransparency: entry.hasTransparency)
    }

    /// A valid shared-cache entry for `file`, downscaled to the thumbnail's exact size; nil when none.
    private func cachedThumbnail(_ file: PhotoFile, _ header: ImageHeader, _ target: DecodeTarget,
                                 imageLibraries: Bool) -> DecodedImage? {
        guard let cache = sharedThumbnails else { return nil }
        let upright = header.uprightSize
        let out = outputSize(width: upright.width, height: upright.height, target: target)
        guard let entry = cache.thumbnail(forFile: file.path, source: file.identity, uprightWidth: upright.width,
                                          uprightHeight: upright.height, minimumShortSide: min(out.width, out.height),
                                          imageLibraries: imageLibraries) else { return nil }
        var result = entry
        if Int(entry.pointee.w) != out.width || Int(entry.pointee.h) != out.height {
            guard let smaller = SurfaceOps.downscaled(entry, toWidth: out.width, height: out.height) else {
                SDL_FreeSurface(entry)
                return nil
            }
            SDL_FreeSurface(entry)
            result = smaller
        }
        sharedThumbnailHits += 1
        return DecodedImage(surface: result, fullWidth: upright.width, fullHeight: upright.height,
                            hasTransparency: SurfaceOps.hasTransparency(result))
    }

    // MARK: - JPEG

    /// Decodes with the decoder's TurboJPEG handle, which is thrown away after any failure or
    /// warning: libjpeg-turbo 2.1 leaves a handle stuck mid-header after a failed header read,
    /// and every later photo on it would fail or crash. A new handle costs microseconds.
    private func decodeJPEG(_ bytes: [UInt8], orientation: ExifOrientation, target: DecodeTarget,
                            fullSize: (width: Int, height: Int)? = nil) throws(ImageProblem) -> DecodedImage {
        if turbo == nil { turbo = tjInitDecompress() }
        guard let handle = turbo else { throw .unsupported("TurboJPEG cannot start: \(String(cString: tjGetErrorStr2(nil)))") }
        var clean = false
        defer {
            if !clean {
                tjDestroy(handle)
                turbo = nil
            }
        }
        let result = try decodeJPEG(bytes, with: handle, orientation: orientation, target: target, fullSize: fullSize, clean: &clean)
        return result
    }

    /// The decode itself; sets `clean` when TurboJPEG reported nothing at all.
    private func decodeJPEG(_ bytes: [UInt8], with turbo: tjhandle, orientation: ExifOrientation, target: DecodeTarget,
                            fullSize: (width: Int, height: Int)?, clean: inout Bool) throws(ImageProblem) -> DecodedImage {
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerStatus = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(turbo, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace)
        }
        if headerStatus != 0 { throw problem(turbo, fatalOnly: false) ?? .corrupt("unreadable JPEG header") }
        let width = Int(w), height = Int(h)
        guard width > 0, height > 0 else { throw .corrupt("the JPEG header gives a size of \(width)×\(height) pixels") }
        guard ImageHeader.pixels(width, height) <= pixelLimit else {
            throw .tooManyPixels(width: width, height: height, limit: pixelLimit, beforeDecoding: true)
        }

        let upright = orientation.uprightSize(width: width, height: height)
        let out = outputSize(width: upright.width, height: upright.height, target: target)
        let stored = orientation.swapsAxes ? (width: out.height, height: out.width) : out
        let scale = strategy == .scaledDecode
            ? JPEGScale.smallest(atLeast: stored.width, stored.height, width: width, height: height) : .one
        let dw = scale.scaled(width), dh = scale.scaled(height)
        guard let surface = SurfaceOps.make(width: dw, height: dh) else { throw .unsupported("no memory for \(dw)×\(dh) pixels") }
        var owned: UnsafeMutablePointer<SDL_Surface>? = surface
        defer { if let owned { SDL_FreeSurface(owned) } }

        // Default (accurate) IDCT and fancy upsampling: TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE saved
        // nothing measurable on a 1/8 decode of a 12 MP photo (60 ms either way; the Huffman
        // decoding that no scaling can skip dominates).
        let flags: Int32 = 0
        let cmyk = colorspace == TJCS_CMYK.rawValue || colorspace == TJCS_YCCK.rawValue
        // The embedded ICC profile: a CMYK one converts as the pixels are decoded, an RGB or grey
        // one once they are at their shown size (`finish`).
        let icc = EmbeddedColourProfile.jpegICC(bytes)
        let status: Int32
        if cmyk {
            status = decodeCMYK(turbo, bytes, into: surface, flags: flags, icc: icc)
        } else if case .thumbnail = target, let eighths = scale.eighths, eighths <= 2,
                  bytes.withUnsafeBufferPointer({
                      pz_jpeg_first_scans($0.baseAddress, $0.count, Int32(eighths), surface.pointee.pixels.assumingMemoryBound(to: UInt8.self),
                                          Int32(dw), Int32(dh), surface.pointee.pitch, Self.firstScansPointTransform) > 0
                  }) {
            // A progressive JPEG's thumbnail from the scans that carry what a 1/8 (or 2/8) decode
            // reads, the rest of the file never Huffman-decoded: 4–14× less work on the wallpaper
            // folder's progressive photos (docs/pipeline.md).
            status = 0
            firstScanThumbnails += 1
        } else {
            status = bytes.withUnsafeBufferPointer {
                tjDecompress2(turbo, $0.baseAddress, UInt($0.count), surface.pointee.pixels.assumingMemoryBound(to: UInt8.self),
                              Int32(dw), surface.pointee.pitch, Int32(dh), TJPF_BGRA.rawValue, flags)
            }
        }
        var partial: ImageProblem?
        if status != 0, let problem = problem(turbo, fatalOnly: true) {
            // A file cut short shows the rows it held, the rest in the placeholder colour (as eog
            // and Loupe do); the band is one block row (8 or 16 pixels, DCT-scaled).
            guard case .truncated = problem, !cmyk else { throw problem }
            let band = scale.scaled(subsampling == TJSAMP_420.rawValue || subsampling == TJSAMP_440.rawValue ? 16 : 8)
            guard TruncatedJPEGRows.paintMissing(surface, bandHeight: band, colour: PlaceholderColour.argb) > 0 else { throw problem }
            partial = problem
        }
        clean = status == 0

        owned = nil
        return try finish(surface, stored: stored, orientation: orientation, fullSize: fullSize ?? upright, mayHaveTransparency: false,
                          colour: cmyk ? nil : icc.map { .icc($0) }, partialBecause: partial)
    }

    /// How many low bits of successive approximation a thumbnail from a progressive JPEG's first
    /// scans may lack (`pz_jpeg_first_scans`): one, the usual scripts' first pass. Against the whole
    /// file's decode at the same scale, the 20 progressive photographs of the wallpaper folder differ
    /// by at most 8 levels of 255, at sharp saturated edges (chroma), and by under 1 on average.
    static let firstScansPointTransform: Int32 = 1

    /// CMYK JPEGs: decoded to CMYK, then to sRGB through the embedded CMYK profile (inverted, 0
    /// full ink, when the file has Adobe's segment, as lcms2's jpgicc reads it); without a usable
    /// profile, as Adobe's inverted CMYK: R = C·K/255 and so on.
    private func decodeCMYK(_ turbo: tjhandle, _ bytes: [UInt8], into surface: UnsafeMutablePointer<SDL_Surface>, flags: Int32,
                            icc: [UInt8]?) -> Int32 {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let px = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let status = bytes.withUnsafeBufferPointer {
            tjDecompress2(turbo, $0.baseAddress, UInt($0.count), px, Int32(w), Int32(pitch), Int32(h), TJPF_CMYK.rawValue, flags)
        }
        if let icc, ColourConversion.cmykToSRGB(surface, icc: icc, inverted: EmbeddedColourProfile.jpegHasAdobeSegment(bytes)) == .converted {
            return status
        }
        for y in 0..<h {
            let row = px + y * pitch
            for x in 0..<w {
                let p = row + 4 * x
                let c = Int(p[0]), m = Int(p[1]), yy = Int(p[2]), k = Int(p[3])
                p[0] = UInt8((yy * k + 127) / 255)  // B
                p[1] = UInt8((m * k + 127) / 255)   // G
                p[2] = UInt8((c * k + 127) / 255)   // R
                p[3] = 255
            }
        }
        return status
    }

    /// The problem TurboJPEG reports, or nil for a harmless warning. Truncated data ("premature
    /// end") is a problem even though libjpeg only warns: the lower part would be grey.
    private func problem(_ turbo: tjhandle, fatalOnly: Bool) -> ImageProblem? {
        let message = String(cString: tjGetErrorStr2(turbo))
        let lower = message.lowercased()
        if lower.contains("premature end") { return .truncated("the JPEG data ends early (\(message))") }
        if tjGetErrorCode(turbo) == TJERR_WARNING.rawValue && fatalOnly, let stray = Self.extraneousByteCount(lower) {
            // "Corrupt JPEG data: N extraneous bytes before marker 0xd9": a few stray bytes are common
            // in camera files and harmless; thousands mean the image data stopped making sense.
            if stray <= Self.harmlessExtraneousBytes { return nil }
            return .corrupt("the JPEG image data ends \(stray) bytes before its end marker (\(message))")
        }
        return .corrupt("JPEG: \(message)")
    }

    /// Stray bytes before a marker that still count as a sound JPEG.
    static let harmlessExtraneousBytes = 256

    /// N in libjpeg's "N extraneous bytes before marker" warning (lower-cased), or nil.
    static func extraneousByteCount(_ message: String) -> Int? {
        guard let range = message.range(of: " extraneous bytes") else { return nil }
        let digits = message[..<range.lowerBound].reversed().prefix { $0.isNumber }
        return Int(String(digits.reversed()))
    }

    // MARK: - Other formats

    private func decodeWithSDLImage(_ bytes: [UInt8], typeHint: String, header: ImageHeader?, target: DecodeTarget) throws(ImageProblem) -> DecodedImage {
        SDLError.clear()
        let loaded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_LoadTyped_RW(rw, 1, typeHint.uppercased())
        }
        guard let loaded else {
            let reason = SDLError.reason
            if header == nil { throw .notAnImage("content in no format PhotoZoom reads; SDL_image: \(reason)") }
            throw .corrupt("\(header!.format.rawValue.uppercased()): \(reason)")
        }
        let mayHaveTransparency = SurfaceOps.mayHaveTransparency(loaded)
        SDLError.clear()
        guard let surface = SurfaceOps.toARGB(loaded) else { throw .unsupported("cannot convert the pixels: \(SDLError.reason)") }
        let icc = header?.format == .png ? EmbeddedColourProfile.pngICC(bytes) : header?.format == .webp ? EmbeddedColourProfile.webpICC(bytes) : nil
        return try fitWhole(surface, formatName: (header?.format.rawValue ?? typeHint).uppercased(), orientation: header?.orientation ?? .up,
                            mayHaveTransparency: mayHaveTransparency, colour: icc.map { .icc($0) }, target: target)
    }

    /// HEIC and AVIF through libheif, which applies the file's own rotation and mirroring; the
    /// header's orientation is the EXIF tag of a file without them (`HEIFHeader`).
    private func decodeHEIF(_ bytes: [UInt8], header: ImageHeader, target: DecodeTarget) throws(ImageProblem) -> DecodedImage {
        let decoded = try HEIFDecoder.decode(bytes, format: header.format, pixelLimit: pixelLimit)
        return try fitWhole(decoded.surface, formatName: header.format.rawValue.uppercased(), orientation: header.orientation,
                            mayHaveTransparency: decoded.hasAlpha, colour: decoded.colour, target: target)
    }

    /// Takes ownership of a whole decoded picture (`surface`, ARGB8888; freed here, on error too):
    /// checks its size against the pixel limit, then fits it to `target` and turns it upright.
    private func fitWhole(_ surface: UnsafeMutablePointer<SDL_Surface>, formatName: String, orientation: ExifOrientation,
                          mayHaveTransparency: Bool, colour: EmbeddedColourProfile?, target: DecodeTarget) throws(ImageProblem) -> DecodedImage {
        var owned: UnsafeMutablePointer<SDL_Surface>? = surface
        defer { if let owned { SDL_FreeSurface(owned) } }
        let sw = Int(surface.pointee.w), sh = Int(surface.pointee.h)
        guard sw > 0, sh > 0, surface.pointee.pixels != nil else {
            throw .corrupt("\(formatName): a picture of \(sw)×\(sh) pixels")
        }
        guard ImageHeader.pixels(sw, sh) <= pixelLimit else {
            throw .tooManyPixels(width: sw, height: sh, limit: pixelLimit, beforeDecoding: false)
        }
        let upright = orientation.uprightSize(width: sw, height: sh)
        let out = outputSize(width: upright.width, height: upright.height, target: target)
        let stored = orientation.swapsAxes ? (width: out.height, height: out.width) : out
        owned = nil
        return try finish(surface, stored: stored, orientation: orientation, fullSize: upright, mayHaveTransparency: mayHaveTransparency,
                          colour: colour)
    }

    // MARK: - Both paths

    /// Takes ownership of `surface` (freed here, on error too): downscales it to `stored` (the size
    /// before turning) when it is not that size already, converts its colours from `colour` (the
    /// file's embedded profile) to sRGB, then turns it upright. When the source
    /// `mayHaveTransparency`, the result's pixels are scanned for one that is not opaque (at the
    /// shown size, so the answer is about what is drawn; a few ms for a screen-sized picture).
    private func finish(_ surface: UnsafeMutablePointer<SDL_Surface>, stored: (width: Int, height: Int),
                        orientation: ExifOrientation, fullSize upright: (width: Int, height: Int),
                        mayHaveTransparency: Bool, colour: EmbeddedColourProfile? = nil, partialBecause: ImageProblem? = nil) throws(ImageProblem) -> DecodedImage {
        var owned: UnsafeMutablePointer<SDL_Surface>? = surface
        defer { if let owned { SDL_FreeSurface(owned) } }
        var result = surface
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        if w != stored.width || h != stored.height {
            guard let smaller = SurfaceOps.downscaled(result, toWidth: stored.width, height: stored.height) else {
                throw .unsupported("cannot downscale \(w)×\(h) to \(stored.width)×\(stored.height)")
            }
            SDL_FreeSurface(result)
            owned = smaller
            result = smaller
        }
        if let colour { ColourConversion.toSRGB(result, from: colour) }
        if orientation != .up {
            guard let turned = SurfaceOps.oriented(result, orientation) else { throw .unsupported("no memory to orient the photo") }
            SDL_FreeSurface(result)
            owned = turned
            result = turned
        }
        owned = nil
        return DecodedImage(surface: result, fullWidth: upright.width, fullHeight: upright.height,
                            hasTransparency: mayHaveTransparency && SurfaceOps.hasTransparency(result), partialBecause: partialBecause)
    }
}
