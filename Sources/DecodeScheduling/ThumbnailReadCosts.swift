import CSDL2
import Foundation
import Decoding
import ImageFormats

/// What reading thumbnail-cache entries costs, for `scripts/bench pipeline` (the figures behind
/// reading the freedesktop PNG entries in process rather than keeping a cache of PhotoZoom's own;
/// docs/pipeline.md). CPU seconds of the calling thread per entry, best of `rounds`.
public struct ThumbnailReadCosts: Sendable {
    /// Reading the entry's file.
    public var fileRead = 0.0
    /// Reading it and decoding it with `PNGDecoder` (PhotoZoom's own, in process).
    public var ownDecoder = 0.0
    /// Reading it and decoding it with SDL_image (what a decoder helper does).
    public var sdlImage = 0.0
    /// Reading the same pixels stored raw (4 bytes a pixel, no compression): a cache of PhotoZoom's own.
    public var rawPixels = 0.0
    /// Mean bytes of an entry, PNG and raw.
    public var pngBytes = 0
    public var rawBytes = 0

    /// Measures the entries at `paths` (PNG files), storing raw copies in `scratch` for the raw figure.
    public static func measure(entries paths: [String], scratch: URL, rounds: Int = 3) -> ThumbnailReadCosts {
        var costs = ThumbnailReadCosts()
        guard !paths.isEmpty else { return costs }
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var raws: [String] = []
        for (i, path) in paths.enumerated() {
            guard let bytes = try? PhotoFile(path: path).readAll(),
                  let out = PNGDecoder.decode(bytes, pixelLimit: FreedesktopThumbnailCache.entryPixelLimit, fill: 0) else { continue }
            let raw = scratch.appendingPathComponent("\(i).raw").path
            let count = Int(out.surface.pointee.pitch) * Int(out.surface.pointee.h)
            FileManager.default.createFile(atPath: raw, contents: Data(bytes: out.surface.pointee.pixels, count: count))
            SDL_FreeSurface(out.surface)
            raws.append(raw)
            costs.pngBytes += bytes.count
            costs.rawBytes += count
        }
        costs.pngBytes /= max(1, raws.count)
        costs.rawBytes /= max(1, raws.count)
        func best(_ body: () -> Void) -> Double {
            var fastest = Double.infinity
            for _ in 0..<max(1, rounds) {
                let start = DecoderThreads.threadCPUSeconds()
                body()
                fastest = min(fastest, DecoderThreads.threadCPUSeconds() - start)
            }
            return fastest / Double(paths.count)
        }
        costs.fileRead = best { for p in paths { _ = try? PhotoFile(path: p).readAll() } }
        costs.ownDecoder = best {
            for p in paths {
                guard let bytes = try? PhotoFile(path: p).readAll(),
                      let out = PNGDecoder.decode(bytes, pixelLimit: FreedesktopThumbnailCache.entryPixelLimit, fill: 0) else { continue }
                SDL_FreeSurface(out.surface)
            }
        }
        costs.sdlImage = best {
            for p in paths {
                guard let bytes = try? PhotoFile(path: p).readAll() else { continue }
                let loaded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
                    IMG_LoadTyped_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)), 1, "PNG")
                }
                if let argb = loaded.flatMap(SurfaceOps.toARGB) { SDL_FreeSurface(argb) }
            }
        }
        costs.rawPixels = best { for r in raws { _ = try? PhotoFile(path: r).readAll() } }
        return costs
    }
}
