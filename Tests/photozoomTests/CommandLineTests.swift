import Foundation
import Testing

@Suite("The command line refuses a bad photo path with exit status 2 and one line naming it")
struct PhotoFolderArgumentTests {
    @Test("a missing folder")
    func missingFolder() async throws {
        let path = "/nonexistent/photozoom-\(getpid())"
        let r = try await CommandRunner.run(["run", "--photos", path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(path): no such file or folder\n")
    }

    @Test("every bad path of several is named, in one line")
    func severalBadPaths() async throws {
        let dir = try CommandRunner.temporaryDirectory("several")
        defer { try? FileManager.default.removeItem(at: dir) }
        let notes = dir.appendingPathComponent("notes.txt")
        try "notes".write(to: notes, atomically: true, encoding: .utf8)
        let missing = dir.appendingPathComponent("gone.jpg").path
        let r = try await CommandRunner.run([missing, notes.path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(missing): no such file or folder; \(notes.path): not a photo "
                + "(PhotoZoom reads avif, bmp, gif, heic, heif, hif, jpe, jpeg, …)\n")
    }

    @Test("a folder whose photos are all in subfolders says -r includes them")
    func photosOnlyInSubfolders() async throws {
        let dir = try CommandRunner.temporaryDirectory("nested")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("2024"), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8]).write(to: dir.appendingPathComponent("2024/a.jpg"))
        let r = try await CommandRunner.run([dir.path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(dir.path): folder holds no images, but its subfolders do (-r includes them)\n")
    }

    @Test("an empty folder")
    func emptyFolder() async throws {
        let dir = try CommandRunner.temporaryDirectory("empty")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await CommandRunner.run(["run", "--photos", dir.path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("photozoom: \(dir.path): folder holds no images"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test("a folder holding only files that are not photos")
    func onlyNonImages() async throws {
        let dir = try CommandRunner.temporaryDirectory("notes")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "notes".write(to: dir.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        let r = try await CommandRunner.run(["run", "--photos", dir.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("folder holds no images"))
    }

    @Test("a file that is not a photo")
    func fileNotPhoto() async throws {
        let dir = try CommandRunner.temporaryDirectory("file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("README")
        try Data("read me".utf8).write(to: file)
        let r = try await CommandRunner.run(["run", "--photos", file.path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("photozoom: \(file.path): not a photo (PhotoZoom reads "))
    }

    @Test("an unreadable folder (as root the program runs as nobody, whom a mode-000 folder stops: root reads every folder)")
    func unreadableFolder() async throws {
        let dir = try CommandRunner.temporaryDirectory("locked")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            try? FileManager.default.removeItem(at: dir)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: dir.path)
        let r: CommandRunner.Result
        if geteuid() == 0 {
            // The folder holds root's photos, so root can read it: the same run as an ordinary user
            // (`setpriv` drops user, group and supplementary groups before it starts photozoom).
            r = try await PhotoZoomProcess.runProgram(URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", CommandRunner.binary.path, "run", "--photos", dir.path],
                environment: ["SDL_VIDEODRIVER": "dummy"], timeout: 300)
        } else {
            r = try await CommandRunner.run(["run", "--photos", dir.path])
        }
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot be read"))
    }

    @Test("--version prints the version; run --help gives the window size's default as WxH")
    func versionAndHelp() async throws {
        let version = try await CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(version.stdout)")
        let help = try await CommandRunner.run(["run", "--help"])
        #expect(help.stdout.contains("else 1280x800)"), "\(help.stdout)")
        #expect(!help.stdout.contains("WindowSizeArgument"))
        #expect(help.stdout.contains("-r, --recursive"))
    }

    @Test("a malformed window size is a bad argument")
    func badSize() async throws {
        let r = try await CommandRunner.run(["run", "--size", "12x"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--size"))
    }
}
