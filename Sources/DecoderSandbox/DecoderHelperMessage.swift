import Decoding
import ImageFormats

/// The decoder helpers' wire format: length-prefixed binary messages on a pipe, one request and
/// one reply per image; the pixels themselves travel through shared memory.
///
/// Request: `u32 length, u8 kind (0 thumbnail, 1 screen, 3 preview; 2 is `HeaderMessage`'s), i64 a, i64 b, path bytes`.
/// Taken: `u32 0`, as soon as the helper has read a decode request (`taken`), before the reply.
/// Reply: `u32 length, u8 0, i64 width, height, fullWidth, fullHeight, u8 fromSharedCache, f64 cpu
/// seconds, u8 hasTransparency` for pixels (rows of `width` ARGB8888 pixels from offset 0 of the shared memory), or
/// `u8 1, u8 problem code, i64 width, height, limit, u8 beforeDecoding, f64 seconds, detail bytes`, or
/// for the readable part of a file cut short (issue 20) `u8 3, i64 width, height, fullWidth,
/// fullHeight, f64 seconds, u8 hasTransparency, detail bytes` (the detail of its `truncated` problem).
enum DecoderHelperMessage {
    /// Longest message accepted: a path of up to 64 KiB and a problem's detail.
    static let maximumLength = 1 << 17

    /// What the helper writes as soon as it has read a decode request, before its reply: an empty
    /// message (a length of 0). The time a decode takes after it is the photo's; a helper that
    /// never says it, stopped answering through no fault of the photo (issue 43).
    static let taken: [UInt8] = [0, 0, 0, 0]

    /// One decode to do.
    struct Request: Equatable {
        package var path: String
        package var target: DecodeTarget
    }

    /// What the helper says about one request.
    enum Reply: Equatable {
        case image(width: Int, height: Int, fullWidth: Int, fullHeight: Int, fromSharedCache: Bool, seconds: Double, hasTransparency: Bool)
        case problem(ImageProblem, seconds: Double)
        /// The rows a cut file held, the rest in the placeholder colour; `detail` says how it was cut.
        case partialImage(width: Int, height: Int, fullWidth: Int, fullHeight: Int, seconds: Double, hasTransparency: Bool, detail: String)
    }

    // MARK: - Encoding

    package static func encode(_ r: Request) -> [UInt8] {
        var out = Writer()
        switch r.target {
        case let .thumbnail(side): out.u8(0); out.i64(side); out.i64(0)
        case let .screen(w, h): out.u8(1); out.i64(w); out.i64(h)
        case let .preview(side): out.u8(3); out.i64(side); out.i64(0)
        }
        out.bytes(Array(r.path.utf8))
        return out.framed
    }

    package static func encode(_ r: Reply) -> [UInt8] {
        var out = Writer()
        switch r {
        case let .image(w, h, fw, fh, cached, seconds, transparent):
            out.u8(0); out.i64(w); out.i64(h); out.i64(fw); out.i64(fh); out.u8(cached ? 1 : 0); out.f64(seconds)
            out.u8(transparent ? 1 : 0)
        case let .problem(p, seconds):
            out.u8(1)
            let (code, detail, w, h, limit, before) = p.wireFields
            out.u8(code); out.i64(w); out.i64(h); out.i64(limit); out.u8(before ? 1 : 0); out.f64(seconds)
            out.bytes(Array(detail.utf8))
        case let .partialImage(w, h, fw, fh, seconds, transparent, detail):
            out.u8(3); out.i64(w); out.i64(h); out.i64(fw); out.i64(fh); out.f64(seconds); out.u8(transparent ? 1 : 0)
            out.bytes(Array(detail.utf8))
        }
        return out.framed
    }

    // MARK: - Decoding (of a message body, its length already read)

    package static func request(_ body: [UInt8]) -> Request? {
        var r = Reader(body)
        guard let kind = r.u8(), let a = r.i64(), let b = r.i64() else { return nil }
        let path = String(decoding: r.rest(), as: UTF8.self)
        switch kind {
        case 0: return Request(path: path, target: .thumbnail(shortSide: a))
        case 1: return Request(path: path, target: .screen(width: a, height: b))
        case 3: return Request(path: path, target: .preview(shortSide: a))
        default: return nil
        }
    }

