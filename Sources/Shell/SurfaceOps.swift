import CSDL2

/// Small SDL surface helpers shared by the decoders and the renderer.
enum SurfaceOps {
    /// `surface` converted to ARGB8888 (freeing the original), or nil.
    static func toARGB(_ surface: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        if surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue { return surface }
        let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        SDL_FreeSurface(surface)
        return converted
    }

    /// A downscaled copy of `surface` whose shorter side is about `side` pixels, made by repeated
    /// halving (box filter, good quality) then one final linear scale. Returns a new surface.
    static func downscaled(_ surface: UnsafeMutablePointer<SDL_Surface>, shortSide side: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        var current = surface
        var owned = false
        while min(current.pointee.w, current.pointee.h) >= Int32(side * 2) {
            guard let half = halve(current) else { break }
            if owned { SDL_FreeSurface(current) }
            current = half
            owned = true
        }
        let w = current.pointee.w, h = current.pointee.h
        let s = Double(side) / Double(min(w, h))
        if s >= 1 {
            if owned { return current }
            return SDL_DuplicateSurface(current)
        }
        let nw = max(1, Int32((Double(w) * s).rounded())), nh = max(1, Int32((Double(h) * s).rounded()))
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, nw, nh, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        SDL_SetSurfaceBlendMode(current, SDL_BLENDMODE_NONE)
        var dst = SDL_Rect(x: 0, y: 0, w: nw, h: nh)
        SDL_UpperBlitScaled(current, nil, out, &dst)
        if owned { SDL_FreeSurface(current) }
        return out
    }

    /// A 2×2 box-filtered half-size copy of an ARGB8888 surface.
    static func halve(_ src: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = Int(src.pointee.w) / 2, h = Int(src.pointee.h) / 2
        guard w > 0, h > 0, let dst = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        let sp = src.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let dp = dst.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let spitch = Int(src.pointee.pitch), dpitch = Int(dst.pointee.pitch)
        for y in 0..<h {
            let r0 = sp + (2 * y) * spitch, r1 = sp + (2 * y + 1) * spitch
            let d = dp + y * dpitch
            for x in 0..<w {
                let o = 8 * x
                for c in 0..<4 {
                    let sum = Int(r0[o + c]) + Int(r0[o + 4 + c]) + Int(r1[o + c]) + Int(r1[o + 4 + c])
                    d[4 * x + c] = UInt8((sum + 2) >> 2)
                }
            }
        }
        return dst
    }
}
