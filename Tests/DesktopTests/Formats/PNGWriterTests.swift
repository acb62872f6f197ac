import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import PhotoFiles

@Suite("PNG writer: frames read back pixel for pixel through SDL_image")
struct PNGWriterTests {
    /// Reads PNG bytes back into an ARGB8888 surface with SDL_image (libpng).
    static func decode(_ bytes: [UInt8]) -> UnsafeMutablePointer<SDL_Surface>? {
        bytes.withUnsafeBytes { raw in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)), let loaded = IMG_LoadPNG_RW(rw) else { return nil }
            SDL_RWclose(rw)
            defer { SDL_FreeSurface(loaded) }
            return SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        }
    }

    @Test("every pixel of a noisy, a flat and a gradient image comes back exactly, at odd sizes",
          arguments: [(1, 1), (3, 7), (257, 31), (640, 400)])
    func roundTrip(size: (Int, Int)) throws {
        let (w, h) = size
        // Noise on the left third (a 64-bit LCG, seeded), flat colour in the middle, a gradient on the right.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let surface = TestImages.surface(width: w, height: h) { x, y in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            if x < w / 3 { return .init(Int(state >> 56), Int(state >> 48 & 0xFF), Int(state >> 40 & 0xFF)) }
            if x < 2 * w / 3 { return .init(30, 144, 255) }
            return .init(x * 255 / max(1, w - 1), y * 255 / max(1, h - 1), (x + y) & 0xFF)
        }
        defer { SDL_FreeSurface(surface) }
        let bytes = try PNGWriter.encode(surface)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let back = try #require(Self.decode(bytes), "SDL_image could not read the PNG: \(String(cString: SDL_GetError()))")
        defer { SDL_FreeSurface(back) }
        #expect((Int(back.pointee.w), Int(back.pointee.h)) == (w, h))
        var mismatches = 0
        for y in 0..<h {
            for x in 0..<w where TestImages.pixel(back, x, y) != TestImages.pixel(surface, x, y) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("a flat 1280×800 frame deflates to a few kilobytes (Sub filter and run-length coding)")
    func flatFrameIsSmall() throws {
        let surface = TestImages.surface(width: 1280, height: 800) { _, y in y < 400 ? .init(20, 20, 24) : .init(0, 0, 0) }
        defer { SDL_FreeSurface(surface) }
        // 800 rows of 3841 bytes, each a filter byte, one colour and 3837 zeros: runs of 258 bytes cost
        // a few bits each, so well under 1 % of the 3 MB of pixels.
        #expect(try PNGWriter.encode(surface).count < 30_000)
    }
}
