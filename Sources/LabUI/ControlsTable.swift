/// PhotoZoom's controls, written once: the README's controls table (`markdown`) and the help
/// overlay (`Viewer.helpLines`) are both made from these rows, and a test holds the README's table
/// to `markdown` (ControlsTableTests). A control is added here, then the README's table is pasted
/// from `photozoom`'s test failure (or `ControlsTable.markdown`).
package enum ControlsTable {
    /// One input and what it does in each place; `help` is its line in the help overlay (nil: the
    /// overlay leaves it out, as it does the finer points of catching a flight).
    package struct Row: Sendable, Equatable {
        /// The input as the README's first column spells it.
        package var input: String
        package var grid: String
        package var openPhoto: String
        package var zoomedPhoto: String
        /// What the input is on a touchpad (docs/touchpad.md); empty: nothing to add.
        package var touchpad = ""
        /// The overlay's spelling of the keys (each of its words is in `input`, spaces aside).
        package var helpKeys = ""
        /// The overlay's lines for this input, the first beside `helpKeys`.
        package var help: [String] = []
    }

    /// The table's header and alignment rows.
    package static let header = ["input", "grid", "open photo", "zoomed photo", "on a touchpad (docs/touchpad.md)"]

    /// The controls in the README's order.
    package static let rows: [Row] = [
        Row(input: "click",
            grid: "open the photo (it flies from its cell)",
            openPhoto: "close it, at once",
            zoomedPhoto: "—",
            touchpad: "a click or tap",
            helpKeys: "click", help: ["open a photo; on the open photo: close it"]),
        Row(input: "press on a photo while it flies (opening, closing, returning, paging; paging: anywhere on the strip)",
            grid: "—",
            openPhoto: "stops it where it is at once; let go without moving: opening or returning, send it back; closing, open it again; paging, close it (the motion starts from where it was caught with the velocity it had); move: take hold of it as a drag",
            zoomedPhoto: ""),
        Row(input: "click on another cell while a photo lands (within 6 pt of its cell)",
            grid: "open that photo (the landing photo lands at once)",
            openPhoto: "",
            zoomedPhoto: ""),
        Row(input: "press while the grid is flung (coasting or bouncing back from an end)",
            grid: "stop it; the click opens nothing",
            openPhoto: "",
            zoomedPhoto: ""),
        Row(input: "double-click",
            grid: "open",
            openPhoto: "the first click starts closing gently (a soft start for the double-click interval), the second turns that into a 2.5× zoom about the point clicked",
            zoomedPhoto: "back to the fit",
            helpKeys: "double-click", help: ["on the open photo: zoom 2.5× there; zoomed: back to the fit"]),
        Row(input: "drag",
            grid: "scroll, with momentum and rubber-banding",
            openPhoto: "mostly horizontal (10 pt axis lock): page to the neighbour (also while the photo still opens or returns, once within 5 % of its frame; one page per flick, however quick); otherwise dismiss: the photo follows, shrinks as it goes down, the backdrop clears; up it rubber-bands and returns (iOS Photos; the `photoswipe` preset closes either way vertically, `material` any way). The release decides close or return on projected momentum and the gesture's path: a throw back toward or past the start returns",
            zoomedPhoto: "pan within the photo, with momentum and rubber-banding; let go past its edge onward: page",
            helpKeys: "drag", help: ["grid: scroll · photo: page sideways, or pull down to dismiss", "zoomed: pan"]),
        Row(input: "Alt + drag",
            grid: "—",
            openPhoto: "two virtual fingers mirrored through the photo's centre: pinch and rotate at once; pinching out zooms in; a deliberate pinch in (below 0.9×) or a turn projected past 45° closes, landing upright (unwinding the way it was spun when it has the momentum)",
            zoomedPhoto: "pinch about the pivot (back to 1: the fit)",
            helpKeys: "Alt + drag", help: ["two fingers mirrored through the photo: pinch and rotate"]),
        Row(input: "Alt + Shift + drag",
            grid: "—",
            openPhoto: "both virtual fingers travel together: a pinch that moves",
            zoomedPhoto: "same",
            helpKeys: "Alt + Shift + drag", help: ["both fingers travel together"]),
        Row(input: "Ctrl + wheel",
            grid: "—",
            openPhoto: "pinch about the pointer (×e^0.1 per wheel unit)",
            zoomedPhoto: "zoom about the pointer",
            helpKeys: "Ctrl + wheel", help: ["zoom about the pointer"]),
        Row(input: "Ctrl + Shift + wheel",
            grid: "—",
            openPhoto: "rotate about the pointer (0.08 rad per unit)",
            zoomedPhoto: "—",
            helpKeys: "Ctrl+Shift + wheel", help: ["rotate about the pointer"]),
        Row(input: "wheel",
            grid: "scroll (rubber-bands at both ends)",
            openPhoto: "horizontal swipe: one page (swiping back turns it back); vertical: nothing (the summary says why)",
            zoomedPhoto: "pan",
            touchpad: "two-finger scroll",
            helpKeys: "wheel", help: ["grid: scroll · photo: sideways swipe pages · zoomed: pan"]),
        Row(input: "one finger (touch)",
            grid: "scroll",
            openPhoto: "as a drag",
            zoomedPhoto: "pan",
            touchpad: "a swipe of three or more fingers is this finger: sideways pages, down dismisses"),
        Row(input: "two fingers (touch)",
            grid: "—",
            openPhoto: "pinch and rotate while their centroid pans",
            zoomedPhoto: "pinch",
            touchpad: "a pinch is these two fingers, about the pointer, turning and travelling with the hand"),
        Row(input: "a drag, pinch or rotate that starts while a photo flies",
            grid: "—",
            openPhoto: "takes hold of it exactly where it is (during a page's flight: a horizontal drag takes the page, any other the photo, to dismiss it)",
            zoomedPhoto: "",
            touchpad: "a pinch or swipe, as well"),
        Row(input: "arrow keys",
            grid: "move the focus ring (the grid follows)",
            openPhoto: "Left / Right: page",
            zoomedPhoto: "pan; at the photo's edge that way: page",
            helpKeys: "arrow keys", help: ["grid: move the focus ring · photo: Left/Right page · zoomed: pan"]),
        Row(input: "Return, Space",
            grid: "open the focused photo",
            openPhoto: "close",
            zoomedPhoto: "close",
            helpKeys: "Return  Space", help: ["open the focused photo / close"]),
        Row(input: "`=` or `+`, `-`, `0` (keypad too)",
            grid: "—",
            openPhoto: "zoom in",
            zoomedPhoto: "zoom in / out by 1.25×, back to the fit",
            helpKeys: "+  -  0", help: ["zoom in, out, back to the fit"]),
        Row(input: "`1` (keypad too)",
            grid: "—",
            openPhoto: "1:1: one photo pixel per screen pixel, on the zoom spring (a photo above 100 % at its fit stays there)",
            zoomedPhoto: "same",
            helpKeys: "1", help: ["1:1: one photo pixel per screen pixel"]),
        Row(input: "Delete",
            grid: "—",
            openPhoto: "move the photo to the trash (freedesktop: `~/.local/share/Trash`, or the mount's own); it fades out as the next photo fades in in its place",
            zoomedPhoto: "same",
            helpKeys: "Delete", help: ["move the open photo to the trash"]),
        Row(input: "Ctrl+Z",
            grid: "put the last photo moved to the trash back (same name, same bytes)",
            openPhoto: "same; the page turns back to it",
            zoomedPhoto: "same",
            helpKeys: "Ctrl+Z", help: ["put the last photo moved to the trash back"]),
        Row(input: "Ctrl+C",
            grid: "—",
            openPhoto: "copy the photo to the clipboard: its pixels as `image/png` (upright, up to 8192 pixels a side), its file as `text/uri-list`, its path as text; kept until another program copies, handed to a clipboard manager at quit when one runs",
            zoomedPhoto: "same",
            helpKeys: "Ctrl+C", help: ["copy the photo (picture and file) to the clipboard"]),
        Row(input: "F5",
            grid: "open the focused photo and start the slideshow",
            openPhoto: "slideshow: the page turns after each photo has rested `slideshowIntervalSeconds` (4 s); any key, click, wheel or touch stops it",
            zoomedPhoto: "same",
            helpKeys: "F5", help: ["slideshow (any input stops it)"]),
        Row(input: "Ctrl+R, Ctrl+Shift+R",
            grid: "—",
            openPhoto: "turn the photo 90° clockwise / anticlockwise on the zoom spring, and keep it: a JPEG's EXIF orientation is rewritten (no re-encode; the file keeps its mode and modification time); another format turns for this session, and `w` next writes it turned (PNG, without loss)",
            zoomedPhoto: "same (back to the fit as it turns)",
            helpKeys: "Ctrl+R  Ctrl+Shift+R", help: ["turn 90° clockwise / anticlockwise and keep it"]),
        Row(input: "`o`, Shift+O",
            grid: "—",
            openPhoto: "open the photo in the desktop's default application (`xdg-open`); show it selected in the file manager (the freedesktop file manager interface's `ShowItems` over D-Bus, else `xdg-open` on its folder)",
            zoomedPhoto: "same",
            helpKeys: "o  Shift+O", help: ["open in the default application / show in the file manager"]),
        Row(input: "drop files or a folder on the window",
            grid: "show them as if named on the command line (one file: its folder, that photo opened; any number of files: they are read as SDL sends them, never lost to its 65,535-event queue)",
            openPhoto: "— (close the photo first)",
            zoomedPhoto: "—",
            helpKeys: "drop", help: ["files or a folder on the grid: show them, as on the command line"]),
        Row(input: "Ctrl+O",
            grid: "choose a folder to open, in a chooser drawn in the window: home, Pictures, the recent folders (newest first; those gone left out), the folder above the one shown and its subfolders; Up/Down (Page Up/Down, Home, End, the wheel) choose, Return, a click or a tap opens it as if named on the command line, Right looks inside, Left looks from the folder above, Esc (or Ctrl+O, or a click beside it) closes; while it is shown no key, click, finger or wheel reaches the grid. A start with nothing to show opens it at once",
            openPhoto: "— (close the photo first; the message line says so)",
            zoomedPhoto: "— (close the photo first)",
            helpKeys: "Ctrl+O", help: ["open a folder: home, Pictures, recent ones, around this one"]),
        Row(input: "Shift+S",
            grid: "sort: by name → by date taken (EXIF; photos without one after, by date modified) → by date modified, oldest first; the message line says which; the scroll stays and the cells show the new order at once; remembered for the folder with the last photo and the scroll",
            openPhoto: "same; the photo stays open",
            zoomedPhoto: "same",
            helpKeys: "Shift+S", help: ["sort by name · date taken · date modified (remembered per folder)"]),
        Row(input: "Home, End",
            grid: "spring to the first / last row (the focus ring, if shown, goes along)",
            openPhoto: "— (close the photo first)",
            zoomedPhoto: "— (close the photo first)",
            helpKeys: "Home  End", help: ["grid: first / last row"]),
        Row(input: "Page Up, Page Down",
            grid: "spring a window less one row up / down",
            openPhoto: "— (close the photo first)",
            zoomedPhoto: "— (close the photo first)",
            helpKeys: "Page Up  Page Down", help: ["grid: a screen up / down"]),
        Row(input: "Esc",
            grid: "hide the focus ring",
            openPhoto: "close, from any phase",
            zoomedPhoto: "close",
            helpKeys: "Esc", help: ["close the help, leave fullscreen, close the photo"]),
        Row(input: "`?`, `h`, F1",
            grid: "the help overlay: every control",
            openPhoto: "same",
            zoomedPhoto: "same",
            helpKeys: "?  h  F1", help: ["this help"]),
        Row(input: "F11, `f`",
            grid: "fullscreen on / off (Esc leaves it too: Esc first hides the help, then the panel, then leaves fullscreen, then closes)",
            openPhoto: "same",
            zoomedPhoto: "same",
            helpKeys: "F11  f", help: ["fullscreen"]),
        Row(input: "`i`",
            grid: "—",
            openPhoto: "keep the caption shown (file name — its path under the folder with `-r` —, n / N, zoom % as screen pixels per photo pixel, so 100 % is one to one on HiDPI too, pixel size); without it the caption shows when the photo, its zoom or the pointer changes and fades after 2 s",
            zoomedPhoto: "same",
            helpKeys: "i", help: ["keep the caption (name, n / N, zoom, pixels) shown"]),
        Row(input: "hold Alt (before pressing)",
            grid: "—",
            openPhoto: "rings where an Alt + drag from here would put the two virtual fingers, and the pivot, to aim with",
            zoomedPhoto: "same",
            helpKeys: "hold Alt", help: ["show where the two fingers would go"]),
        Row(input: "Tab",
            grid: "the feel tuning panel: Up/Down select, Left/Right adjust (Shift: fine), Backspace resets, Ctrl+S saves",
            openPhoto: "same",
            zoomedPhoto: "same",
            helpKeys: "Tab", help: ["feel tuning panel (Up/Down select, Left/Right adjust, Ctrl+S save)"]),
        Row(input: "`s`",
            grid: "slow motion: 1×, 0.25×, 0.1× (recorded in the trace)",
            openPhoto: "same",
            zoomedPhoto: "same",
            helpKeys: "s", help: ["slow motion 1× · 0.25× · 0.1×"]),
        Row(input: "`d`",
            grid: "the decision overlay: while a gesture holds the photo, its start, the drag radius, the velocity, the projected landing point, the verdict a release would give now and the rule that decides it, and the virtual fingers and pivot",
            openPhoto: "same",
            zoomedPhoto: "same",
            helpKeys: "d", help: ["decision overlay"]),
        Row(input: "Ctrl+S",
            grid: "save the feel parameters to the feel file (atomically; beside it, as `feel-2.json`, if the file was edited on disk since it was read; the panel says \"saved\" once the save succeeded)",
            openPhoto: "same",
            zoomedPhoto: "same",
            helpKeys: "Ctrl+S", help: ["save the feel parameters"]),
        Row(input: "`a`",
            grid: "again with these numbers: the last gesture (from its press to its settling) runs again in place under the feel now in force, the run before it drawn as an outlined ghost; then the window is live again (a press ends it sooner)",
            openPhoto: "same",
            zoomedPhoto: "same",
            helpKeys: "a", help: ["again: the last gesture under the panel's numbers (ghost: the run before)"]),
        Row(input: "`q`, Ctrl+Q",
            grid: "quit",
            openPhoto: "quit",
            zoomedPhoto: "quit",
            helpKeys: "q  Ctrl+Q", help: ["quit"]),
    ]

    /// The README's controls table, a line each: the header, the alignment row, then one row per
    /// control (an empty cell is written `| |`).
    package static var markdown: [String] {
        func line(_ cells: [String]) -> String { "|" + cells.map { $0.isEmpty ? " " : " \($0) " }.joined(separator: "|") + "|" }
        return [line(header), "|" + Array(repeating: "---", count: header.count).joined(separator: "|") + "|"]
            + rows.map { line([$0.input, $0.grid, $0.openPhoto, $0.zoomedPhoto, $0.touchpad]) }
    }

    /// The width of the overlay's key column (its longest keys and two spaces).
    package static let helpKeyColumn = 20

    /// The help overlay's lines: a title, then each row's help, its keys in a column of their own.
    package static var helpLines: [String] {
        ["PhotoZoom — keys and gestures", ""] + rows.flatMap { row in
            row.help.enumerated().map { i, text in
                let keys = i == 0 ? row.helpKeys : ""
                return keys + String(repeating: " ", count: max(1, helpKeyColumn - keys.count)) + text
            }
        }
    }
}
