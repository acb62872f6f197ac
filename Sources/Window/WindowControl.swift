import CSDL2
import Foundation
import Geometry

/// The window's title and fullscreen state, as the viewer's Scene and requests ask.
package final class WindowControl {
    private let window: OpaquePointer
    /// What the title names in the grid (the folder; another once a folder is chosen or dropped).
    package var setName: String
    private var title: String?
    package private(set) var isFullscreen = false
    /// The window's size before it went fullscreen: what is remembered.
    private(set) var windowedSize: Size
    private var windowedPosition: (x: Int32, y: Int32) = (0, 0)

    package init(window: OpaquePointer, setName: String, size: Size) {
        self.window = window
        self.setName = setName
        windowedSize = size
    }

    /// Lets X11 take UTF-8 titles (a photo named `Ä.jpg`, the title's dash): Xlib converts a
    /// title through the character-type locale, which is "C" in a Swift program until set, and in
    /// "C" SDL's title update is lost. Only LC_CTYPE changes: numbers still print with a dot.
    package static func useUTF8Titles() {
        if setlocale(LC_CTYPE, "") == nil || !String(cString: nl_langinfo(nl_item(CODESET))).uppercased().contains("UTF") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Sets the title to "name — PhotoZoom" (the open photo's name, else the folder's), when it changed.
    package func update(subject: String?) {
        let name = subject ?? setName
        let next = name.isEmpty ? "PhotoZoom" : name + " — PhotoZoom"
        guard next != title else { return }
        SDL_SetWindowTitle(window, next)
        title = next
    }

    /// Covers the screen the window is on, or returns to the windowed size and place.
    ///
    /// Done as a borderless window with the display's bounds rather than SDL's fullscreen, which
    /// asks the window manager (`_NET_WM_STATE_FULLSCREEN`) and does nothing without one (a bare
    /// X server, a kiosk); window managers take an undecorated screen-sized window as fullscreen.
    /// The new size reaches the viewer as an ordinary resize event.
    package func setFullscreen(_ on: Bool, currentSize: Size) {
        guard on != isFullscreen else { return }
        if on {
            windowedSize = currentSize
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetWindowPosition(window, &x, &y)
            windowedPosition = (x, y)
            var bounds = SDL_Rect()
            guard SDL_GetDisplayBounds(max(0, SDL_GetWindowDisplayIndex(window)), &bounds) == 0 else { return }
            SDL_SetWindowBordered(window, SDL_FALSE)
            SDL_SetWindowPosition(window, bounds.x, bounds.y)
            SDL_SetWindowSize(window, bounds.w, bounds.h)
            SDL_RaiseWindow(window)
        } else {
            SDL_SetWindowBordered(window, SDL_TRUE)
            SDL_SetWindowSize(window, Int32(windowedSize.width), Int32(windowedSize.height))
            SDL_SetWindowPosition(window, windowedPosition.x, windowedPosition.y)
        }
        isFullscreen = on
    }

    /// The size to remember: the windowed one.
    package func rememberedSize(currentSize: Size) -> Size { isFullscreen ? windowedSize : currentSize }
}
