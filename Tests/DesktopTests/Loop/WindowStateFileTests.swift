import Foundation
import Testing
@testable import App
@testable import PhotoFiles
@testable import ImageFormats

/// Issue 31: `state.json` is read and written by the project's JSON reader and writer, not
/// Foundation's. A file the old code wrote reads the same and is written back byte for byte; a
/// damaged one is said in one line per fault (file, line, field), what can be read is kept, and the
/// file is never overwritten: it is kept under a new name beside it before the new state is written.
@Suite("state.json: the old files read the same, a damaged file is said and kept")
struct WindowStateFileTests {
    /// Written by the code before this change (`JSONSerialization`, `.sortedKeys`, commit a8533d0)
    /// for the state `oldState` holds: keys in Foundation's order (numeric and case-insensitive:
    /// `/p/img2` before `/p/img10` before `/P/Upper`), `/` written `\/`, control characters as
    /// `\u0001`, scroll and size rounded to whole points (12.5 → 13, 1280.4 → 1280, 799.6 → 800).
    static let oldBytes = #"{"folders":{"\/home\/me\/Pictures\/Été 2024":{"photo":"IMG_0412.jpg","scroll":1840,"sort":"dateTaken"},"\/p\/a_b":{"photo":"ü.jpg","scroll":1,"sort":"name"},"\/p\/a-b":{"photo":"\u0001ctl","scroll":2,"sort":"name"},"\/p\/aB":{"scroll":0,"sort":"name"},"\/p\/img2":{"scroll":13,"sort":"dateModified"},"\/p\/img10":{"photo":"a \"quoted\"\\name\t.png","scroll":0,"sort":"name"},"\/P\/Upper":{"photo":"sub\/x y.png","scroll":30000000,"sort":"name"}},"lastFolder":"\/home\/me\/Pictures\/Été 2024","window":{"h":800,"w":1280}}"#

    /// The state the old code was given when it wrote `oldBytes`.
    static var oldState: WindowState {
        var s = WindowState(windowSize: .init(1280.4, 799.6), lastFolder: "/home/me/Pictures/Été 2024")
        s.folders["/home/me/Pictures/Été 2024"] = FolderMemory(order: .dateTaken, photo: "IMG_0412.jpg", scroll: 1840.4)
        s.folders["/p/img10"] = FolderMemory(order: .name, photo: "a \"quoted\"\\name\t.png", scroll: 0)
        s.folders["/p/img2"] = FolderMemory(order: .dateModified, photo: nil, scroll: 12.5)
        s.folders["/P/Upper"] = FolderMemory(order: .name, photo: "sub/x y.png", scroll: 3e7)
        s.folders["/p/a_b"] = FolderMemory(order: .name, photo: "ü.jpg", scroll: 1)
        s.folders["/p/a-b"] = FolderMemory(order: .name, photo: "\u{1}ctl", scroll: 2)
        s.folders["/p/aB"] = FolderMemory()
        return s
    }

