import CSDL2
import Foundation

/// PROVISIONAL texture source: decodes with SDL_image on the frame loop at first demand.
/// The photo-pipeline issue replaces it with decoder threads, scaled JPEG decoding and a budget.
public final class SimpleTextureSource: PhotoTextureSource {
    private let files: [URL]
    private var thumbnails: [Int: Texture] = [:]
    private var full: [Int: Texture] = [:]
    private var broken: Set<Int> = []
    private let warn: (String) -> Void

    public init(files: [URL], warn: @escaping (String) -> Void) {
        self.files = files
        self.warn = warn
    }

    deinit {
        for t in thumbnails.values { SDL_DestroyTexture(t.handle) }
        for t in full.values { SDL_DestroyTexture(t.handle) }
    }

    public func prepare(for demand: SceneDemand, renderer: OpaquePointer) {
        for i in demand.visibleCells where thumbnails[i] == nil && !broken.contains(i) {
            load(i, renderer: renderer, shortSide: max(64, demand.cellPixels))
        }
        for i in demand.largePhotos where full[i] == nil && !broken.contains(i) {
            load(i, renderer: renderer, shortSide: nil)
        }
    }

    public func texture(for photo: Int, preferFull: Bool) -> Texture? {
        if preferFull, let t = full[photo] { return t }
        return thumbnails[photo]
    }

    public func isBroken(_ photo: Int) -> Bool { broken.contains(photo) }

    private func load(_ i: Int, renderer: OpaquePointer, shortSide: Int?) {
        guard files.indices.contains(i) else { return }
        guard let raw = IMG_Load(files[i].path), let surface = SurfaceOps.toARGB(raw) else {
            broken.insert(i)
            warn("warning: \(files[i].path): cannot decode (\(String(cString: SDL_GetError()))); showing a placeholder")
            return
        }
        defer { SDL_FreeSurface(surface) }
        let scaled = shortSide.flatMap { SurfaceOps.downscaled(surface, shortSide: $0) } ?? surface
        defer { if scaled != surface { SDL_FreeSurface(scaled) } }
        guard let tex = SDL_CreateTextureFromSurface(renderer, scaled) else { return }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let t = Texture(handle: tex, width: Int(scaled.pointee.w), height: Int(scaled.pointee.h))
        if shortSide == nil { full[i] = t } else { thumbnails[i] = t }
    }
}
