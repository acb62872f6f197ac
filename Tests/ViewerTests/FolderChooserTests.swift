import Drawing
import Events
import Geometry
import Testing
@testable import LabUI
@testable import Viewing

/// Ctrl+O's built-in chooser as the lab routes it (issue 42): Ctrl+O asks the shell, the folders
/// it offers come back as an effect and are drawn in the window; keys, clicks and the wheel
/// choose, and the folder chosen goes back to the shell to open. A dialog: nothing of what it
/// takes reaches the grid under it.
@Suite("Ctrl+O's built-in chooser: asked, shown, chosen by keys and mouse, a dialog over the grid")
struct FolderChooserTests {
    static let window = Size(800, 600)
    /// `caf\xE9`: a folder name whose bytes are not UTF-8.
    static let latin1 = PhotoName.spelling([0x63, 0x61, 0x66, 0xE9])
    static let choices: [FolderChoice] = [
        FolderChoice(kind: .home, path: "/home/me"),
        FolderChoice(kind: .pictures, path: "/home/me/Pictures"),
        FolderChoice(kind: .recent, path: "/mnt/card/DCIM"),
        FolderChoice(kind: .parent, path: "/home"),
        FolderChoice(kind: .subfolder, path: "/home/me/2024"),
        FolderChoice(kind: .subfolder, path: "/home/me/" + latin1),
    ]

    static func key(_ t: Double, _ key: String, _ modifiers: Modifiers = []) -> InputEvent {
        InputEvent(time: t, kind: .key(phase: .down, key: key, modifiers: modifiers))
    }

    static func offered(_ t: Double, from folder: String = "/home/me") -> InputEvent {
        InputEvent(time: t, kind: .effect(.folderChoices(folder: folder, choices: choices)))
    }

    /// A lab on three photos at rest in the grid.
    static func lab(photos: Int = 3) -> LabViewer {
        var lab = LabViewer(Viewer(photos: ViewerScript.photos(photos), windowSize: window))
        lab.handle(.frame(0))
        return lab
    }

    @Test("Ctrl+O on the grid asks the shell for folders (from the folder shown); nothing is drawn until they come")
    func ctrlOAsks() {
        var lab = Self.lab()
        lab.handle(Self.key(0.1, "o", .ctrl))
        #expect(lab.viewer.takeRequests() == [.chooseFolder(from: nil)])
        #expect(lab.chooser == nil)
        lab.handle(Self.offered(0.2))
        #expect(lab.chooser?.choices == Self.choices)
        #expect(lab.chooser?.selected == 0)
    }

    @Test("Down twice and Return open the third folder: the chooser closes and the shell is asked to open it")
    func keysChooseAndOpen() {
        var lab = Self.lab()
        lab.handle(Self.offered(0.1))
        lab.handle(Self.key(0.2, "down"))
        lab.handle(Self.key(0.3, "down"))
        #expect(lab.chooser?.selected == 2)
        lab.handle(Self.key(0.4, "return"))
        #expect(lab.chooser == nil)
        #expect(lab.viewer.takeRequests() == [.openFolder("/mnt/card/DCIM")])
    }

    @Test("Right looks inside the folder chosen and Left from the folder above; Up stops at the first row, End goes to the last")
    func lookInsideAndUp() {
        var lab = Self.lab()
        lab.handle(Self.offered(0.1))
        lab.handle(Self.key(0.2, "up"))
        #expect(lab.chooser?.selected == 0)
        lab.handle(Self.key(0.3, "end"))
        #expect(lab.chooser?.selected == Self.choices.count - 1)
        lab.handle(Self.key(0.4, "right"))
        #expect(lab.viewer.takeRequests() == [.chooseFolder(from: "/home/me/" + Self.latin1)])
        #expect(lab.chooser != nil, "the chooser stays until the new folders come")
        lab.handle(Self.key(0.5, "left"))
        #expect(lab.viewer.takeRequests() == [.chooseFolder(from: "/home")])
    }

    @Test("while it is shown, keys do not reach the grid: Right and Return move no focus ring and open no photo; Esc closes it and nothing else")
    func keysDoNotReachTheGrid() {
        var lab = Self.lab()
        let before = lab.viewer.focus
        lab.handle(Self.offered(0.1))
        for (i, key) in ["right", "down", "escape"].enumerated() { lab.handle(Self.key(0.2 + 0.1 * Double(i), key)) }
        #expect(lab.chooser == nil)
        lab.handle(.frame(1))
        #expect(lab.viewer.phase == .grid)
        #expect(lab.viewer.focus == before, "the focus ring moved under the chooser")
        // Only the look inside the second folder was asked (Right); Esc opened nothing.
        #expect(lab.viewer.takeRequests() == [.chooseFolder(from: "/home/me")])
    }

    @Test("a click on a row opens that folder, and its release does not reach the grid; a click beside the panel closes it")
    func clicks() throws {
        var lab = Self.lab()
        lab.handle(Self.offered(0.1))
        let layout = FolderChooser.layout(rows: Self.choices.count, windowSize: Self.window)
        let row = layout.row(1)
        let point = row.center
        lab.handle(InputEvent(time: 0.2, kind: .pointer(phase: .down, position: point, button: .left, modifiers: [])))
        lab.handle(InputEvent(time: 0.25, kind: .pointer(phase: .up, position: point, button: .left, modifiers: [])))
        #expect(lab.chooser == nil)
        #expect(lab.viewer.takeRequests() == [.openFolder("/home/me/Pictures")])
        lab.handle(.frame(0.3))
        #expect(lab.viewer.phase == .grid, "the click's release opened a photo under the chooser")

        lab.handle(Self.offered(1))
        let beside = Point(4, 4)
        #expect(!layout.panel.contains(beside))
        lab.handle(InputEvent(time: 1.1, kind: .pointer(phase: .down, position: beside, button: .left, modifiers: [])))
        lab.handle(InputEvent(time: 1.15, kind: .pointer(phase: .up, position: beside, button: .left, modifiers: [])))
        #expect(lab.chooser == nil)
        #expect(lab.viewer.takeRequests().isEmpty)
        lab.handle(.frame(1.2))
        #expect(lab.viewer.phase == .grid)
    }

