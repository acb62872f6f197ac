import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
import TestSupport

@Suite("PNG decoder: PhotoZoom's own reader gives SDL_image's pixels, and the rows a cut file holds")
struct PNGDecoderTests {
    /// A PNG of `width`×`height` samples from `sample(x, y, channel)` in `colourType` at `depth`,
    /// each row filtered with type `y % 5` (all five filters, computed as the standard defines
    /// them), deflated by zlib at `level`; a palette (`PLTE` + `tRNS`) for type 3.
    static func png(width: Int, height: Int, colourType: UInt8, depth: Int, level: Int32 = 6, sample: (Int, Int, Int) -> Int) -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colourType)]!
        let bpp = channels * depth / 8
        var raw: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: width * bpp)
        for y in 0..<height {
            var row: [UInt8] = []
            for x in 0..<width {
                for c in 0..<channels {
                    let v = sample(x, y, c)
                    if depth == 16 { row += [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] } else { row.append(UInt8(v & 0xFF)) }
                }
            }
            let filter = UInt8(y % 5)
            var filtered = row
            for i in 0..<row.count {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(previous[i]), c = i >= bpp ? Int(previous[i - bpp]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predictor = 0
                }
                filtered[i] = row[i] &- UInt8(predictor)
            }
            raw.append(filter)
            raw += filtered
            previous = row
        }
        var packed = [UInt8](repeating: 0, count: raw.count + raw.count / 100 + 64)
        var packedCount = uLong(packed.count)
        precondition(compress2(&packed, &packedCount, raw, uLong(raw.count), level) == Z_OK)
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        // The chunks as PhotoZoom's own writer frames them (length, type, data, CRC).
        var out = PNGChunks.signature
        PNGWriter.appendChunk("IHDR", be(width) + be(height) + [UInt8(depth), colourType, 0, 0, 0], to: &out)
        if colourType == 3 {
            var palette: [UInt8] = []
            for i in 0..<256 { palette += [UInt8(i), UInt8(255 - i), UInt8(i * 7 & 0xFF)] }
            PNGWriter.appendChunk("PLTE", palette, to: &out)
            PNGWriter.appendChunk("tRNS", (0..<256).map { (i: Int) -> UInt8 in i < 128 ? 255 : UInt8(i) }, to: &out)
        }
        PNGWriter.appendChunk("IDAT", Array(packed[0..<Int(packedCount)]), to: &out)
        PNGWriter.appendChunk("IEND", [], to: &out)
        return out
    }

    /// SDL_image's reading of `bytes`, as ARGB8888.
    static func sdlImage(_ bytes: [UInt8]) -> UnsafeMutablePointer<SDL_Surface>? {
        let loaded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            IMG_LoadTyped_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)), 1, "PNG")
        }
        return loaded.flatMap(SurfaceOps.toARGB)
    }

    /// The ARGB word at (x, y).
    static func word(_ s: UnsafeMutablePointer<SDL_Surface>, _ x: Int, _ y: Int) -> UInt32 {
        (s.pointee.pixels + y * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)[x]
    }

    static let fill: UInt32 = 0xFF38_383D

    @Test("grey, grey + alpha, RGB and RGBA at 8 and 16 bits and palettes with transparency read as SDL_image reads them",
          arguments: [(UInt8(0), 8), (0, 16), (2, 8), (2, 16), (3, 8), (4, 8), (4, 16), (6, 8), (6, 16)])
    func matchesSDLImage(colourType: UInt8, depth: Int) throws {
        let max = (1 << depth) - 1
        let bytes = Self.png(width: 37, height: 23, colourType: colourType, depth: depth) { x, y, c in
            Int(TestImages.noise(x * 3 + c, y).r) * max / 255
        }
        let own = try #require(PNGDecoder.decode(bytes, pixelLimit: 1 << 20, fill: Self.fill))
        defer { SDL_FreeSurface(own.surface) }
        let reference = try #require(Self.sdlImage(bytes))
        defer { SDL_FreeSurface(reference) }
        #expect(own.isComplete && own.rowsRead == 23)
        var differing = 0
        for y in 0..<23 { for x in 0..<37 where Self.word(own.surface, x, y) != Self.word(reference, x, y) { differing += 1 } }
        #expect(differing == 0)
    }

    @Test("a PNG cut in half gives its whole rows exactly and the fill colour below, the row cut through included")
    func cutInHalf() throws {
        let (w, h) = (64, 48)
        // Stored (level 0) deflate: the rows follow one another after 48 bytes (signature 8, IHDR
        // 25, IDAT head 8, zlib head 2, stored block head 5), 1 + 3·64 bytes each.
        let bytes = Self.png(width: w, height: h, colourType: 2, depth: 8, level: 0) { x, y, c in Int(TestImages.noise(x + c, y).g) }
        let whole = try #require(PNGDecoder.decode(bytes, pixelLimit: 1 << 20, fill: Self.fill))
        defer { SDL_FreeSurface(whole.surface) }
        let half = Array(bytes.prefix(bytes.count / 2))
        let decoded = PNGDecoder.decode(half, pixelLimit: 1 << 20, fill: Self.fill)
        let cut = try #require(decoded)
        defer { SDL_FreeSurface(cut.surface) }
        let expectedRows = (bytes.count / 2 - 48) / (1 + 3 * w)
        #expect(cut.rowsRead == expectedRows)
        #expect(!cut.isComplete)
        for y in 0..<h {
            for x in 0..<w {
                let expected = y < cut.rowsRead ? Self.word(whole.surface, x, y) : Self.fill
                if Self.word(cut.surface, x, y) != expected { Issue.record("pixel \(x),\(y)"); return }
            }
        }
    }

    /// The seeds of the mutation test: every layout the decoder handles (grey, grey + alpha, RGB,
    /// RGBA at 8 and 16 bits, 8-bit palette with `tRNS`), 40 × 30 of noise, and the fuzz corpus's
    /// PNG (`Fixtures/FuzzSeeds/seed.png`, cut from a photo).
    static func mutationSeeds() -> [(name: String, bytes: [UInt8])] {
        var seeds: [(String, [UInt8])] = []
        for (type, depths) in [(UInt8(0), [8, 16]), (4, [8, 16]), (2, [8, 16]), (6, [8, 16]), (3, [8])] {
            for depth in depths {
                seeds.append(("type \(type), \(depth) bits", Self.png(width: 40, height: 30, colourType: type, depth: depth) { x, y, c in
                    Int(TestImages.noise(x + c, y).b) * (depth == 16 ? 257 : 1)
                }))
            }
        }
        let corpus = Repository.path("Tests/DesktopTests/Fixtures/FuzzSeeds/seed.png")
        seeds.append(("FuzzSeeds/seed.png", HostileFiles.bytes(corpus)))
        return seeds
    }

    @Test("cut and mutated PNGs never crash or read out of bounds: every seed decodes whole, each damaged copy gives nil or a picture of its header's size, and most cuts still show their rows")
    func fuzz() throws {
        var state: UInt64 = 20
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        let seeds = Self.mutationSeeds()
        #expect(seeds.count == 10 && seeds.last!.bytes.count > 1000)
        var cuts = 0, cutsShown = 0, changed = 0, changedShown = 0
        for (name, bytes) in seeds {
            // The seed itself: whole, at its header's size (IHDR's width and height, bytes 16-23).
            let width = Int(ImageHeader.be32(bytes, 16)), height = Int(ImageHeader.be32(bytes, 20))
            let seed = try #require(PNGDecoder.decode(bytes, pixelLimit: 1 << 20, fill: Self.fill), "\(name) does not decode")
            #expect(seed.isComplete && Int(seed.surface.pointee.w) == width && Int(seed.surface.pointee.h) == height, "\(name)")
            SDL_FreeSurface(seed.surface)
            // The first row's data ends after the headers and a row's worth of compressed bytes: a cut
            // past the half of the file holds rows.
            for round in 0..<200 {
                var mutated = bytes
                let isCut = round % 2 == 0
                if isCut {
                    mutated = Array(mutated.prefix(bytes.count / 2 + next(bytes.count / 2)))
                } else {
                    for _ in 0..<(1 + next(4)) { mutated[next(mutated.count)] = UInt8(next(256)) }
                }
                let out = PNGDecoder.decode(mutated, pixelLimit: 1 << 20, fill: Self.fill)
                if isCut { cuts += 1 } else { changed += 1 }
                guard let out else { continue }
                if isCut { cutsShown += 1 } else { changedShown += 1 }
                #expect(out.rowsRead > 0 && out.rowsRead <= Int(out.surface.pointee.h))
                // A cut keeps the header: the picture is the seed's size.
                if isCut { #expect(Int(out.surface.pointee.w) == width && Int(out.surface.pointee.h) == height, "\(name) round \(round)") }
                SDL_FreeSurface(out.surface)
            }
        }
        // A cut in the second half of a file keeps its first rows, so nearly every cut shows
        // (measured: 1,000 of 1,000); one to four bytes changed anywhere still leave most files
        // showing (measured: 912 of 1,000). A decoder that refused everything fails both.
        print("[figure] PNG mutations: \(cutsShown) of \(cuts) cuts and \(changedShown) of \(changed) changed files decoded")
        #expect(cutsShown * 10 >= cuts * 9)
        #expect(changedShown * 2 >= changed)
    }
}
