import Gestures
import Events

/// A key that acts on the open photo, as the input × phase table (docs/phases.md) names it: what
/// it does, and which phases it may act in, wait in or be ignored in (`Viewer.route`).
enum PhotoKey: Hashable, Sendable {
    /// Esc: close, from any phase.
    case escape
    /// Return, keypad Enter: close.
    case close
    /// Ctrl+W: close the photo (on the grid: close the window, that is quit, as Loupe's Ctrl+W).
    case closeWindow
    /// Left (−1) / Right (+1): page; zoomed: pan, and at the photo's edge that way, page.
    case page(Int)
    /// Home, End, Page Up, Page Down, Space (eog's and Loupe's keys): the first, the last, the
    /// previous, the next photo, zoomed or not.
    case jump(Jump)
    /// Up / Down on a zoomed photo: pan.
    case panVertically(up: Bool)
    /// `=`, `+`, keypad `+`: zoom in by the keyboard step.
    case zoomIn
    /// `-`, keypad `-`: zoom out by it, down to the fit.
    case zoomOut
    /// `0`, keypad `0`: back to the fit.
    case fit
    /// `1`, keypad `1`, Ctrl+1: one photo pixel per screen pixel; pressed again there, back to the fit.
    case actualPixels
    /// Ctrl+2: two screen pixels per photo pixel (200 %); pressed again there, back to the fit.
    case doublePixels
    /// Delete, Ctrl+C, `o`, Shift+O.
    case fileAction(PhotoFileAction)
    /// Ctrl+R (clockwise), Ctrl+Shift+R.
    case turn(clockwise: Bool)

    /// The photo key `key` (SDL's name, lower-cased) with `modifiers` stands for; nil for any other.
    init?(key: String, modifiers: Modifiers) {
        switch (key, modifiers) {
        case ("escape", _): self = .escape
        case ("return", _), ("keypad enter", _): self = .close
        case ("w", .ctrl): self = .closeWindow
        case ("space", []): self = .jump(.nextBySpace)
        case ("home", []): self = .jump(.first)
        case ("end", []): self = .jump(.last)
        case ("pageup", []): self = .jump(.previous)
        case ("pagedown", []): self = .jump(.next)
        case ("left", _): self = .page(-1)
        case ("right", _): self = .page(1)
        case ("up", _): self = .panVertically(up: true)
        case ("down", _): self = .panVertically(up: false)
        case ("=", _), ("+", _), ("keypad +", _): self = .zoomIn
        case ("-", _), ("keypad -", _): self = .zoomOut
        case ("0", _), ("keypad 0", _): self = .fit
        case ("1", []), ("keypad 1", []), ("1", .ctrl): self = .actualPixels
        case ("2", .ctrl): self = .doublePixels
        case ("delete", []): self = .fileAction(.trash)
        case ("c", .ctrl): self = .fileAction(.copy)
        case ("o", []): self = .fileAction(.openWith)
        case ("o", .shift): self = .fileAction(.showInFolder)
        case ("r", .ctrl): self = .turn(clockwise: true)
        case ("r", [.ctrl, .shift]): self = .turn(clockwise: false)
        default: return nil
        }
    }

    /// The key as the table and the summary name it.
    var name: String {
        switch self {
        case .escape: "escape"
        case .close: "return"
        case .closeWindow: "ctrl+w"
        case let .page(step): step < 0 ? "left" : "right"
        case let .jump(jump): jump.rawValue
        case let .panVertically(up): up ? "up" : "down"
        case .zoomIn: "+"
        case .zoomOut: "-"
        case .fit: "0"
        case .actualPixels: "1"
        case .doublePixels: "ctrl+2"
        case let .fileAction(action):
            switch action {
            case .trash: "delete"
            case .copy: "ctrl+c"
            case .openWith: "o"
            case .showInFolder: "shift+o"
            case .turnClockwise: "ctrl+r"
            case .turnAnticlockwise: "ctrl+shift+r"
            case .writeTurn: "w"
            }
        case let .turn(clockwise): clockwise ? "ctrl+r" : "ctrl+shift+r"
        }
    }

    /// False for the keys that leave the photo where it is (copy, open with, show in folder): they
    /// act under a hand too.
    var movesThePhoto: Bool {
        switch self {
        case .fileAction(.copy), .fileAction(.openWith), .fileAction(.showInFolder): false
        default: true
        }
    }

    /// True for the keys that mean something only with a photo open (the grid has its own arrows,
    /// Return and Esc).
    var needsOpenPhoto: Bool {
        switch self {
        case .escape, .close, .page, .panVertically: false
        default: true
        }
    }

    /// Where Home, End, Page Up, Page Down and Space go, by the key's name (SDL's).
    enum Jump: String, Hashable, Sendable {
        case first = "home", last = "end", previous = "pageup", next = "pagedown", nextBySpace = "space"
    }

    /// What a key does in a phase: act now, wait for the photo to land, or nothing (and why).
    enum Route: Hashable, Sendable {
        case act
        case queue
        case ignore(ViewerNote.IgnoreReason)
    }
}

/// Photo keys pressed before the photo they act on has landed (an opening flight, a page turning):
/// each acts, in order, at the first instant of the step grid where the photo has landed
/// (`Viewer.releaseQueuedKeys`), so the outcome is the same at every frame rate.
struct QueuedKeys: Hashable, Sendable {
    /// The keys in the order pressed.
    private(set) var keys: [PhotoKey] = []

    var isEmpty: Bool { keys.isEmpty }

    mutating func append(_ key: PhotoKey) {
        keys.append(key)
    }
}
