import Foundation
import Testing

@Suite("A bad photo path opens the window saying what happened (never an exit), with one line naming it on stderr")
struct PhotoFolderArgumentTests {
    /// Runs `photozoom run ARGUMENTS` under SDL's dummy driver for a second, recording to a trace in
    /// `dir` (its config folder there too): the outcome, the trace's header and its effect lines.
    static func open(_ arguments: [String], in dir: URL) async throws -> (outcome: PhotoZoomProcess.Outcome, header: String, effects: [String]) {
        let trace = dir.appendingPathComponent("t.trace.jsonl")
        let r = try await PhotoZoomProcess.run(["run"] + arguments + ["--quit-after", "1", "--size", "320x240", "--record", trace.path],
                                            environment: ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                                                          "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        let lines = ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        // Ctrl+O's chooser, offered when there is nothing to show, is left to `chooserOffered`.
        let effects = lines.filter { $0.contains(#""type":"effect""#) && !$0.contains(#""effect":"folderChoices""#) }
            .map { $0.replacingOccurrences(of: #"^\{"t":[0-9.e-]+,"#, with: "", options: .regularExpression) }
        return (r, lines.first ?? "", effects)
    }

    /// The effect line the window shows `message` with (an error stays; a notice fades).
    static func said(_ message: String, error: Bool) -> String {
        #""type":"effect","effect":"photoFile","message":"# + "\"\(message)\",\"error\":\(error)}"
    }

    @Test("a missing folder: an empty window saying so, exit 0")
    func missingFolder() async throws {
        let dir = try PhotoZoomProcess.freshFolder("missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("Pictures").path
        let (r, header, effects) = try await Self.open(["--photos", path], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "photozoom: \(path): no such file or folder\n")
        #expect(header.contains(#""photos":[]"#), "\(header)")
        #expect(effects == [Self.said("\(path): no such file or folder", error: true)])
        // Nothing to show: the folder chooser is offered at once (issue 42).
        let trace = try String(contentsOf: dir.appendingPathComponent("t.trace.jsonl"), encoding: .utf8)
        #expect(trace.contains(#""type":"effect","effect":"folderChoices""#))
    }

    @Test("every bad path of several is named, in one line; the window opens empty")
    func severalBadPaths() async throws {
        let dir = try PhotoZoomProcess.freshFolder("several")
        defer { try? FileManager.default.removeItem(at: dir) }
        let notes = dir.appendingPathComponent("notes.txt")
        try "notes".write(to: notes, atomically: true, encoding: .utf8)
        let missing = dir.appendingPathComponent("gone.jpg").path
        let (r, _, effects) = try await Self.open([missing, notes.path], in: dir)
        let line = "\(missing): no such file or folder; \(notes.path): not a photo (PhotoZoom reads avif, bmp, gif, heic, heif, hif, jpe, jpeg, …)"
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "photozoom: \(line)\n")
        #expect(effects == [Self.said(line, error: true)])
    }

    @Test("a bad path beside a good photo: the photo shows, the window names the bad path")
    func badPathBesideGoodOne() async throws {
        let dir = try PhotoZoomProcess.freshFolder("beside")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = dir.appendingPathComponent("kite.jpg")
        try FileManager.default.copyItem(at: DailyBasicsEndToEndTests.bundled.appendingPathComponent("kite.jpg"), to: photo)
        let missing = dir.appendingPathComponent("gone.jpg").path
        let (r, header, effects) = try await Self.open([photo.path, missing], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(header.contains(#""photos":[{"name":"kite.jpg""#), "\(header)")
        #expect(effects == [Self.said("\(missing): no such file or folder; showing the other photo", error: true)])
    }

    @Test("a folder whose photos are all in subfolders shows them and names the subfolders")
    func photosOnlyInSubfolders() async throws {
        let dir = try PhotoZoomProcess.freshFolder("nested")
        defer { try? FileManager.default.removeItem(at: dir) }
        let top = dir.appendingPathComponent("Pictures")
        for (sub, name) in [("2024", "kite"), ("2024", "moss"), ("trips", "boats")] {
            try FileManager.default.createDirectory(at: top.appendingPathComponent(sub), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: DailyBasicsEndToEndTests.bundled.appendingPathComponent("\(name).jpg"),
                                             to: top.appendingPathComponent("\(sub)/\(name).jpg"))
        }
        let (r, header, effects) = try await Self.open([top.path], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let notice = "Pictures holds no photos of its own: showing the 3 photos in its subfolders 2024 and trips"
        #expect(r.stderr == "photozoom: \(notice)\n")
        #expect(effects == [Self.said(notice, error: false)])
        let names = header.matches(of: /"name":"([^"]*)"/).map { String($0.1) }
        #expect(names == ["2024/kite.jpg", "2024/moss.jpg", "trips/boats.jpg"], "\(header)")
    }

    @Test("an empty folder: an empty window saying it holds no images")
    func emptyFolder() async throws {
        let dir = try PhotoZoomProcess.freshFolder("empty")
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let (r, header, effects) = try await Self.open(["--photos", empty.path], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("photozoom: \(empty.path): folder holds no images"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(header.contains(#""photos":[]"#), "\(header)")
        #expect(effects.count == 1 && effects[0].contains("\(empty.path): folder holds no images"), "\(effects)")
    }

    @Test("a folder holding only files that are not photos")
    func onlyNonImages() async throws {
        let dir = try PhotoZoomProcess.freshFolder("notes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "notes".write(to: folder.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        let (r, _, effects) = try await Self.open(["--photos", folder.path], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("folder holds no images"))
        #expect(effects.count == 1 && effects[0].contains("folder holds no images"), "\(effects)")
    }

    @Test("a file that is not a photo")
    func fileNotPhoto() async throws {
        let dir = try PhotoZoomProcess.freshFolder("file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("README")
        try Data("read me".utf8).write(to: file)
        let (r, _, effects) = try await Self.open(["--photos", file.path], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("photozoom: \(file.path): not a photo (PhotoZoom reads "))
        #expect(effects.count == 1 && effects[0].contains("not a photo"), "\(effects)")
    }

    @Test("an unreadable folder (as root the program runs as nobody, whom a mode-000 folder stops: root reads every folder)")
    func unreadableFolder() async throws {
        let dir = try PhotoZoomProcess.freshFolder("locked")
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
            try? FileManager.default.removeItem(at: dir)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        let r: PhotoZoomProcess.Outcome
        if geteuid() == 0 {
            // The folder holds root's photos, so root can read it: the same run as an ordinary user
            // (`setpriv` drops user, group and supplementary groups before it starts photozoom),
            // whose config folder is one of its own.
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
            r = try await PhotoZoomProcess.runProgram(URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", (PhotoZoomProcess.binary ?? PhotoZoomProcess.binary(named: "photozoom")).path, "run", "--photos", locked.path,
                 "--quit-after", "1", "--size", "320x240"],
                environment: ["SDL_VIDEODRIVER": "dummy", "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                              "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], timeout: 300)
        } else {
            r = try await Self.open(["--photos", locked.path], in: dir).outcome
        }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("cannot be read"))
    }

    @Test("--version prints the version; run --help gives the window size's default as WxH")
    func versionAndHelp() async throws {
        let version = try await PhotoZoomProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(version.stdout)")
        let help = try await PhotoZoomProcess.run(["run", "--help"])
        #expect(help.stdout.contains("else 1280x800)"), "\(help.stdout)")
        #expect(!help.stdout.contains("WindowSizeArgument"))
        #expect(help.stdout.contains("-r, --recursive"))
    }

    @Test("a malformed window size is a bad argument")
    func badSize() async throws {
        let r = try await PhotoZoomProcess.run(["run", "--size", "12x"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--size"))
    }
}
