import Foundation
import Testing
@testable import PhotoFiles
import TestSupport

@Suite("Photo folders list images in natural name order")
struct PhotoFolderTests {
    @Test("digits compare by value: img2 before img10, and case does not split runs")
    func naturalOrder() {
        let names = ["img10.jpg", "IMG3.png", "img2.jpg", "a.jpg", "img002.jpg", "img1b.jpg", "img1a.jpg"]
        let sorted = names.sorted(by: PhotoFolder.naturalOrder)
        #expect(sorted == ["a.jpg", "img1a.jpg", "img1b.jpg", "img002.jpg", "img2.jpg", "IMG3.png", "img10.jpg"])
    }

    @Test("only files with image extensions are photos; hidden files are skipped")
    func filtersByExtension() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pz-folder-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["b.JPG", "a.png", "CREDITS", ".hidden.jpg", "c.webp", "notes.txt"] {
            try Data().write(to: dir.appendingPathComponent(name))
        }
        let folder = try PhotoFolder(path: dir.path)
        #expect(folder.files.map(\.lastPathComponent) == ["a.png", "b.JPG", "c.webp"])
    }

    @Test("the bundled demo photos are all found, CREDITS left out; each is credited there")
    func bundledPhotos() throws {
        let root = Repository.root
        let demo = root.appendingPathComponent("Resources/Photos")
        let folder = try PhotoFolder(path: demo.path)
        // The floor for the demo: at least 24 real photographs.
        #expect(folder.files.count >= 24)
        #expect(!folder.files.contains { $0.lastPathComponent == "CREDITS" })
        let credits = try String(contentsOf: demo.appendingPathComponent("CREDITS"), encoding: .utf8)
        for file in folder.files {
            #expect(credits.contains("| \(file.lastPathComponent) |"), "\(file.lastPathComponent) has no line in CREDITS")
        }
    }

    @Test("the test-fixture photos (the awkward cases the golden traces name) are all found")
    func fixturePhotos() throws {
        let root = Repository.root
        let folder = try PhotoFolder(path: root.appendingPathComponent("Tests/Fixtures/Photos").path)
        #expect(folder.files.count == 13)
        #expect(!folder.files.contains { $0.lastPathComponent == "CREDITS" })
    }
}

@Suite("What the user points at: files and folders become the photo set, a file opens presented")
struct PhotoSelectionTests {
    /// A folder tree of empty files (their content does not matter to the selection).
    static func tree(_ name: String, _ files: [String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pz-selection-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        for file in files {
            let url = dir.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        return dir
    }

    @Test("a file opens its folder's photos with that one presented")
    func fileOpensItsFolder() throws {
        let dir = try Self.tree("file", ["img10.jpg", "img2.jpg", "img1.jpg", "notes.txt"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try PhotoSelection(paths: [dir.appendingPathComponent("img10.jpg").path], recursive: false)
        #expect(s.files.map(\.lastPathComponent) == ["img1.jpg", "img2.jpg", "img10.jpg"])
        #expect(s.openIndex == 2)
        #expect(s.title == dir.lastPathComponent)
    }

    @Test("several files form the set in the order given, each once, the first presented")
    func severalFiles() throws {
        let dir = try Self.tree("several", ["a.jpg", "b.jpg", "c.png"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = ["c.png", "a.jpg", "c.png"].map { dir.appendingPathComponent($0).path }
        let s = try PhotoSelection(paths: paths, recursive: false)
        #expect(s.files.map(\.lastPathComponent) == ["c.png", "a.jpg"])
        #expect(s.openIndex == 0)
    }

    @Test("a folder shows the grid; -r adds its subfolders' photos after its own, depth first")
    func recursive() throws {
        let dir = try Self.tree("recursive", ["z.jpg", "2024/b.jpg", "2024/10/c.jpg", "2024/9/d.jpg", ".hidden/e.jpg", "a.jpg"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let flat = try PhotoSelection(paths: [dir.path], recursive: false)
        #expect(flat.files.map(\.lastPathComponent) == ["a.jpg", "z.jpg"])
        #expect(flat.openIndex == nil)
        let deep = try PhotoSelection(paths: [dir.path], recursive: true)
        #expect(deep.files.map { $0.path.replacingOccurrences(of: dir.path + "/", with: "") }
                == ["a.jpg", "z.jpg", "2024/b.jpg", "2024/9/d.jpg", "2024/10/c.jpg"])
    }

    @Test("-r names each photo by its path under the folder opened, so same-named files in two subfolders differ")
    func sameNamesInSubfolders() throws {
        let dir = try Self.tree("samenames", ["x.jpg", "a/x.jpg", "b/x.jpg", "b/c/x.jpg"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let deep = try PhotoSelection(paths: [dir.path], recursive: true)
        #expect(deep.names == ["x.jpg", "a/x.jpg", "b/x.jpg", "b/c/x.jpg"])
        // A file given by itself under -r: its folder's photos, named under that folder.
        let one = try PhotoSelection(paths: [dir.appendingPathComponent("b/x.jpg").path], recursive: true)
        #expect(one.names == ["x.jpg", "c/x.jpg"] && one.openIndex == 0)
        // Without -r nothing changes: bare file names.
        #expect(try PhotoSelection(paths: [dir.path], recursive: false).names == ["x.jpg"])
    }

    @Test("names that would still be the same (two folders or files given) are lengthened by their folders until they differ")
    func sameNamesAcrossPaths() throws {
        let dir = try Self.tree("acrosspaths", ["a/x.jpg", "a/y.jpg", "b/x.jpg", "p/q/z.jpg", "r/q/z.jpg"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let folders = try PhotoSelection(paths: ["a", "b"].map { dir.appendingPathComponent($0).path }, recursive: false)
        #expect(folders.names == ["a/x.jpg", "y.jpg", "b/x.jpg"])
        // q/z.jpg twice: one folder up is not enough, two are.
        let files = try PhotoSelection(paths: ["p/q/z.jpg", "r/q/z.jpg"].map { dir.appendingPathComponent($0).path }, recursive: false)
        #expect(files.names == ["p/q/z.jpg", "r/q/z.jpg"])
    }

    @Test("a symbolic link back up the tree is listed once, not followed forever")
    func linkLoop() throws {
        let dir = try Self.tree("loop", ["a.jpg", "sub/b.jpg"])
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("sub/up").path, withDestinationPath: "..")
        let s = try PhotoSelection(paths: [dir.path], recursive: true)
        #expect(s.files.map(\.lastPathComponent) == ["a.jpg", "b.jpg"])
    }
}

@Suite("Natural order is case- and accent-insensitive, numbers by value")
struct AccentOrderTests {
    @Test("Ä sorts beside a, É among the e's, decomposed accents too; ties by the names themselves")
    func accents() {
        let names = ["z.jpg", "Ä.jpg", "b.jpg", "a.jpg", "Éclair.jpg", "eclair2.jpg", "f.jpg", "e\u{301}t\u{e9}10.jpg",
                     "été9.jpg", "Öl.jpg", "ol.jpg", "photo10.jpg", "Photo9.jpg"]
        let sorted = PhotoFolder.naturallySorted(names)
        #expect(sorted == ["a.jpg", "Ä.jpg", "b.jpg", "eclair2.jpg", "Éclair.jpg", "été9.jpg", "e\u{301}t\u{e9}10.jpg",
                           "f.jpg", "ol.jpg", "Öl.jpg", "Photo9.jpg", "photo10.jpg", "z.jpg"])
    }
}
