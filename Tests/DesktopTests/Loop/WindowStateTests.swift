import Geometry
import Testing
@testable import App

/// The size PhotoZoom opens at next: the one the user left the window at; `--size` is for one run
/// (issue 32: a one-off `--size 400x300` became the size every later plain launch opened at).
@Suite("The remembered window size")
struct WindowStateTests {
    let remembered = Size(900, 700)
    let requested = Size(400, 300)

    @Test("a --size run the user did not resize leaves the size remembered before it")
    func oneOffSizeIsForgotten() {
        #expect(WindowState.rememberedSize(previous: remembered, requested: requested, final: requested) == remembered)
        // Nothing remembered yet: still nothing, so the next plain launch opens at the default.
        #expect(WindowState.rememberedSize(previous: nil, requested: requested, final: requested) == nil)
    }

    @Test("a --size run the user resized remembers the size they left it at")
    func resizedRunIsRemembered() {
        let left = Size(1000, 640)
        #expect(WindowState.rememberedSize(previous: remembered, requested: requested, final: left) == left)
    }

    @Test("a plain run remembers the size the window ended at, resized or not")
    func plainRunRemembersItsSize() {
        #expect(WindowState.rememberedSize(previous: remembered, requested: nil, final: remembered) == remembered)
        #expect(WindowState.rememberedSize(previous: remembered, requested: nil, final: Size(1100, 720)) == Size(1100, 720))
        #expect(WindowState.rememberedSize(previous: nil, requested: nil, final: Size(1280, 800)) == Size(1280, 800))
    }
}
