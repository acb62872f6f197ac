import Foundation
import Testing

@Suite("The command line refuses a bad photo folder with exit status 2 and one line naming it")
struct PhotoFolderArgumentTests {
    @Test("a missing folder")
    func missingFolder() throws {
        let path = "/nonexistent/photozoom-\(getpid())"
        let r = try CommandRunner.run(["run", "--photos", path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(path): no such folder\n")
    }

    @Test("an empty folder")
    func emptyFolder() throws {
        let dir = try CommandRunner.temporaryDirectory("empty")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CommandRunner.run(["run", "--photos", dir.path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("photozoom: \(dir.path): folder holds no images"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test("a folder holding only files that are not photos")
    func onlyNonImages() throws {
        let dir = try CommandRunner.temporaryDirectory("notes")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "notes".write(to: dir.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["run", "--photos", dir.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("folder holds no images"))
    }

    @Test("a path that is a file, not a folder")
    func fileNotFolder() throws {
        let dir = try CommandRunner.temporaryDirectory("file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.jpg")
        try Data([0xFF, 0xD8]).write(to: file)
        let r = try CommandRunner.run(["run", "--photos", file.path])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: \(file.path): not a folder\n")
    }

    @Test("an unreadable folder", .enabled(if: getuid() != 0, "root reads every folder"))
    func unreadableFolder() throws {
        let dir = try CommandRunner.temporaryDirectory("locked")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            try? FileManager.default.removeItem(at: dir)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: dir.path)
        let r = try CommandRunner.run(["run", "--photos", dir.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot be read"))
    }

    @Test("a malformed window size is a bad argument")
    func badSize() throws {
        let r = try CommandRunner.run(["run", "--size", "12x"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--size"))
    }
}
