import CSDL2
import ImageFormats

/// Small SDL surface helpers shared by the decoders and the renderer. All work on ARGB8888
/// surfaces, are safe on any thread for surfaces no other thread touches, and return new surfaces.
package enum SurfaceOps {
    /// `surface` converted to ARGB8888 (freeing the original), or nil.
    package static func toARGB(_ surface: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        if surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue { return surface }
        let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        SDL_FreeSurface(surface)
        return converted
    }

    /// True when any pixel of an ARGB8888 `surface` has alpha below 255. One read of each pixel,
    /// stopping at the first translucent one.
    /// A surface with no pixels to read (SDL_image makes 0×N surfaces, whose pixels are NULL, from
    /// some XCF and LBM files; issue 33's trap), or rows shorter than its width, is answered false.
    package static func hasTransparency(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), row = Int(surface.pointee.pitch) / 4
        guard w > 0, h > 0, row >= w, surface.pointee.format.pointee.BytesPerPixel == 4,
              let pixels = surface.pointee.pixels as UnsafeMutableRawPointer? else { return false }
        let px = pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<h {
            let r = px + y * row
            for x in 0..<w where r[x] < 0xFF00_0000 { return true }
        }
        return false
    }

    /// True when SDL's `surface` (as loaded, any format) can hold a pixel that is not opaque: an
    /// alpha channel, a colour key or a palette (whose entries may carry alpha).
    static func mayHaveTransparency(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        let format = surface.pointee.format.pointee
        return format.Amask != 0 || format.palette != nil || SDL_HasColorKey(surface) == SDL_TRUE
    }

    /// A new ARGB8888 surface, or nil when SDL cannot allocate it.
    package static func make(width: Int, height: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    }

    /// A downscaled copy of `surface` whose shorter side is about `side` pixels (aspect kept).
    static func downscaled(_ surface: UnsafeMutablePointer<SDL_Surface>, shortSide side: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        let s = min(1, Double(side) / Double(min(w, h)))
        return downscaled(surface, toWidth: max(1, Int((Double(w) * s).rounded())), height: max(1, Int((Double(h) * s).rounded())))
    }

    /// A copy of `surface` at `width`×`height` (not larger than the source): repeated 2×2 box-filter
    /// halving while both sides are at least twice the target, then one bilinear step to the exact
    /// size. Every source pixel contributes, so fine detail averages instead of aliasing.
    static func downscaled(_ surface: UnsafeMutablePointer<SDL_Surface>, toWidth width: Int, height: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        var current = surface
        var owned = false
        defer { if owned { SDL_FreeSurface(current) } }
        while Int(current.pointee.w) >= 2 * width, Int(current.pointee.h) >= 2 * height {
            guard let half = halve(current) else { return nil }
            if owned { SDL_FreeSurface(current) }
            current = half
            owned = true
        }
        let w = Int(current.pointee.w), h = Int(current.pointee.h)
        if w == width && h == height {
            if owned { owned = false; return current }
            return SDL_DuplicateSurface(current)
        }
        guard let out = make(width: min(width, w), height: min(height, h)) else { return nil }
        var dst = SDL_Rect(x: 0, y: 0, w: out.pointee.w, h: out.pointee.h)
        guard SDL_SoftStretchLinear(current, nil, out, &dst) == 0 else {
            SDL_FreeSurface(out)
            return nil
        }
        return out
    }

    /// A 2×2 box-filtered half-size copy of an ARGB8888 surface (an odd last row or column is dropped).
    static func halve(_ src: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = Int(src.pointee.w) / 2, h = Int(src.pointee.h) / 2
        guard w > 0, h > 0, let dst = make(width: w, height: h) else { return nil }
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

    /// The upright picture of an ARGB8888 `surface` stored with EXIF `orientation`: a new surface
    /// (sides swapped for 5...8), or nil when SDL cannot allocate it. Each orientation's pixel map
    /// is affine, so one walk with two strides serves all eight.
    package static func oriented(_ surface: UnsafeMutablePointer<SDL_Surface>, _ orientation: ExifOrientation) -> UnsafeMutablePointer<SDL_Surface>? {
        let sw = Int(surface.pointee.w), sh = Int(surface.pointee.h)
        let (uw, uh) = orientation.uprightSize(width: sw, height: sh)
        guard let out = make(width: uw, height: uh) else { return nil }
        let row = Int(surface.pointee.pitch) / 4, outRow = Int(out.pointee.pitch) / 4
        func index(_ p: (x: Int, y: Int)) -> Int { p.x + p.y * row }
        let origin = index(orientation.storedPixel(forUpright: 0, 0, storedWidth: sw, storedHeight: sh))
        let stepX = uw > 1 ? index(orientation.storedPixel(forUpright: 1, 0, storedWidth: sw, storedHeight: sh)) - origin : 0
        let stepY = uh > 1 ? index(orientation.storedPixel(forUpright: 0, 1, storedWidth: sw, storedHeight: sh)) - origin : 0
        let src = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let dst = out.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<uh {
            var s = origin + y * stepY
            let d = dst + y * outRow
            for x in 0..<uw {
                d[x] = src[s]
                s += stepX
            }
        }
        return out
    }
}
