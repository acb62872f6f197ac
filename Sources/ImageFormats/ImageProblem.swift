import PhotoFiles
import Diagnostics

/// Why a photo cannot be shown. Its `message` completes the one warning line the pipeline prints:
/// `warning: PATH: MESSAGE; showing a placeholder`.
package enum ImageProblem: Error, Equatable, Sendable {
    /// The file has no bytes at all.
    case emptyFile
    /// The file cannot be opened or read; the reason names the cause (permission, link loop, …).
    case unreadable(String)
    /// The path is not a regular file (a folder, a pipe, a device).
    case notAFile(String)
    /// The content is not an image in any format PhotoZoom reads; the detail says what was found.
    case notAnImage(String)
    /// The file ends before the image does.
    case truncated(String)
    /// The image data is damaged.
    case corrupt(String)
    /// More pixels than the limit: refused before decoding when a header declared them (a
    /// decompression bomb), after it for formats sized only by decoding them.
    case tooManyPixels(width: Int, height: Int, limit: Int, beforeDecoding: Bool)
    /// A valid image in a variant the decoders cannot handle.
    case unsupported(String)
    /// Decoded, but the pixels could not be turned into a texture.
    case cannotUpload(String)
    /// The decoder helper crashed, ran past its time limit or out of its memory on this file and
    /// was stopped; the detail says which.
    case decoderStopped(String)

    package var message: String {
        switch self {
        case .emptyFile: return "empty file (0 bytes)"
        case let .unreadable(reason): return "cannot read the file: \(reason)"
        case let .notAFile(kind): return "not a regular file (\(kind))"
        case let .notAnImage(detail): return "not an image (\(detail))"
        case let .truncated(detail): return "truncated image: \(detail)"
        case let .corrupt(detail): return "corrupt image: \(detail)"
        case let .tooManyPixels(w, h, limit, before):
            // Double: sides from a header can be up to 2^32 − 1 each, a product beyond Int.
            return "image too large: \(w)×\(h) is \(Self.megapixels(Double(w) * Double(h))) MP, above the \(Self.megapixels(Double(limit))) MP limit"
                + (before ? " (refused before decoding)" : " (found when decoding; its pixels were dropped)")
        case let .unsupported(detail): return "unsupported image: \(detail)"
        case let .cannotUpload(detail): return "cannot make a texture: \(detail)"
        case let .decoderStopped(detail): return "the decoder gave up on it: \(detail)"
        }
    }

    /// The warning line for `path` (its control characters escaped: one line, whatever the name).
    package func warning(path: String) -> String { "warning: \(PrintablePath.escaped(path)): \(message); showing a placeholder" }

    /// The warning line for `path` when the part of the picture that could be read is shown.
    package func partialWarning(path: String) -> String { "warning: \(PrintablePath.escaped(path)): \(message); showing the part that was read" }

    private static func megapixels(_ pixels: Double) -> String {
        let mp = pixels / 1_000_000
        return mp >= 10 ? String(Int(mp.rounded())) : String((mp * 10).rounded() / 10)
    }
}
