import Foundation
import ImageFormats

/// Header reading in the decoder helpers (issue 19): the same pipes and framing as a decode
/// (`DecoderHelperMessage`), a request kind of its own. Requests are written in batches and
/// answered one by one, so a folder of 10,000 photos costs a few dozen round trips, not 10,000.
///
/// Request: `u32 length, u8 2, path bytes`. Reply: `u32 length, u8 2, u8 outcome`, then for a
/// header (0) `u8 format length, format name, i64 storedWidth, storedHeight, u8 orientation,
/// u8 hasFrame, i64 frameWidth, frameHeight`; for a file only a decode can size (1) nothing; for
/// a problem (2) `u8 code, i64 width, height, limit, u8 beforeDecoding, detail bytes`.
package enum HeaderMessage {
    /// The request and reply kind (decodes are 0 and 1).
    package static let kind: UInt8 = 2

    /// What reading one file's header found (`PhotoCatalog.Entry` without its URL).
    package enum Outcome: Equatable, Sendable {
        case header(ImageHeader)
        /// A format no parser here reads: sized by its decode.
        case sizedByDecode
        case problem(ImageProblem)

        package init(_ entry: PhotoCatalog.Entry) {
            if let problem = entry.problem { self = .problem(problem) }
            else if let header = entry.header { self = .header(header) }
            else { self = .sizedByDecode }
        }

        /// The catalog entry of `url` (named `name`, else by its file name) this outcome stands for.
        package func entry(for url: URL, name: String? = nil) -> PhotoCatalog.Entry {
            let name = name ?? url.lastPathComponent
            return switch self {
            case let .header(h): PhotoCatalog.Entry(url: url, name: name, header: h)
            case .sizedByDecode: PhotoCatalog.Entry(url: url, name: name, sizedByDecode: true)
            case let .problem(p): PhotoCatalog.Entry(url: url, name: name, problem: p)
            }
        }
    }

    static func encodeRequest(path: String) -> [UInt8] {
        var out = DecoderHelperMessage.Writer()
        out.u8(kind)
        out.bytes(Array(path.utf8))
        return out.framed
    }

    /// The path of a header request; nil for any other message.
    package static func request(_ body: [UInt8]) -> String? {
        guard body.first == kind else { return nil }
        return String(decoding: body.dropFirst(), as: UTF8.self)
    }

    package static func encode(_ outcome: Outcome) -> [UInt8] {
        var out = DecoderHelperMessage.Writer()
        out.u8(kind)
        switch outcome {
        case let .header(h):
            out.u8(0)
            let format = Array(h.format.rawValue.utf8)
            out.u8(UInt8(format.count)); out.body += format
            out.i64(h.storedWidth); out.i64(h.storedHeight); out.u8(UInt8(h.orientation.rawValue))
            out.u8(h.largestFrame == nil ? 0 : 1); out.i64(h.largestFrame?.width ?? 0); out.i64(h.largestFrame?.height ?? 0)
        case .sizedByDecode:
            out.u8(1)
        case let .problem(p):
            out.u8(2)
            let (code, detail, w, h, limit, before) = p.wireFields
            out.u8(code); out.i64(w); out.i64(h); out.i64(limit); out.u8(before ? 1 : 0)
            out.bytes(Array(detail.utf8))
        }
        return out.framed
    }

    /// The outcome in a reply's body; nil when it is not a well-formed header reply.
    static func reply(_ body: [UInt8]) -> Outcome? {
        var r = DecoderHelperMessage.Reader(body)
        guard r.u8() == kind else { return nil }
        switch r.u8() {
        case 0?:
            guard let n = r.u8(), let name = r.take(Int(n)), let format = ImageHeader.Format(rawValue: String(decoding: name, as: UTF8.self)),
                  let w = r.i64(), let h = r.i64(), let o = r.u8(), let orientation = ExifOrientation(rawValue: Int(o)),
                  let hasFrame = r.u8(), hasFrame <= 1, let fw = r.i64(), let fh = r.i64() else { return nil }
            return .header(ImageHeader(format: format, storedWidth: w, storedHeight: h, orientation: orientation,
                                       largestFrame: hasFrame == 1 ? (fw, fh) : nil))
        case 1?:
            return .sizedByDecode
        case 2?:
            guard let code = r.u8(), let w = r.i64(), let h = r.i64(), let limit = r.i64(), let before = r.u8(),
                  let problem = ImageProblem(wireCode: code, detail: String(decoding: r.rest(), as: UTF8.self), width: w, height: h,
                                             limit: limit, beforeDecoding: before == 1) else { return nil }
            return .problem(problem)
        default:
            return nil
        }
    }
}
