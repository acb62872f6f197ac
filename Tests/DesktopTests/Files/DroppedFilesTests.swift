import CSDL2
import Foundation
import Geometry
import Gestures
import Testing
@testable import ImageFormats
@testable import LiveInput
@testable import PhotoFiles
@testable import PhotoLoading
@testable import PhotoActions
@testable import Viewing
import Events

/// Files or a folder dropped on the window open as if named on the command line (issue 32): SDL's
/// drop events come out of the event source as one `drop`, and `PhotoFileActions.openDropped` turns
/// it into the `photos` event that replaces the list and a `dropped` effect.
@Suite("Files or a folder dropped on the window replace the photo list as on the command line", .serialized)
struct DroppedFilesTests {
    typealias RGB = TestImages.RGB

    /// Folder `name` holding 64 × 48 JPEGs called `files`.
    static func folder(_ name: String, _ files: [String]) -> URL {
        let dir = TestImages.folder(name)
        for f in files { TestImages.write(TestImages.jpeg(width: 64, height: 48) { _, _ in RGB(200, 40, 40) }, f, in: dir) }
        return dir
    }

    /// A pipeline and a viewer on folder `dir`, and the actions over the pipeline.
    static func session(_ dir: URL) throws -> (PhotoPipeline, PhotoFileActions, Viewer) {
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), warn: { _ in })
        let pipeline = PhotoPipeline(catalog: catalog, limits: .oneDecoder(.inProcess), warn: { _ in })
        return (pipeline, PhotoFileActions(pipeline: pipeline), Viewer(photos: catalog.photos, windowSize: Size(640, 400)))
    }

    static func effects(_ events: [InputEvent]) -> [EffectResult] {
        events.compactMap { if case let .effect(e) = $0.kind { e } else { nil } }
    }

    static func changes(_ events: [InputEvent]) -> [PhotoListChange] {
        events.compactMap { if case let .photos(c) = $0.kind { c } else { nil } }
    }

    @Test("a folder dropped on the grid: every photo leaves, the folder's photos join in natural name order, the message names the folder and the count")
    func folderDropped() throws {
        let shown = Self.folder("drop-shown", ["a.jpg", "b.jpg", "c.jpg"])
        let other = Self.folder("drop-other", ["x10.jpg", "x9.jpg"])
        var (pipeline, actions, viewer) = try Self.session(shown)
        let events = actions.openDropped([other.path], viewer: viewer, recursive: false, at: 1)
        #expect(Self.changes(events) == [PhotoListChange(removed: [0, 1, 2], added: [.init(index: 0, name: "x9.jpg"), .init(index: 1, name: "x10.jpg")])])
        #expect(Self.effects(events) == [.dropped(open: nil, message: "opened \(other.lastPathComponent) (2 photos)")])
        #expect(events.allSatisfy { $0.time == 1 })
        for e in events { viewer.handle(e) }
        #expect(viewer.photos.map(\.name) == ["x9.jpg", "x10.jpg"])
        #expect(viewer.phase == .grid)
        #expect(pipeline.path(ofPhotoAt: 1) == other.appendingPathComponent("x10.jpg").path)
    }

    @Test("one file dropped: its folder's photos, and that photo opens from its cell (as `photozoom file.jpg`)")
    func fileDropped() throws {
        let shown = Self.folder("drop-shown-2", ["a.jpg"])
        let other = Self.folder("drop-other-2", ["p1.jpg", "p2.jpg", "p3.jpg"])
        var (_, actions, viewer) = try Self.session(shown)
        let events = actions.openDropped([other.appendingPathComponent("p2.jpg").path], viewer: viewer, recursive: false, at: 2)
        #expect(Self.effects(events) == [.dropped(open: 1, message: "opened \(other.lastPathComponent) (3 photos)")])
        for e in events { viewer.handle(e) }
        #expect(viewer.phase == .opening && viewer.session?.photo == 1)
    }

    @Test("the folder shown dropped again: the same photos come back; with a photo open, or nothing showable dropped, only a one-line message and the list stays")
    func refusedOrSame() throws {
        let shown = Self.folder("drop-shown-3", ["a.jpg", "b.jpg"])
        var (_, actions, viewer) = try Self.session(shown)
        let again = actions.openDropped([shown.path], viewer: viewer, recursive: false, at: 1)
        for e in again { viewer.handle(e) }
        #expect(viewer.photos.map(\.name) == ["a.jpg", "b.jpg"])

        let text = shown.appendingPathComponent("notes.txt")
        try Data("notes".utf8).write(to: text)
        let refused = actions.openDropped([text.path], viewer: viewer, recursive: false, at: 2)
        #expect(Self.changes(refused).isEmpty)
        if case let .photoFile(message, isError)? = Self.effects(refused).first {
            #expect(isError && message.hasPrefix("cannot open what was dropped: "), "\(message)")
        } else {
            Issue.record("no message: \(refused)")
        }

        viewer.handle(.pointer(.down, 3, 80, 80))
        viewer.handle(.pointer(.up, 3.05, 80, 80))
        viewer.handle(.frame(3.1))
        #expect(viewer.session != nil)
        let whileOpen = actions.openDropped([shown.path], viewer: viewer, recursive: false, at: 3.2)
        #expect(Self.effects(whileOpen) == [.photoFile(message: "close the photo to open what was dropped", isError: true)])
        #expect(Self.changes(whileOpen).isEmpty)
    }

    @Test("SDL's drop events (begin, a file each, complete) come out of the event source as one drop with every path, in order")
    func eventSourceSeam() throws {
        try #require(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0)
        let window = try #require(SDL_CreateWindow("drop", 0, 0, 64, 48, SDL_WINDOW_HIDDEN.rawValue))
        defer { SDL_DestroyWindow(window) }
        let source = SDLEventSource(window: window, windowSize: Size(64, 48))
        _ = source.drain()
        func push(_ type: SDL_EventType, _ file: String?) {
            var e = SDL_Event()
            e.type = type.rawValue
            e.drop.windowID = SDL_GetWindowID(window)
            // SDL frees the path it hands over (SDL_free), so it is allocated as SDL does.
            e.drop.file = file.map { f in SDL_strdup(f) }
            SDL_PushEvent(&e)
        }
        push(SDL_DROPBEGIN, nil)
        push(SDL_DROPFILE, "/photos/a b.jpg")
        push(SDL_DROPFILE, "/photos/c.jpg")
        push(SDL_DROPCOMPLETE, nil)
        #expect(source.drain().filter { if case .drop = $0 { true } else { false } } == [.drop(["/photos/a b.jpg", "/photos/c.jpg"])])
    }

    @Test("a drop of 100,000 files, more than SDL's queue holds (65,535 events), comes out whole, in order, a name that is not UTF-8 spelled by its bytes")
    func dropLargerThanTheQueue() throws {
        try #require(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0)
        let window = try #require(SDL_CreateWindow("drop", 0, 0, 64, 48, SDL_WINDOW_HIDDEN.rawValue))
        defer { SDL_DestroyWindow(window) }
        let source = SDLEventSource(window: window, windowSize: Size(64, 48))
        _ = source.drain()
        // As SDL's X11 driver sends a drop: every event pushed within one pump, none read between.
        func push(_ type: SDL_EventType, _ file: [UInt8]?) {
            var e = SDL_Event()
            e.type = type.rawValue
            e.drop.windowID = SDL_GetWindowID(window)
            e.drop.file = file.map { f in SDL_strdup((f + [0]).map { CChar(bitPattern: $0) }) }
            SDL_PushEvent(&e)
        }
        let count = 100_000
        push(SDL_DROPBEGIN, nil)
        for i in 0..<count { push(SDL_DROPFILE, Array("/photos/\(i).jpg".utf8)) }
        push(SDL_DROPFILE, Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        push(SDL_DROPCOMPLETE, nil)
        let drops = source.drain().compactMap { if case let .drop(paths) = $0 { paths } else { nil } }
        try #require(drops.count == 1, "\(drops.count) drops")
        #expect(drops[0].count == count + 1)
        #expect(drops[0].prefix(count) == ArraySlice((0..<count).map { "/photos/\($0).jpg" }))
        #expect(drops[0].last.map(PhotoName.bytes) == Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8))
    }
}
