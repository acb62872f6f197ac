import CSDL2
import Foundation
import Testing
@testable import PhotoActions
@testable import PhotoFiles
@testable import ImageFormats
@testable import Decoding
@testable import PhotoLoading
@testable import Rendering
import Diagnostics

/// A PNG turned and written after the user's confirmation (issue 32): every pixel the turned
/// original's, its metadata kept, and what cannot be kept refused with the reason.
@Suite("PNG turn: lossless, metadata kept (pHYs swapped), 16-bit and unknown chunks refused")
struct PNGTurnTests {
    /// A 5 × 3 RGBA PNG of distinct pixels (one half transparent), with tEXt and pHYs (2000 × 1000
    /// per metre) chunks after IHDR and any `extra` chunks.
    static func png(extra: [(String, [UInt8])] = []) throws -> (bytes: [UInt8], surface: UnsafeMutablePointer<SDL_Surface>) {
        let s = TestImages.surface(width: 5, height: 3) { x, y in TestImages.RGB(40 * x + 10, 60 * y + 20, 7 * x + 3 * y) }
        let px = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        px[1] = px[1] & 0x00FF_FFFF | 0x8000_0000
        let plain = try PNGWriter.encode(s, keepingAlpha: true)
        var out = Array(plain[..<33])
        PNGWriter.appendChunk("tEXt", Array("Title\0Kite".utf8), to: &out)
        PNGWriter.appendChunk("pHYs", [0, 0, 0x07, 0xD0, 0, 0, 0x03, 0xE8, 1], to: &out)
        for (kind, data) in extra { PNGWriter.appendChunk(kind, data, to: &out) }
        return (out + plain[33...], s)
    }

    @Test("turned clockwise: every pixel is the original's turned (the half-transparent one too), the tEXt chunk is kept byte for byte and pHYs has x and y swapped")
    func lossless() throws {
        let (bytes, original) = try Self.png()
        defer { SDL_FreeSurface(original) }
        #expect(PNGTurn.problem(bytes) == nil)
        let turned = try PNGTurn.turned(bytes, quarterTurns: 1)
        let decoded = try #require(PNGDecoder.decode(turned, pixelLimit: 1 << 20, fill: 0))
        defer { SDL_FreeSurface(decoded.surface) }
        #expect(decoded.surface.pointee.w == 3 && decoded.surface.pointee.h == 5)
        // Upright pixel (x, y) of the turned picture is the original's (y, H − 1 − x), H = 3.
        for y in 0..<5 {
            for x in 0..<3 {
                let a = decoded.surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)[y * Int(decoded.surface.pointee.pitch) / 4 + x]
                let b = original.pointee.pixels.assumingMemoryBound(to: UInt32.self)[(3 - 1 - x) * Int(original.pointee.pitch) / 4 + y]
                #expect(a == b, "pixel (\(x), \(y))")
            }
        }
        let kinds = PNGTurn.chunks(turned).map(\.kind)
        #expect(kinds.prefix(3) == ["IHDR", "tEXt", "pHYs"])
        let text = try #require(PNGTurn.chunks(turned).first { $0.kind == "tEXt" })
        #expect(Array(text.bytes) == Array(try #require(PNGTurn.chunks(bytes).first { $0.kind == "tEXt" }).bytes))
        let phys = try #require(PNGTurn.chunks(turned).first { $0.kind == "pHYs" })
        #expect(Array(Array(phys.bytes)[8..<17]) == [0, 0, 0x03, 0xE8, 0, 0, 0x07, 0xD0, 1])
        // Four turns: the same pixels as at the start.
        let round = try PNGTurn.turned(try PNGTurn.turned(try PNGTurn.turned(turned, quarterTurns: 1), quarterTurns: 1), quarterTurns: 1)
        let back = try #require(PNGDecoder.decode(round, pixelLimit: 1 << 20, fill: 0))
        defer { SDL_FreeSurface(back.surface) }
        #expect(PNGTurn.samePixels(back.surface, original))
    }

    @Test("refused with the reason: 16-bit samples, an eXIf chunk, a cut file")
    func refusals() throws {
        var (bytes, s) = try Self.png()
        SDL_FreeSurface(s)
        var deep = bytes
        deep[24] = 16
        #expect(PNGTurn.problem(deep) == "its 16-bit samples would not survive (PhotoZoom writes 8-bit PNG)")
        (bytes, s) = try Self.png(extra: [("eXIf", [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0])])
        SDL_FreeSurface(s)
        #expect(PNGTurn.problem(bytes) == "its eXIf chunk would be lost")
        #expect(throws: CommandLineError.self) { try PNGTurn.turned(bytes, quarterTurns: 1) }
        #expect(PNGTurn.problem(Array(bytes.prefix(60))) == "it is not a whole PNG file")
        // A picture over the decoding limit is refused before any pixel is decoded (the write would
        // hold four copies of it): 5 × 3 is 15 pixels, over a limit of 14, and 20,000 × 20,000 over
        // the default 100 million.
        let (small, smallSurface) = try Self.png()
        SDL_FreeSurface(smallSurface)
        #expect(PNGTurn.problem(small, pixelLimit: 14) == "its 5 × 3 pixels are more than PhotoZoom decodes (14)")
        #expect(PNGTurn.problem(small, pixelLimit: 15) == nil)
        var huge = small
        huge.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        #expect(PNGTurn.problem(huge) == "its 20000 × 20000 pixels are more than PhotoZoom decodes (100000000)")
        #expect(throws: CommandLineError.self) { try PNGTurn.turned(huge, quarterTurns: 1) }
        // A background colour goes along with an RGB(A) file (the writer's colour types).
        (bytes, s) = try Self.png(extra: [("bKGD", [0, 255, 0, 255, 0, 255])])
        SDL_FreeSurface(s)
        #expect(PNGTurn.problem(bytes) == nil)
        #expect(PNGTurn.chunks(try PNGTurn.turned(bytes, quarterTurns: -1)).map(\.kind).contains("bKGD"))
    }
}
