import CSDL2
import PhotoFiles
import Diagnostics

/// Saves what a renderer has drawn (before it is presented) as a PNG.
package enum Screenshot {
    package static func save(_ renderer: OpaquePointer, to path: String) throws {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw CommandLineError("cannot make a \(w)×\(h) surface for the screenshot: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw CommandLineError("cannot read the frame back: \(String(cString: SDL_GetError()))")
        }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw CommandLineError("\(path): cannot write the screenshot: \(String(cString: SDL_GetError()))")
        }
    }
}
