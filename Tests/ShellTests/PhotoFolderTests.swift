import Foundation
import Testing
@testable import Shell

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
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = try PhotoFolder(path: root.appendingPathComponent("Tests/Fixtures/Photos").path)
        #expect(folder.files.count == 13)
        #expect(!folder.files.contains { $0.lastPathComponent == "CREDITS" })
    }
}
