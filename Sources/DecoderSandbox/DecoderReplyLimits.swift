/// What a decoder helper's reply may say, checked before the app allocates or copies anything for
/// it (issue 33): a helper is a process that decoded a hostile file, so its replies are as
/// untrusted as the file. Every number is checked with checked arithmetic against the shared
/// memory's size, the pixel limit and the texture limit; a reply that fails names the field.
package struct DecoderReplyLimits: Equatable {
    /// Bytes of the shared memory the pixels travel in.
    var sharedBytes: Int
    /// Most pixels one picture (decoded or whole) may have.
    package var pixelLimit: Int
    /// Longest side of a texture, pixels: no decoded picture is larger.
    package var maxTextureSide: Int

    /// Why `reply` cannot be believed, naming the field; nil when it can.
    func fault(in reply: DecoderHelperMessage.Reply) -> String? {
        switch reply {
        case let .image(w, h, fw, fh, _, seconds, _), let .partialImage(w, h, fw, fh, seconds, _, _):
            return pictureFault(width: w, height: h) ?? wholeFault(width: fw, height: fh) ?? secondsFault(seconds)
        case let .problem(p, seconds):
            let (_, _, w, h, limit, _) = p.wireFields
            guard w >= 0, h >= 0, limit >= 0 else { return "a problem's numbers \(w), \(h), \(limit) are negative" }
            return secondsFault(seconds)
        }
    }

    /// Why a header reply cannot be believed; nil when it can.
    func fault(in outcome: HeaderMessage.Outcome) -> String? {
        switch outcome {
        case let .header(header):
            if let f = wholeFault(width: header.storedWidth, height: header.storedHeight) { return f }
            if let frame = header.largestFrame { return wholeFault(width: frame.width, height: frame.height).map { "frame: " + $0 } }
            return nil
        case .sizedByDecode:
            return nil
        case let .problem(p):
            let (_, _, w, h, limit, _) = p.wireFields
            return w >= 0 && h >= 0 && limit >= 0 ? nil : "a problem's numbers \(w), \(h), \(limit) are negative"
        }
    }

    /// The decoded picture: within the texture limit, the pixel limit and the shared memory.
    private func pictureFault(width w: Int, height h: Int) -> String? {
        guard w > 0, h > 0 else { return "width \(w) × height \(h) is not a picture" }
        guard w <= maxTextureSide, h <= maxTextureSide else { return "width \(w) × height \(h) exceeds the texture limit \(maxTextureSide)" }
        let (pixels, o1) = w.multipliedReportingOverflow(by: h)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4)
        guard !o1, !o2, pixels <= pixelLimit else { return "width \(w) × height \(h) exceeds the pixel limit \(pixelLimit)" }
        guard bytes <= sharedBytes else { return "width \(w) × height \(h) × 4 exceeds the shared memory's \(sharedBytes) bytes" }
        return nil
    }

    /// The whole picture's size: positive and within the pixel limit (larger files are refused before decoding).
    private func wholeFault(width w: Int, height h: Int) -> String? {
        guard w > 0, h > 0 else { return "full width \(w) × height \(h) is not a picture" }
        let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
        guard !overflow, pixels <= pixelLimit else { return "full width \(w) × height \(h) exceeds the pixel limit \(pixelLimit)" }
        return nil
    }

    private func secondsFault(_ s: Double) -> String? {
        s.isFinite && s >= 0 && s < 1e9 ? nil : "seconds \(s) is not a duration"
    }
}
