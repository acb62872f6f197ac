import Foundation
import Geometry
import Testing
@testable import App
@testable import ImageFormats
@testable import PhotoActions
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Viewing
import Events
import Drawing

/// The shell's side of Ctrl+O (issue 42): the folders offered (home, pictures, recent ones still
/// there, the parent and the subfolders of the folder looked from; names that are not UTF-8
/// among them), the folder chosen opened as on the command line — every folder problem a line
/// in the window, never an exit — and the recent folders remembered newest first.
@Suite("Ctrl+O's folders: what is offered, what opening one does, the recent folders", .serialized)
struct FolderOpeningTests {
    /// `caf\xE9`: a folder name whose bytes are not UTF-8.
    static let latin1 = PhotoName.spelling([0x63, 0x61, 0x66, 0xE9])

    /// A home folder: Pictures (with a photo), `2024` and `caf\xE9` (with a photo each), a hidden
    /// folder, a file, and `Empty`; `Nested` holds photos only in a subfolder.
    static func home() throws -> URL {
        let home = TestImages.folder()
        for sub in ["Pictures", "2024", ".cache", "Empty", "Nested/trip"] {
            try FileManager.default.createDirectory(at: home.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        #expect(FileSystemPath.withCString(home.path + "/" + latin1) { mkdir($0, 0o755) } == 0)
        let jpeg = TestImages.jpeg(width: 64, height: 48) { _, _ in TestImages.RGB(90, 90, 200) }
        for folder in ["Pictures", "2024", "Nested/trip"] { TestImages.write(jpeg, "a.jpg", in: home.appendingPathComponent(folder)) }
        #expect(FileSystemPath.withCString(home.path + "/" + latin1 + "/b.jpg") { creat($0, 0o644) } >= 0)
        _ = FileSystemPath.withCString(home.path + "/" + latin1 + "/b.jpg") { path in
            jpeg.withUnsafeBytes { bytes in
                let fd = open(path, O_WRONLY)
                defer { close(fd) }
                return write(fd, bytes.baseAddress, bytes.count)
            }
        }
        TestImages.write([1, 2, 3], "notes.txt", in: home)
        return home
    }

    static func opening(home: URL, recent: [String] = [], shown: String? = nil) -> (FolderOpening, PhotoPipeline) {
        let pipeline = PhotoPipeline(catalog: PhotoCatalog(files: [], warn: { _ in }), limits: .oneDecoder(.inProcess), warn: { _ in })
        let places = DesktopFolders(environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config"])
        return (FolderOpening(fileActions: PhotoFileActions(pipeline: pipeline), places: places, recursive: false, recent: recent, shown: shown),
                pipeline)
    }

    @Test("from the home folder: home, Pictures, the recent folders still there (newest first), the parent, then the subfolders in natural order without hidden ones or files; a name that is not UTF-8 among them")
    func offered() throws {
        let home = try Self.home()
        let gone = home.path + "/gone"
        let (opening, _) = Self.opening(home: home, recent: [home.path + "/2024", gone, "/"])
        guard case let .folderChoices(folder, choices) = opening.choices() else { Issue.record("not choices"); return }
        #expect(folder == home.path)
        let listed = choices.map { "\($0.kind.rawValue) \($0.path.replacingOccurrences(of: home.path, with: "~"))" }
        #expect(listed == ["home ~", "pictures ~/Pictures", "recent ~/2024", "recent /", "parent " + home.deletingLastPathComponent().path,
                           "subfolder ~/2024", "subfolder ~/" + Self.latin1, "subfolder ~/Empty", "subfolder ~/Nested", "subfolder ~/Pictures"],
                "\(listed)")
    }

    @Test("looking from a subfolder lists its parent and its own subfolders; from the root, no parent")
    func lookingElsewhere() throws {
        let home = try Self.home()
        let (opening, _) = Self.opening(home: home)
        guard case let .folderChoices(folder, choices) = opening.choices(from: home.path + "/Nested") else { return }
        #expect(folder == home.path + "/Nested")
        // Its parent is the home folder, offered once, as Home.
        #expect(!choices.contains { $0.kind == .parent } && choices.filter { $0.path == home.path }.map(\.kind) == [.home])
        #expect(choices.filter { $0.kind == .subfolder }.map(\.path) == [home.path + "/Nested/trip"])
        guard case let .folderChoices(_, deeper) = opening.choices(from: home.path + "/Nested/trip") else { return }
        #expect(deeper.filter { $0.kind == .parent }.map(\.path) == [home.path + "/Nested"])
        #expect(!deeper.contains { $0.kind == .subfolder })
        guard case let .folderChoices(_, fromRoot) = opening.choices(from: "/") else { return }
        #expect(!fromRoot.contains { $0.kind == .parent })
        #expect(fromRoot.contains { $0.kind == .subfolder && $0.path == "/tmp" })
    }

    @Test("the folder named by bytes that are not UTF-8 opens: its photo joins the list and it becomes the newest recent folder")
    func opensNonUTF8Folder() throws {
        let home = try Self.home()
        let (opening, pipeline) = Self.opening(home: home, recent: [home.path + "/2024"])
        let viewer = Viewer(photos: [], windowSize: Size(640, 400))
        let chosen = home.path + "/" + Self.latin1
        let events = opening.open(chosen, viewer: viewer, at: 2)
        #expect(DroppedFilesTests.changes(events) == [PhotoListChange(added: [.init(index: 0, name: "b.jpg")])])
        #expect(DroppedFilesTests.effects(events) == [.dropped(open: nil, message: "opened caf\\xE9 (1 photo)")])
        #expect(pipeline.path(ofPhotoAt: 0) == chosen + "/b.jpg")
        #expect(opening.shownFolder == chosen)
        #expect(opening.recentFolders == [chosen, home.path + "/2024"])
    }

    @Test("every folder problem is a line in the window with the way out, never an exit: empty, photos only in subfolders (shown, as -r), missing, unreadable")
    func problems() throws {
        let home = try Self.home()
        let (opening, pipeline) = Self.opening(home: home)
        let viewer = Viewer(photos: [], windowSize: Size(640, 400))
        let empty = DroppedFilesTests.effects(opening.open(home.path + "/Empty", viewer: viewer, at: 1))
        guard case let .photoFile(said, true)? = empty.last else { Issue.record("\(empty)"); return }
        #expect(said.hasPrefix(home.path + "/Empty: folder holds no images"), "\(said)")
        #expect(opening.shownFolder == home.path + "/Empty", "an empty folder shown is watched and remembered")

        let nested = opening.open(home.path + "/Nested", viewer: viewer, at: 2)
        #expect(DroppedFilesTests.changes(nested).last?.added.count == 1)
        #expect(pipeline.path(ofPhotoAt: 0) == home.path + "/Nested/trip/a.jpg")
        #expect(DroppedFilesTests.effects(nested).last == .photoFile(message: "Nested holds no photos of its own: showing the photo in its subfolder trip", isError: false))

        let missing = DroppedFilesTests.effects(opening.open(home.path + "/gone", viewer: viewer, at: 3))
        #expect(missing.last == .photoFile(message: "\(home.path)/gone: no such file or folder", isError: true))
        #expect(opening.shownFolder == nil)

        // Unreadable: root reads any folder, so only an ordinary user sees this one.
        if getuid() != 0 {
            let locked = home.appendingPathComponent("Locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            chmod(locked.path, 0)
            defer { chmod(locked.path, 0o755) }
            let unreadable = DroppedFilesTests.effects(opening.open(locked.path, viewer: viewer, at: 4))
            guard case let .photoFile(message, true)? = unreadable.last else { Issue.record("\(unreadable)"); return }
            #expect(message.hasPrefix(locked.path), "\(message)")
        }
    }

    @Test("with a photo open, the folder chosen is not opened and the line says to close it")
    func photoOpen() throws {
        let home = try Self.home()
        let (opening, _) = Self.opening(home: home)
        var viewer = Viewer(photos: [Photo(name: "a.jpg", pixelSize: Size(64, 48)), Photo(name: "b.jpg", pixelSize: Size(64, 48))], windowSize: Size(640, 400))
        viewer.handle(.frame(0))
        // A click on the first cell opens its photo.
        let cell = try #require(viewer.scene().cells.first { $0.photo == 0 }).frame.center
        viewer.handle(InputEvent(time: 0.1, kind: .pointer(phase: .down, position: cell, button: .left, modifiers: [])))
        viewer.handle(InputEvent(time: 0.15, kind: .pointer(phase: .up, position: cell, button: .left, modifiers: [])))
        viewer.handle(.frame(0.2))
        #expect(viewer.phase != .grid)
        #expect(DroppedFilesTests.effects(opening.open(home.path + "/2024", viewer: viewer, at: 1))
                == [.photoFile(message: "close the photo to open another folder", isError: true)])
    }

    @Test("recent folders: newest first, each once, at most ten; the demo photos' folder is not remembered")
    func recent() {
        var recent: [String] = []
        for i in 0..<12 { recent = FolderOpening.remembering("/p/\(i)", in: recent) }
        #expect(recent == (2..<12).reversed().map { "/p/\($0)" })
        recent = FolderOpening.remembering("/p/5", in: recent)
        #expect(recent.first == "/p/5" && recent.count == 10 && Set(recent).count == 10)
        #expect(FolderOpening.remembering("/demo", in: recent, except: "/demo") == recent)
    }

    @Test("the pictures folder from user-dirs.dirs: $HOME/…, an absolute path, none for the home folder itself")
    func picturesFolder() {
        #expect(DesktopFolders.picturesFolder(userDirs: "XDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n", home: "/home/me") == "/home/me/Bilder")
        #expect(DesktopFolders.picturesFolder(userDirs: "XDG_PICTURES_DIR=\"/data/photos\"", home: "/home/me") == "/data/photos")
        #expect(DesktopFolders.picturesFolder(userDirs: "XDG_PICTURES_DIR=\"$HOME/\"", home: "/home/me") == nil)
        #expect(DesktopFolders(environment: ["HOME": "/home/me", "XDG_CONFIG_HOME": "/nonexistent"]).pictures == "/home/me/Pictures")
    }
}

/// The recent folders in `state.json` (issue 42), beside the last folder and the folders' memory.
@Suite("state.json's recent folders")
struct RecentFoldersStateTests {
    @Test("written after lastFolder, read back in order; a path that is not absolute is named by its index and left out, the rest kept")
    func roundTrip() {
        var state = WindowState(windowSize: Size(1280, 800), lastFolder: "/p/b")
        state.recentFolders = ["/p/b", "/p/a"]
        #expect(state.jsonText == #"{"lastFolder":"\/p\/b","recentFolders":["\/p\/b","\/p\/a"],"window":{"h":800,"w":1280}}"#)
        var warnings: [String] = []
        let read = WindowState(jsonBytes: Array(state.jsonText.utf8), file: "state.json", warn: { warnings.append($0) })
        #expect(read == state && warnings.isEmpty)
        let damaged = WindowState(jsonBytes: Array(#"{"recentFolders":["/p/c","here",3]}"#.utf8), file: "state.json", warn: { warnings.append($0) })
        #expect(damaged.recentFolders == ["/p/c"])
        #expect(warnings == ["photozoom: state.json:1: recentFolders[1]: expected an absolute path; left out",
                             "photozoom: state.json:1: recentFolders[2]: expected an absolute path; left out"])
    }
}
