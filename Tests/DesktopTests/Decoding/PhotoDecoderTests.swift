import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles

@Suite("Decoding at the right size, upright")
struct PhotoDecoderTests {
    typealias RGB = TestImages.RGB
    static let quadrants = [RGB(220, 30, 30), RGB(30, 200, 40), RGB(40, 50, 220), RGB(240, 230, 40)]

    /// Upright picture of `w`×`h` in four quadrants: red top-left, green top-right, blue
    /// bottom-left, yellow bottom-right.
    static func quadrant(_ w: Int, _ h: Int) -> (Int, Int) -> RGB {
        { x, y in quadrants[(y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)] }
    }

    func decode(_ url: URL, _ target: DecodeTarget, strategy: ThumbnailDecoding = .scaledDecode) throws -> DecodedImage {
        let decoder = PhotoDecoder(strategy: strategy)
        let header = try ImageHeader.read(PhotoFile(path: url.path), fileExtension: url.pathExtension)
        return try decoder.decode(path: url.path, header: header, target: target)
    }

    @Test("every EXIF orientation gives the upright picture, at full size and through DCT scaling", arguments: 1...8)
    func orientationEndToEnd(orientation: Int) throws {
        let dir = TestImages.folder()
        // Upright 96×64; stored sideways for 5–8.
        let (uw, uh) = (96, 64)
        let (sw, sh) = orientation >= 5 ? (uh, uw) : (uw, uh)
        let stored = ExifSpec.storedColour(orientation: orientation, storedWidth: sw, storedHeight: sh, upright: Self.quadrant(uw, uh))
        let url = TestImages.write(TestImages.jpeg(width: sw, height: sh, orientation: orientation, colour: stored), "o.jpg", in: dir)
        // Full size (window larger than the photo), then a 16-pixel thumbnail: factor 2/8 gives
        // 24×16 (n = ceil(8·16/64) = 2), no further downscale.
        for (target, size) in [(DecodeTarget.screen(width: 1000, height: 1000), (96, 64)), (.thumbnail(shortSide: 16), (24, 16))] {
            let image = try decode(url, target)
            #expect(image.width == size.0 && image.height == size.1, "\(target)")
            #expect(image.fullWidth == uw && image.fullHeight == uh)
            for (i, (fx, fy)) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)].enumerated() {
                let c = TestImages.pixel(image.surface, Int(fx * Double(image.width)), Int(fy * Double(image.height)))
                #expect(c.isClose(to: Self.quadrants[i], tolerance: 24), "orientation \(orientation) \(target): quadrant \(i) is \(c)")
            }
        }
    }

    @Test("a thumbnail has exactly the cell's side on its shorter side, with either strategy")
    func thumbnailSize() throws {
        let dir = TestImages.folder()
        let url = TestImages.write(TestImages.jpeg(width: 800, height: 600, colour: Self.quadrant(800, 600)), "a.jpg", in: dir)
        // Short side 100: width round(800·100/600) = 133.
        let scaled = try decode(url, .thumbnail(shortSide: 100))
        let plain = try decode(url, .thumbnail(shortSide: 100), strategy: .fullDecodeThenDownscale)
        #expect(scaled.width == 133 && scaled.height == 100)
        #expect(plain.width == 133 && plain.height == 100)
        for (x, y) in [(30, 20), (100, 20), (30, 80), (100, 80)] {
            #expect(TestImages.pixel(scaled.surface, x, y).isClose(to: TestImages.pixel(plain.surface, x, y), tolerance: 12))
        }
    }

    @Test("the full photo is decoded at its aspect-fit size in the window, not at its own size")
    func fullAtWindowSize() throws {
        let dir = TestImages.folder()
        let url = TestImages.write(TestImages.jpeg(width: 800, height: 600, orientation: 6, colour: Self.quadrant(800, 600)), "a.jpg", in: dir)
        // Upright 600×800 in 400×400: s = min(400/600, 400/800) = 0.5 → 300×400.
        let image = try decode(url, .screen(width: 400, height: 400))
        #expect(image.width == 300 && image.height == 400)
        #expect(!image.isFullSize)
    }

    @Test("other formats go through SDL_image and the same downscale")
    func pngThumbnail() throws {
        let dir = TestImages.folder()
        let url = TestImages.writePNG(width: 300, height: 200, "a.png", in: dir, colour: Self.quadrant(300, 200))
        // Short side 50: width round(300·50/200) = 75.
        let image = try decode(url, .thumbnail(shortSide: 50))
        #expect(image.width == 75 && image.height == 50)
        #expect(TestImages.pixel(image.surface, 10, 10) == Self.quadrants[0])
        #expect(TestImages.pixel(image.surface, 70, 45) == Self.quadrants[3])
    }

    @Test("a decoded photo says whether any pixel is translucent: the transparent fixture and a keyed GIF yes, opaque RGBA and JPEG no")
    func transparencyFlag() throws {
        let fixture = try #require(HostileFiles.photo("coffee-alpha-400x400.png"))
        #expect(try decode(fixture, .thumbnail(shortSide: 64)).hasTransparency)
        #expect(try decode(fixture, .screen(width: 1280, height: 800)).hasTransparency)
        let dir = TestImages.folder()
        // SDL_image writes an RGBA PNG; every pixel at alpha 255 is scanned and found opaque.
        let opaque = TestImages.writePNG(width: 40, height: 30, "opaque.png", in: dir, colour: Self.quadrant(40, 30))
        #expect(try !decode(opaque, .screen(width: 100, height: 100)).hasTransparency)
        // The same picture with its last pixel at alpha 254: the scan must reach the very end.
        let s = TestImages.surface(width: 40, height: 30, colour: Self.quadrant(40, 30))
        defer { SDL_FreeSurface(s) }
        s.pointee.pixels.assumingMemoryBound(to: UInt32.self)[29 * Int(s.pointee.pitch) / 4 + 39] &= 0xFEFF_FFFF
        let oneTranslucent = dir.appendingPathComponent("one.png")
        #expect(IMG_SavePNG(s, oneTranslucent.path) == 0)
        #expect(try decode(oneTranslucent, .screen(width: 100, height: 100)).hasTransparency)
        // The 43-byte 1×1 GIF whose one pixel is its transparent index: SDL_image loads it as a
        // palette with a colour key, which turns into alpha 0 on conversion.
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF,
                                                  0x21, 0xF9, 4, 1, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]
        let clear = TestImages.write(gif, "clear.gif", in: dir)
        #expect(try decode(clear, .screen(width: 10, height: 10)).hasTransparency)
        let jpeg = TestImages.write(TestImages.jpeg(width: 40, height: 30, colour: Self.quadrant(40, 30)), "a.jpg", in: dir)
        #expect(try !decode(jpeg, .screen(width: 100, height: 100)).hasTransparency)
    }

    @Test("thumbnails of extreme panoramas are capped at the largest texture side")
    func panoramaCap() {
        let decoder = PhotoDecoder(maxTextureSide: 4096)
        // 40000×500, short side 256: uncapped 20480×256; capped s = 4096/40000 → 4096×51.
        let size = decoder.outputSize(width: 40000, height: 500, target: .thumbnail(shortSide: 256))
        #expect(size.width == 4096 && size.height == 51)
    }
}
