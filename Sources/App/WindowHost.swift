import CSandbox
import CSDL2
import Foundation
import Geometry
import PhotoFiles

/// An SDL window with its renderer, as the live window and the trace player both open it: SDL's
/// video and SDL_image's decoders started, a resizable HiDPI-aware window, an accelerated renderer
/// with vsync (else the software one). `close()` undoes it all.
///
/// The live window asks for vsync only on a display that has a refresh rate SDL can read
/// (`VSync.whenDisplayRefreshes`): under Xvfb, whose displays have none, a present with vsync
/// waits for the Present extension's simulated 60 Hz vblank, which shows nothing sooner and
/// delays every frame by up to an interval (docs/pipeline.md "Input to pixels").
///
/// A window opened `fast` (the live window's grid) shows its first frames before the accelerated
/// renderer exists: making it takes 80–130 ms without a GPU (Mesa's llvmpipe loads libLLVM), most
/// of a second visit's start-up (docs/pipeline.md "Start-up"). On X11 such a window is made by
/// PhotoZoom and adopted by SDL, and its first frames are drawn by SDL's software renderer into
/// the window's own pixels (`isProvisional`); `finishOpening()` then makes the accelerated renderer
/// for the same window, whose pixels stay on screen meanwhile (SDL would recreate a window it made
/// itself to give it OpenGL: a blank window for a moment). Elsewhere, or when any step fails, a
/// fast window opens as any other.
package final class WindowHost {
    package let window: OpaquePointer
    package private(set) var renderer: OpaquePointer
    /// True while the frames are drawn by the software renderer standing in until `finishOpening()`.
    private(set) var isProvisional = false
    /// For a window SDL adopted: SDL's X connection, the window (PhotoZoom destroys it), and the
    /// hidden window of SDL's that told the connection, kept until `close()`.
    private var adopted: Adopted?
    /// When the accelerated renderer presents with vsync.
    private let vsync: VSync
    /// True when the renderer's presents wait for the display's vblank (vsync asked for and granted).
    private(set) var waitsForVBlank = false

    /// When an accelerated renderer presents with vsync.
    package enum VSync {
        /// Always (the trace player, paced by its presents).
        case always
        /// When SDL can read the display's refresh rate; `PHOTOZOOM_VSYNC=0` or `1` decides instead.
        case whenDisplayRefreshes
    }

    private struct Adopted {
        var display: OpaquePointer
        var window: Window
        var probe: OpaquePointer
    }

    /// Opens a window of `size` points titled `title`. Throws a `ShellError` when SDL cannot start,
    /// or the window or its renderer cannot be made.
    package init(title: String, size: Size, fast: Bool = false, vsync: VSync = .always) throws {
        self.vsync = vsync
        Self.prepareEnvironment()
        WindowControl.useUTF8Titles()
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // A window's own pixels (the software renderer's target) are the X server's shared memory,
        // never an OpenGL texture made to hold them.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw ShellError("cannot start SDL video: \(String(cString: SDL_GetError()))")
        }
        // A drag source or clipboard requestor that quits before SDL's reply reaches it no longer
        // ends the app with Xlib's BadWindow exit.
        if let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" { pz_x11_tolerate_vanished_windows() }
        // A hang-up quits as Ctrl+C and SIGTERM do (a quit event), so state.json and the trace are written (issue 33).
        pz_hang_up_as_quit()
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_WEBP.rawValue | IMG_INIT_TIF.rawValue))
        if fast, let (window, renderer, adopted) = Self.openAdopted(title: title, size: size) {
            self.window = window
            self.renderer = renderer
            self.adopted = adopted
            isProvisional = true
            return
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(size.width), Int32(size.height), flags) else {
            let message = String(cString: SDL_GetError())
            IMG_Quit()
            SDL_Quit()
            throw ShellError("cannot open a window: \(message)")
        }
        guard let renderer = Self.makeRenderer(for: window, vsync: Self.presentsWithVSync(vsync, window: window)) else {
            let message = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            IMG_Quit()
            SDL_Quit()
            throw ShellError("cannot create a renderer: \(message)")
        }
        self.window = window
        self.renderer = renderer
        waitsForVBlank = Self.hasVSync(renderer)
    }

    /// The accelerated renderer, with vsync when `vsync`, else the software one.
    private static func makeRenderer(for window: OpaquePointer, vsync: Bool) -> OpaquePointer? {
        SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0))
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    }

    /// Whether a renderer for `window` presents with vsync under `policy`.
    private static func presentsWithVSync(_ policy: VSync, window: OpaquePointer) -> Bool {
        if let value = getenv("PHOTOZOOM_VSYNC") { return String(cString: value) != "0" }
        switch policy {
        case .always: return true
        case .whenDisplayRefreshes: return refreshRate(of: window) != nil
        }
    }

    /// True when `renderer` presents with vsync.
    private static func hasVSync(_ renderer: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        return SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    }

    /// The refresh rate (Hz) of the display `window` is on, nil when SDL cannot say (Xvfb).
    private static func refreshRate(of window: OpaquePointer) -> Double? {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Double(mode.refresh_rate)
    }

    /// On X11: a window made on SDL's connection, centred on the first display, adopted by SDL and
    /// shown, with the software renderer drawing into its pixels; nil (nothing left behind) when
    /// SDL's driver is not X11 or a step fails.
    ///
    /// SDL tells its connection only through a window of its own: a hidden 1×1 one, never mapped,
    /// which stays until `close()`, its class `photozoom-connection` (a search for the class
    /// `photozoom` finds the app's window alone). Destroyed at once, it would vanish while other programs list
    /// the windows, as window switchers and `xdotool search` do, and Xlib ends a program that asks
    /// about a window gone meanwhile (a `BadWindow` error).
    private static func openAdopted(title: String, size: Size) -> (OpaquePointer, OpaquePointer, Adopted)? {
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11",
              let probe = SDL_CreateWindow("", 0, 0, 1, 1, SDL_WINDOW_HIDDEN.rawValue) else { return nil }
        guard let display = pz_x11_display_of(probe) else {
            SDL_DestroyWindow(probe)
            return nil
        }
        pz_x11_set_class(probe, "photozoom-connection")
        func fail() -> (OpaquePointer, OpaquePointer, Adopted)? {
            SDL_DestroyWindow(probe)
            return nil
        }
        var bounds = SDL_Rect()
        if SDL_GetDisplayBounds(0, &bounds) != 0 { bounds = SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height)) }
        let width = Int32(size.width), height = Int32(size.height)
        let x = bounds.x + (bounds.w - width) / 2, y = bounds.y + (bounds.h - height) / 2
        let xWindow = pz_x11_make_adoptable_window(display, title, "photozoom", x, y, width, height)
        guard xWindow != 0 else { return fail() }
        guard let window = SDL_CreateWindowFrom(UnsafeRawPointer(bitPattern: UInt(xWindow))) else {
            pz_x11_destroy_adopted_window(display, xWindow)
            return fail()
        }
        guard pz_x11_select_sdl_input(window) == 0 else {
            SDL_DestroyWindow(window)
            pz_x11_destroy_adopted_window(display, xWindow)
            return fail()
        }
        SDL_ShowWindow(window)
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(window)
            pz_x11_destroy_adopted_window(display, xWindow)
            return fail()
        }
        return (window, renderer, Adopted(display: display, window: xWindow, probe: probe))
    }

    /// The pixel format of the window's own pixels while `isProvisional`, nil otherwise.
    var provisionalPixelFormat: UInt32? {
        guard isProvisional, let surface = SDL_GetWindowSurface(window) else { return nil }
        return surface.pointee.format.pointee.format
    }

    /// Replaces the software renderer standing in with the accelerated one (else a software renderer
    /// of SDL's own making), for the same window, whose pixels stay on screen until its next frame.
    /// Every texture of the old renderer is gone: its owners make them again first
    /// (`PhotoPipeline.moveTextures(to:)`). Throws a `ShellError` when no renderer can be made.
    func finishOpening() throws {
        guard isProvisional else { return }
        SDL_DestroyRenderer(renderer)
        isProvisional = false
        HandOverHold.waitIfAsked()
        guard let made = Self.makeRenderer(for: window, vsync: Self.presentsWithVSync(vsync, window: window)) else {
            hasRenderer = false
            throw ShellError("cannot create a renderer: \(String(cString: SDL_GetError()))")
        }
        renderer = made
        waitsForVBlank = Self.hasVSync(made)
    }

    /// False once a renderer could not be made to replace the one standing in (`close()` has none to destroy).
    private var hasRenderer = true

    /// Sets what SDL and Xlib read from the environment before SDL starts: X11 unless another
    /// video driver is asked for, and no Compose table. PhotoZoom reads keys, never text, yet
    /// SDL opens an X input method at start-up, and libX11's local one parses the locale's whole
    /// Compose file (about 6,000 rules: 20–30 ms of `SDL_Init`, docs/pipeline.md "Start-up") for
    /// the dead keys and Compose sequences of text input it is never asked for. A Compose file
    /// the user names in `XCOMPOSEFILE` is left alone. Idempotent; `PhotoZoomApp` calls it before any thread
    /// starts (`setenv` is not safe beside other threads' `getenv`).
    static func prepareEnvironment() {
        if getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "x11", 1) }
        if getenv("XCOMPOSEFILE") == nil { setenv("XCOMPOSEFILE", "/dev/null", 1) }
        MesaShaderCache.prepareEnvironment()
    }

    /// Destroys the renderer and the window and stops SDL (textures must be gone first).
    package func close() {
        if hasRenderer { SDL_DestroyRenderer(renderer) }
        SDL_DestroyWindow(window)
        if let adopted {
            pz_x11_destroy_adopted_window(adopted.display, adopted.window)
            SDL_DestroyWindow(adopted.probe)
        }
        IMG_Quit()
        SDL_Quit()
    }

    /// The window's size in points.
    package var windowSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(Double(w), Double(h))
    }

    /// Seconds between the refreshes of the display the window is on (1/60 when SDL cannot say).
    package var refreshInterval: Double { 1 / (Self.refreshRate(of: window) ?? 60) }

    /// Drawable pixels per window point (2 on a HiDPI display) for a window of `size` points.
    package func pointScale(for size: Size) -> Double {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return size.width > 0 ? Double(pw) / size.width : 1
    }
}
