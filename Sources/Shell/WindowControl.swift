import CSDL2
import Geometry

/// The window's title and fullscreen state, as the viewer's Scene and requests ask.
final class WindowControl {
    private let window: OpaquePointer
    /// What the title names in the grid (the folder).
    private let setName: String
    private var title: String?
    private(set) var isFullscreen = false
    /// The window's size before it went fullscreen: what is remembered.
    private(set) var windowedSize: Size

    init(window: OpaquePointer, setName: String, size: Size) {
        self.window = window
        self.setName = setName
        windowedSize = size
    }

    /// Sets the title to "name — PhotoZoom" (the open photo's name, else the folder's), when it changed.
    func update(subject: String?) {
        let name = subject ?? setName
        let next = name.isEmpty ? "PhotoZoom" : name + " — PhotoZoom"
        guard next != title else { return }
        SDL_SetWindowTitle(window, next)
        title = next
    }

    /// Covers the screen (the desktop's resolution, no mode change) or returns to the windowed size.
    func setFullscreen(_ on: Bool, currentSize: Size) {
        guard on != isFullscreen else { return }
        if on { windowedSize = currentSize }
        SDL_SetWindowFullscreen(window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        isFullscreen = on
    }

    /// The size to remember: the windowed one.
    func rememberedSize(currentSize: Size) -> Size { isFullscreen ? windowedSize : currentSize }
}
