import Events
import Geometry

/// Ctrl+O's built-in chooser (issue 42): a list of folders drawn in the window — home, the
/// pictures folder, the recent folders, and the parent and subfolders of the folder it looks
/// from — of which one is chosen by the keys or the mouse and opened as if named on the command
/// line. It is what the window offers where no desktop portal answers (under Xvfb, in a bare X
/// session), and what an empty start shows.
///
/// A dialog: while it is shown it takes every key, press and wheel step (`LabViewer` routes them
/// here); what it decides is an `Outcome` the lab turns into a request to the shell. Pure: the
/// folders come in an effect (`EffectResult.folderChoices`), so a replay shows the same list.
///
/// Keys: Up / Down choose (Home, End, Page Up, Page Down go further), Return opens, Right looks
/// inside the folder chosen, Left (or Backspace) looks from the folder above, Esc or Ctrl+O
/// closes. A click (or a tap) on a row opens it; one beside the panel closes it; the wheel chooses.
package struct FolderChooser: Hashable, Sendable {
    /// The folder the chooser looks from: its parent and subfolders are in `choices`.
    package private(set) var folder: String
    package private(set) var choices: [FolderChoice]
    /// The row chosen (an index of `choices`).
    package private(set) var selected = 0

    package init(folder: String, choices: [FolderChoice]) {
        self.folder = folder
        self.choices = choices
    }

    /// What an input on the chooser comes to.
    package enum Outcome: Hashable, Sendable {
        /// The chooser changed (or not) and stays.
        case stays
        /// Open this folder (the chooser closes).
        case open(String)
        /// Look from this folder: ask the shell for its choices (the chooser stays until they come).
        case look(String)
        /// Close the chooser; nothing opens.
        case close
    }

    // MARK: - Input

    /// A key pressed while the chooser is shown.
    package mutating func handleKey(_ key: String, modifiers: Modifiers, windowSize: Size) -> Outcome {
        let page = max(1, Self.layout(rows: choices.count, windowSize: windowSize).visibleRows - 1)
        switch (key, modifiers) {
        case ("up", _): move(by: -1)
        case ("down", _): move(by: 1)
        case ("pageup", _): move(by: -page)
        case ("pagedown", _): move(by: page)
        case ("home", _): move(by: -choices.count)
        case ("end", _): move(by: choices.count)
        case ("return", _), ("keypad enter", _):
            return choices.isEmpty ? .stays : .open(choices[selected].path)
        case ("right", _):
            return choices.isEmpty ? .stays : .look(choices[selected].path)
        case ("left", _), ("backspace", _):
            return Self.parent(of: folder).map { .look($0) } ?? .stays
        case ("escape", _), ("o", .ctrl):
            return .close
        default:
            break
        }
        return .stays
    }

    /// A press at `point`: on a row, that row is chosen and opened; beside the panel, the chooser
    /// closes; elsewhere on the panel, nothing.
    package mutating func press(at point: Point, windowSize: Size) -> Outcome {
        let layout = Self.layout(rows: choices.count, windowSize: windowSize)
        guard layout.panel.contains(point) else { return .close }
        let first = firstVisibleRow(windowSize: windowSize)
        for i in 0..<min(layout.visibleRows, choices.count - first) where layout.row(i).contains(point) {
            selected = first + i
            return .open(choices[selected].path)
        }
        return .stays
    }

    /// A wheel step: down chooses the next row, up the one before.
    package mutating func wheel(deltaY: Double) {
        if deltaY != 0 { move(by: deltaY < 0 ? 1 : -1) }
    }

    private mutating func move(by rows: Int) {
        guard !choices.isEmpty else { return }
        selected = min(max(0, selected + rows), choices.count - 1)
    }

    /// The folder above `path` (nil at the root).
    static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.dropLast(path.hasSuffix("/") ? 1 : 0).lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    // MARK: - Layout

    /// Where the panel and its rows are, from the window's size alone (a press is placed without
    /// the font's metrics).
    struct Layout {
        var panel: Rect
        /// The top of the first row.
        var rowsTop: Double
        var visibleRows: Int

        func row(_ i: Int) -> Rect {
            Rect(x: panel.minX + 8, y: rowsTop + Double(i) * FolderChooser.rowHeight, width: panel.width - 16, height: FolderChooser.rowHeight)
        }
    }

    /// A row's height, points.
    static let rowHeight = 28.0
    /// The title and the folder looked from above the rows, the keys below them, points.
    static let headerHeight = 64.0, footerHeight = 40.0

    static func layout(rows: Int, windowSize: Size) -> Layout {
        let width = min(windowSize.width - 32, 720)
        let room = max(rowHeight, windowSize.height - 32 - headerHeight - footerHeight)
        let visible = max(1, min(max(rows, 1), Int((room / rowHeight).rounded(.down))))
        let height = headerHeight + Double(visible) * rowHeight + footerHeight
        let panel = Rect(x: (windowSize.width - width) / 2, y: max(16, (windowSize.height - height) / 2), width: width, height: height)
        return Layout(panel: panel, rowsTop: panel.minY + headerHeight, visibleRows: visible)
    }

    /// The first row drawn: the rows scroll so that the chosen one is in view, as near the middle
    /// as the list allows.
    func firstVisibleRow(windowSize: Size) -> Int {
        let visible = Self.layout(rows: choices.count, windowSize: windowSize).visibleRows
        return max(0, min(selected - visible / 2, choices.count - visible))
    }

    // MARK: - Text

    /// The home folder's path, as the choices name it (nil when they do not).
    var home: String? { choices.first { $0.kind == .home }?.path }

    /// How a path is shown: escaped (`\xE9` for a byte that is not UTF-8), the home folder as `~`.
    func shown(_ path: String) -> String {
        if let home, home != "/", path == home || path.hasPrefix(home + "/") {
            return PhotoName.displayed("~" + path.dropFirst(home.count))
        }
        return PhotoName.displayed(path)
    }

    /// A row's two columns: what the folder is to the user, and its name or path.
    func rowText(_ choice: FolderChoice) -> (label: String, name: String) {
        switch choice.kind {
        case .home: ("Home", shown(choice.path))
        case .pictures: ("Pictures", shown(choice.path))
        case .recent: ("Recent", shown(choice.path))
        case .parent: ("Up", shown(choice.path))
        case .subfolder: ("", PhotoName.displayed(choice.path.split(separator: "/").last.map(String.init) ?? choice.path))
        }
    }

    /// The line under the rows: the keys.
    static let keysLine = "Up/Down choose · Return open · Right look inside · Left up · Esc cancel"
}
