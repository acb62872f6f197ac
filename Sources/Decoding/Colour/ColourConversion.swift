import CColour
import CSDL2

/// Takes a decoded picture's pixels from the colour space its file describes to sRGB, the
/// screen's (lcms2 through `CColour`, perceptual intent as lcms2's own jpgicc and tificc): a photo
/// in ProPhoto, Display P3 or Adobe RGB shows its colours, not the same numbers read as sRGB. In
/// the decoder helper, on the smallest picture of the decode, so thumbnails are converted too.
package enum ColourConversion {
    /// What a conversion did.
    package enum Outcome: Equatable, Sendable {
        case converted
        /// The profile describes sRGB already (or a space left as it is, HDR curves).
        case unchanged
        /// The profile cannot be used (damaged, or of another colour space than the pixels):
        /// the pixels stay as they are, read as sRGB.
        case ignored(String)
    }

    /// Converts the ARGB8888 `surface`'s pixels in place from `profile` to sRGB.
    @discardableResult
    package static func toSRGB(_ surface: UnsafeMutablePointer<SDL_Surface>, from profile: EmbeddedColourProfile) -> Outcome {
        let w = surface.pointee.w, h = surface.pointee.h, pitch = surface.pointee.pitch
        guard let pixels = surface.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return .ignored("no pixels") }
        switch profile {
        case let .icc(bytes):
            if isSRGB(bytes) { return .unchanged }
            return outcome(bytes.withUnsafeBytes { pz_colour_icc_to_srgb($0.baseAddress, $0.count, pixels, w, h, pitch) })
        case let .nclx(primaries, transfer):
            return outcome(pz_colour_nclx_to_srgb(Int32(primaries), Int32(transfer), pixels, w, h, pitch))
        }
    }

    /// Converts a surface holding CMYK bytes (C, M, Y, K) in place to opaque sRGB through the CMYK
    /// profile `icc`; `inverted` when 0 is full ink (a JPEG with Adobe's segment).
    package static func cmykToSRGB(_ surface: UnsafeMutablePointer<SDL_Surface>, icc: [UInt8], inverted: Bool) -> Outcome {
        guard let pixels = surface.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return .ignored("no pixels") }
        return outcome(icc.withUnsafeBytes {
            pz_colour_cmyk_icc_to_srgb($0.baseAddress, $0.count, inverted ? 1 : 0, pixels, surface.pointee.w, surface.pointee.h, surface.pointee.pitch)
        })
    }

    /// The colour space of an ICC profile ("RGB", "GRAY", "CMYK", …); nil when it is not one.
    package static func space(of icc: [UInt8]) -> String? {
        let signature = icc.withUnsafeBytes { pz_colour_icc_space($0.baseAddress, $0.count) }
        guard signature != 0 else { return nil }
        let bytes = [24, 16, 8, 0].map { UInt8((signature >> UInt32($0)) & 0xFF) }.filter { $0 != 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The profile's own name (its description tag), nil when it has none.
    package static func description(of icc: [UInt8]) -> String? {
        var text = [CChar](repeating: 0, count: 256)
        let found = icc.withUnsafeBytes { pz_colour_icc_description($0.baseAddress, $0.count, &text, text.count) }
        return found != 0 ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    /// True for the sRGB profiles cameras and phones embed ("sRGB IEC61966-2.1", "sRGB built-in"):
    /// their conversion to sRGB changes nothing but rounding, and costs a transform.
    static func isSRGB(_ icc: [UInt8]) -> Bool {
        description(of: icc).map { $0.hasPrefix("sRGB") } ?? false
    }

    private static func outcome(_ result: Int32) -> Outcome {
        switch result {
        case PZ_COLOUR_CONVERTED.rawValue: return .converted
        case PZ_COLOUR_UNCHANGED.rawValue: return .unchanged
        case PZ_COLOUR_UNREADABLE.rawValue: return .ignored("the embedded colour profile is not one lcms2 reads")
        case PZ_COLOUR_WRONG_SPACE.rawValue: return .ignored("the embedded colour profile is for another colour space")
        default: return .ignored("lcms2 made no transform from the embedded colour profile")
        }
    }
}
