import CSDL2
import Decoding
import Diagnostics

/// Frames of a replay side by side in one picture, each shrunk by a whole factor: the filmstrip a
/// motion golden carries beside its time series (docs/goldens.md), for a person reviewing a change.
///
/// Each frame is drawn by a `HeadlessRenderer` and shrunk by averaging `shrink × shrink` blocks in
/// integers, so the same frames give the same bytes on every run. The photos are drawn as the
/// window's placeholders (`PlaceholderTextures`): no decoder is in the loop, so no decoder's version
/// changes a pixel; what moves, fades and scales is all there.
package struct Filmstrip {
    /// Frames across.
    package let columns: Int
    /// Each frame is shrunk by this factor on both axes.
    package let shrink: Int
    /// One frame's size in the strip, pixels.
    package let cellWidth: Int
    package let cellHeight: Int
    /// ARGB8888 as the renderer writes it (B, G, R, A in memory), `columns × cellWidth` across.
    private var pixels: [UInt8]

    /// A strip of `columns` frames `frameWidth × frameHeight` pixels each, shrunk by `shrink`.
    package init(columns: Int, frameWidth: Int, frameHeight: Int, shrink: Int) {
        self.columns = max(1, columns)
        self.shrink = max(1, shrink)
        cellWidth = max(1, frameWidth / self.shrink)
        cellHeight = max(1, frameHeight / self.shrink)
        pixels = [UInt8](repeating: 0, count: self.columns * cellWidth * cellHeight * 4)
    }

    package var width: Int { columns * cellWidth }
    package var height: Int { cellHeight }

    /// Puts what `renderer` last drew into column `column`, shrunk (each channel the rounded mean
    /// of its block); a frame of another size is cropped or left black where it falls short.
    package mutating func add(from renderer: HeadlessRenderer, at column: Int) throws {
        guard (0..<columns).contains(column) else { return }
        let (frameWidth, frameHeight) = renderer.pixelSize
        let k = shrink, stride = width * 4, area = k * k
        try renderer.withPixels { source, pitch in
            for y in 0..<cellHeight where (y + 1) * k <= frameHeight {
                for x in 0..<cellWidth where (x + 1) * k <= frameWidth {
                    var sums = (0, 0, 0, 0)
                    for dy in 0..<k {
                        let row = (y * k + dy) * pitch
                        for dx in 0..<k {
                            let i = row + (x * k + dx) * 4
                            sums.0 += Int(source[i]); sums.1 += Int(source[i + 1]); sums.2 += Int(source[i + 2]); sums.3 += Int(source[i + 3])
                        }
                    }
                    let o = y * stride + (column * cellWidth + x) * 4
                    pixels[o] = UInt8((sums.0 + area / 2) / area)
                    pixels[o + 1] = UInt8((sums.1 + area / 2) / area)
                    pixels[o + 2] = UInt8((sums.2 + area / 2) / area)
                    pixels[o + 3] = UInt8((sums.3 + area / 2) / area)
                }
            }
        }
    }

    /// The strip as PNG bytes (`PNGWriter`: opaque 8-bit RGB).
    package func pngBytes() throws(CommandLineError) -> [UInt8] {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw CommandLineError("cannot make a \(width)×\(height) surface: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch), stride = width * 4
        if let target = surface.pointee.pixels {
            pixels.withUnsafeBytes { source in
                for y in 0..<height {
                    (target + y * pitch).copyMemory(from: source.baseAddress! + y * stride, byteCount: stride)
                }
            }
        }
        return try PNGWriter.encode(surface)
    }
}

/// A texture supply with no pictures: every photo is drawn as the placeholder the window shows
/// before its decode arrives (the filmstrip's photos).
package final class PlaceholderTextures: PhotoTextureSupply {
    package init() {}
    package func texture(for photo: Int, preferFull: Bool) -> Texture? { nil }
    package func isBroken(_ photo: Int) -> Bool { false }
    package func prepare(for scene: SceneDemand, renderer: OpaquePointer) {}
}
