import CSDL2
import Foundation
import Geometry

/// An SDL window with its renderer, as the live window and the trace player both open it: SDL's
/// video and SDL_image's decoders started, a resizable HiDPI-aware window, an accelerated renderer
/// with vsync (else the software one). `close()` undoes it all.
final class WindowHost {
    let window: OpaquePointer
    let renderer: OpaquePointer

    /// Opens a window of `size` points titled `title`. Throws a `ShellError` when SDL cannot start,
    /// or the window or its renderer cannot be made.
    init(title: String, size: Size) throws {
        Self.prepareEnvironment()
        WindowControl.useUTF8Titles()
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw ShellError("cannot start SDL video: \(String(cString: SDL_GetError()))")
        }
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue | IMG_INIT_TIF.rawValue))
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(size.width), Int32(size.height), flags) else {
            let message = String(cString: SDL_GetError())
            IMG_Quit()
            SDL_Quit()
            throw ShellError("cannot open a window: \(message)")
        }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let message = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            IMG_Quit()
            SDL_Quit()
            throw ShellError("cannot create a renderer: \(message)")
        }
        self.window = window
        self.renderer = renderer
    }

    /// Sets what SDL and Xlib read from the environment before SDL starts: X11 unless another
    /// video driver is asked for, and no Compose table. PhotoZoom reads keys, never text, yet
    /// SDL opens an X input method at start-up, and libX11's local one parses the locale's whole
    /// Compose file (about 6,000 rules: 20–30 ms of `SDL_Init`, docs/pipeline.md "Start-up") for
    /// the dead keys and Compose sequences of text input it is never asked for. A Compose file
    /// the user names in `XCOMPOSEFILE` is left alone. Idempotent; `App` calls it before any thread
    /// starts (`setenv` is not safe beside other threads' `getenv`).
    static func prepareEnvironment() {
        if getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "x11", 1) }
        if getenv("XCOMPOSEFILE") == nil { setenv("XCOMPOSEFILE", "/dev/null", 1) }
    }

    /// Destroys the renderer and the window and stops SDL (textures must be gone first).
    func close() {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        IMG_Quit()
        SDL_Quit()
    }

    /// The window's size in points.
    var windowSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(Double(w), Double(h))
    }

    /// Seconds between the refreshes of the display the window is on (1/60 when SDL cannot say).
    var refreshInterval: Double {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return 1.0 / 60 }
        return 1 / Double(mode.refresh_rate)
    }

    /// Drawable pixels per window point (2 on a HiDPI display) for a window of `size` points.
    func pointScale(for size: Size) -> Double {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return size.width > 0 ? Double(pw) / size.width : 1
    }
}