    @Test("a finger: a drag on the chooser scrolls no grid under it; a tap on a row opens that folder")
    func touch() {
        var lab = Self.lab(photos: 60)
        lab.handle(Self.offered(0.1))
        let layout = FolderChooser.layout(rows: Self.choices.count, windowSize: Self.window)
        let row = layout.row(4).center
        lab.handle(InputEvent(time: 0.2, kind: .touch(phase: .down, id: 7, position: Point(row.x, row.y + 40))))
        for i in 1...10 {
            lab.handle(InputEvent(time: 0.2 + 0.01 * Double(i), kind: .touch(phase: .move, id: 7, position: Point(row.x, row.y + 40 - 4 * Double(i)))))
        }
        lab.handle(InputEvent(time: 0.31, kind: .touch(phase: .up, id: 7, position: row)))
        #expect(lab.chooser == nil)
        #expect(lab.viewer.takeRequests() == [.openFolder("/home/me/2024")])
        lab.handle(.frame(1))
        #expect(lab.viewer.scrollOffset == 0, "the grid scrolled under the chooser")
    }

    @Test("the wheel chooses: a step down the next row, a step up the one before")
    func wheel() {
        var lab = Self.lab()
        lab.handle(Self.offered(0.1))
        lab.handle(InputEvent(time: 0.2, kind: .wheel(position: Point(400, 300), delta: Point(0, -1), modifiers: [])))
        lab.handle(InputEvent(time: 0.3, kind: .wheel(position: Point(400, 300), delta: Point(0, -1), modifiers: [])))
        lab.handle(InputEvent(time: 0.4, kind: .wheel(position: Point(400, 300), delta: Point(0, 1), modifiers: [])))
        #expect(lab.chooser?.selected == 1)
        #expect(lab.viewer.scrollOffset == 0, "the grid scrolled under the chooser")
    }

    @Test("with a photo open, Ctrl+O says to close it first and asks nothing")
    func photoOpen() throws {
        var lab = Self.lab()
        // A click on the first cell opens its photo.
        let cell = try #require(lab.viewer.scene().cells.first { $0.photo == 0 }).frame.center
        lab.handle(InputEvent(time: 0.1, kind: .pointer(phase: .down, position: cell, button: .left, modifiers: [])))
        lab.handle(InputEvent(time: 0.15, kind: .pointer(phase: .up, position: cell, button: .left, modifiers: [])))
        lab.handle(.frame(0.2))
        #expect(lab.viewer.phase != .grid)
        _ = lab.viewer.takeRequests()
        lab.handle(Self.key(0.3, "o", .ctrl))
        #expect(lab.viewer.takeRequests().isEmpty)
        #expect(lab.feelLab.message?.text == "close the photo to open another folder")
    }

    @Test("drawn: a row per folder with the home folder as ~, the name that is not UTF-8 escaped, the chosen row lit")
    func drawn() {
        var lab = Self.lab()
        lab.handle(Self.offered(0.1))
        lab.handle(Self.key(0.2, "down"))
        let overlays = lab.textOverlays(text: .dejaVuSansMono)
        let texts = EmptyWindowTests.texts(overlays).map(\.text)
        for expected in [FolderChooser.title, "from ~", "Home", "~", "Pictures", "~/Pictures", "Recent", "/mnt/card/DCIM", "Up", "/home",
                         "2024", "caf\\xE9"] {
            #expect(texts.contains(expected), "\(expected) is not drawn: \(texts)")
        }
        // The lit row is the second one: a filled rect exactly where `layout.row(1)` is.
        let layout = FolderChooser.layout(rows: Self.choices.count, windowSize: Self.window)
        let lit = overlays.compactMap { if case let .rect(r, c, true) = $0, c == Color(0.24, 0.42, 0.78) { r } else { nil } }
        #expect(lit == [layout.row(1)])
    }

    @Test("a list longer than the window scrolls so that the chosen row is drawn, and every drawn row is inside the window")
    func longListScrolls() {
        let many = (0..<100).map { FolderChoice(kind: .subfolder, path: "/photos/\($0)") }
        var chooser = FolderChooser(folder: "/photos", choices: many)
        let small = Size(400, 300)
        for _ in 0..<60 { _ = chooser.handleKey("down", modifiers: [], windowSize: small) }
        #expect(chooser.selected == 60)
        let texts = EmptyWindowTests.texts(chooser.overlays(windowSize: small, text: .dejaVuSansMono))
        #expect(texts.contains { $0.text == "60" })
        #expect(texts.allSatisfy { $0.at.y >= 0 && $0.at.y < small.height })
        // Page Down moves by the rows shown less one.
        let visible = FolderChooser.layout(rows: 100, windowSize: small).visibleRows
        _ = chooser.handleKey("pagedown", modifiers: [], windowSize: small)
        #expect(chooser.selected == 60 + visible - 1)
    }

    @Test("the folder above: a path's parent, the root's none")
    func parent() {
        #expect(FolderChooser.parent(of: "/home/me") == "/home")
        #expect(FolderChooser.parent(of: "/home") == "/")
        #expect(FolderChooser.parent(of: "/") == nil)
    }
}