    func scratch(_ name: String) throws -> String {
        let folder = TestImages.folder().appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a state.json the old code wrote reads as the state it was given (rounded), and is written back byte for byte")
    func oldFileReadsTheSame() throws {
        let folder = try scratch("old")
        let path = folder + "/state.json"
        try Self.oldBytes.write(toFile: path, atomically: false, encoding: .utf8)
        var warnings: [String] = []
        let read = WindowState(contentsOf: path) { warnings.append($0) }
        #expect(warnings.isEmpty)
        var expected = Self.oldState
        expected.windowSize = .init(1280, 800)
        for (key, memory) in expected.folders { expected.folders[key]!.scroll = memory.scroll.rounded() }
        #expect(read == expected)
        // The same state writes the same bytes, whether read back or as first given.
        let again = folder + "/again.json"
        #expect(read.write(to: again, warn: { Issue.record("\($0)") }))
        #expect(try String(contentsOfFile: again, encoding: .utf8) == Self.oldBytes)
        #expect(Self.oldState.jsonText == Self.oldBytes)
        #expect(WindowState().jsonText == "{}")
        #expect(WindowState(windowSize: .init(900, 700)).jsonText == #"{"window":{"h":700,"w":900}}"#)
    }

    @Test("text that is not JSON: one line naming file, line, field and column; nothing used; kept aside at the write, never overwritten")
    func syntaxErrorKeptAside() throws {
        let folder = try scratch("syntax")
        let path = folder + "/state.json"
        // Cut off inside the second folder's object, on line 3 (an editor's half-finished save).
        let damaged = "{\"lastFolder\":\"/p/a\",\n\"folders\":{\"/p/a\":{\"sort\":\"name\"},\n\"/p/b\":{\"scroll\":12,"
        try damaged.write(toFile: path, atomically: false, encoding: .utf8)
        var warnings: [String] = []
        let read = WindowState(contentsOf: path) { warnings.append($0) }
        #expect(read.lastFolder == nil && read.folders.isEmpty && read.windowSize == nil)
        // `"/p/b":{"scroll":12,` is 20 bytes: the text ends at column 21 of line 3.
        #expect(warnings == ["photozoom: \(path):3: folders./p/b: expected a quoted key, found the end of the text (column 21); "
                             + "nothing remembered is used (at quit the file is kept under a new name beside it, not overwritten)"])
        var quit = read
        quit.lastFolder = "/p/c"
        var said: [String] = []
        #expect(quit.write(to: path) { said.append($0) })
        #expect(said == ["photozoom: \(path): could not be read whole; kept as \(folder)/state-damaged.json, and this run's state written anew"])
        #expect(try String(contentsOfFile: folder + "/state-damaged.json", encoding: .utf8) == damaged)
        #expect(WindowState(contentsOf: path) == WindowState(lastFolder: "/p/c"))
        // A second damaged file goes to the next free name; the first one kept is left alone.
        try "[]".write(toFile: path, atomically: false, encoding: .utf8)
        warnings = []
        let second = WindowState(contentsOf: path) { warnings.append($0) }
        #expect(warnings == ["photozoom: \(path):1: expected an object {\"window\":…,\"lastFolder\":…,\"folders\":…}, found an array; "
                             + "nothing remembered is used (at quit the file is kept under a new name beside it, not overwritten)"])
        #expect(second.write(to: path, warn: { _ in }))
        #expect(try String(contentsOfFile: folder + "/state-damaged-2.json", encoding: .utf8) == "[]")
        #expect(try String(contentsOfFile: folder + "/state-damaged.json", encoding: .utf8) == damaged)
    }

    @Test("a field of the wrong kind: its line and field said, every other field kept, the file kept aside at the write")
    func fieldFaultsKeepTheRest() throws {
        let folder = try scratch("fields")
        let path = folder + "/state.json"
        let text = """
        {"window":{"w":20,"h":800},
        "lastFolder":"/p/a",
        "folders":{"/p/a":{"sort":"size","photo":"a.jpg","scroll":300},
        "/p/b":{"sort":"dateTaken","scroll":true},"relative":{}}}
        """
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        var warnings: [String] = []
        let read = WindowState(contentsOf: path) { warnings.append($0) }
        #expect(read.windowSize == nil)
        #expect(read.lastFolder == "/p/a")
        #expect(read.folders == ["/p/a": FolderMemory(order: .name, photo: "a.jpg", scroll: 300),
                                 "/p/b": FolderMemory(order: .dateTaken, photo: nil, scroll: 0)])
        #expect(warnings == [
            "photozoom: \(path):1: window: expected {\"w\":…,\"h\":…}, each 64 to 16384 points; the default size is used",
            "photozoom: \(path):3: folders[\"/p/a\"].sort: expected one of \"name\", \"dateTaken\", \"dateModified\"; left at its default",
            "photozoom: \(path):4: folders[\"/p/b\"].scroll: expected a number of points, 0 or more; left at its default",
            "photozoom: \(path):4: folders[\"relative\"]: expected an absolute path as the key; left out",
        ])
        var said: [String] = []
        #expect(read.write(to: path) { said.append($0) })
        #expect(said.count == 1)
        #expect(try String(contentsOfFile: folder + "/state-damaged.json", encoding: .utf8) == text)
    }

    @Test("a damaged file mended on disk before the write is replaced as any state file is, nothing kept aside")
    func mendedFileIsReplaced() throws {
        let folder = try scratch("mended")
        let path = folder + "/state.json"
        try #"{"lastFolder":7}"#.write(toFile: path, atomically: false, encoding: .utf8)
        let read = WindowState(contentsOf: path) { _ in }
        #expect(read.isFromDamagedFile)
        try #"{"lastFolder":"/p/mended"}"#.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(read.write(to: path) { Issue.record("\($0)") })
        #expect(!FileManager.default.fileExists(atPath: folder + "/state-damaged.json"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
    }

    @Test("a state file over 1 MB (8 MB here) is not read: one line says so; at quit it is kept aside under a new name and a new one written")
    func oversizedFileIsKept() throws {
        let folder = try scratch("oversized")
        let path = folder + "/state.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(#"{"lastFolder":"/p/a"}"#.utf8)))
        #expect(truncate(path, 8 << 20) == 0)  // sparse: 8 MB that take no disk
        var warnings: [String] = []
        let read = WindowState(contentsOf: path) { warnings.append($0) }
        #expect(read.lastFolder == nil)
        #expect(warnings == ["photozoom: \(path): 8.0 MB is too large for a state file (at most 1 MB); nothing remembered is used "
                             + "(at quit the file is kept under a new name beside it, not overwritten)"])
        var said: [String] = []
        #expect(read.write(to: path) { said.append($0) })
        #expect(said.count == 1 && said.first?.contains("state-damaged.json") == true, "\(said)")
        var aside = stat()
        #expect(stat(folder + "/state-damaged.json", &aside) == 0 && aside.st_size == 8 << 20)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
    }
}

/// The first run's hint (issue 42): "Press ? for every control" once, kept in `state.json`.
@Suite("The first-run hint is shown once: no state yet shows it, a state that has shown it does not")
struct FirstRunHintStateTests {
    @Test("no state file (or one from before the hint) shows the hint; once shown it is written as helpHintShown and read back, and not shown again")
    func shownOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hint-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = WindowState.path(in: dir.path)
        var first = WindowState(contentsOf: path)
        #expect(first.firstRunHint == "Press ? for every control")
        // A file from before the hint: the hint shows once for it too, and its other fields read as before.
        #expect(WindowState(jsonBytes: Array(WindowStateFileTests.oldBytes.utf8), file: "state.json", warn: { _ in }).firstRunHint != nil)
        first.helpHintShown = true
        #expect(first.write(to: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"helpHintShown":true}"#)
        #expect(WindowState(contentsOf: path).firstRunHint == nil)
    }

    @Test("a helpHintShown that is not true or false is said in one line naming the file, the line and the field")
    func damagedFlag() {
        var lines: [String] = []
        let state = WindowState(jsonBytes: Array(#"{"helpHintShown":"yes"}"#.utf8), file: "state.json", warn: { lines.append($0) })
        #expect(state.firstRunHint != nil)
        #expect(lines == ["photozoom: state.json:1: helpHintShown: expected true or false; the hint is shown again"])
    }
}