    static func reply(_ body: [UInt8]) -> Reply? {
        var r = Reader(body)
        switch r.u8() {
        case 0?:
            guard let w = r.i64(), let h = r.i64(), let fw = r.i64(), let fh = r.i64(), let cached = r.u8(), let s = r.f64(),
                  let transparent = r.u8(), transparent <= 1 else { return nil }
            return .image(width: w, height: h, fullWidth: fw, fullHeight: fh, fromSharedCache: cached == 1, seconds: s,
                          hasTransparency: transparent == 1)
        case 1?:
            guard let code = r.u8(), let w = r.i64(), let h = r.i64(), let limit = r.i64(), let before = r.u8(), let s = r.f64(),
                  let problem = ImageProblem(wireCode: code, detail: String(decoding: r.rest(), as: UTF8.self), width: w, height: h,
                                             limit: limit, beforeDecoding: before == 1) else { return nil }
            return .problem(problem, seconds: s)
        case 3?:
            guard let w = r.i64(), let h = r.i64(), let fw = r.i64(), let fh = r.i64(), let s = r.f64(),
                  let transparent = r.u8(), transparent <= 1 else { return nil }
            return .partialImage(width: w, height: h, fullWidth: fw, fullHeight: fh, seconds: s, hasTransparency: transparent == 1,
                                 detail: String(decoding: r.rest(), as: UTF8.self))
        default:
            return nil
        }
    }

    /// The length in a message's first four bytes (little-endian).
    package static func length(_ prefix: [UInt8]) -> Int {
        Int(prefix[0]) | Int(prefix[1]) << 8 | Int(prefix[2]) << 16 | Int(prefix[3]) << 24
    }

    /// A message body being written (`HeaderRequest` writes its own kind with it).
    struct Writer {
        package var body: [UInt8] = []
        package mutating func u8(_ v: UInt8) { body.append(v) }
        mutating func i64(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { body += $0 } }
        mutating func f64(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { body += $0 } }
        package mutating func bytes(_ b: [UInt8]) { body += b.prefix(DecoderHelperMessage.maximumLength - 64) }
        var framed: [UInt8] {
            let n = UInt32(body.count)
            return [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)] + body
        }
    }

    /// A message body being read.
    package struct Reader {
        package let bytes: [UInt8]
        package var at = 0
        package init(_ bytes: [UInt8]) { self.bytes = bytes }
        package mutating func u8() -> UInt8? {
            guard at < bytes.count else { return nil }
            at += 1
            return bytes[at - 1]
        }
        mutating func u64() -> UInt64? {
            guard at + 8 <= bytes.count else { return nil }
            var v: UInt64 = 0
            for i in 0..<8 { v |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
            at += 8
            return v
        }
        mutating func i64() -> Int? { u64().map { Int(Int64(bitPattern: $0)) } }
        mutating func f64() -> Double? { u64().map { Double(bitPattern: $0) } }
        mutating func rest() -> ArraySlice<UInt8> { defer { at = bytes.count }; return bytes[at...] }
        package mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, at + n <= bytes.count else { return nil }
            defer { at += n }
            return bytes[at..<(at + n)]
        }
    }
}

extension ImageProblem {
    /// The problem's case as a number, its text and its numbers, for the helpers' wire format.
    var wireFields: (code: UInt8, detail: String, width: Int, height: Int, limit: Int, beforeDecoding: Bool) {
        switch self {
        case .emptyFile: return (0, "", 0, 0, 0, false)
        case let .unreadable(d): return (1, d, 0, 0, 0, false)
        case let .notAFile(d): return (2, d, 0, 0, 0, false)
        case let .notAnImage(d): return (3, d, 0, 0, 0, false)
        case let .truncated(d): return (4, d, 0, 0, 0, false)
        case let .corrupt(d): return (5, d, 0, 0, 0, false)
        case let .tooManyPixels(w, h, limit, before): return (6, "", w, h, limit, before)
        case let .unsupported(d): return (7, d, 0, 0, 0, false)
        case let .cannotUpload(d): return (8, d, 0, 0, 0, false)
        case let .decoderStopped(d): return (9, d, 0, 0, 0, false)
        }
    }

    /// The problem `wireFields` gave; nil for an unknown code.
    package init?(wireCode: UInt8, detail d: String, width: Int, height: Int, limit: Int, beforeDecoding: Bool) {
        switch wireCode {
        case 0: self = .emptyFile
        case 1: self = .unreadable(d)
        case 2: self = .notAFile(d)
        case 3: self = .notAnImage(d)
        case 4: self = .truncated(d)
        case 5: self = .corrupt(d)
        case 6: self = .tooManyPixels(width: width, height: height, limit: limit, beforeDecoding: beforeDecoding)
        case 7: self = .unsupported(d)
        case 8: self = .cannotUpload(d)
        case 9: self = .decoderStopped(d)
        default: return nil
        }
    }
}
