import CSDL2
import Foundation
import Geometry
import Gestures
import Testing
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Rendering
import JSON
import Trace
import Viewing
import Events

/// A good photo whose file name is not valid UTF-8 (issue 19: it showed as "no such file").
@Suite("Photos whose names are not UTF-8 open", .serialized)
struct NonUTF8NameTests {
    typealias RGB = TestImages.RGB

    /// `caf\xE9.jpg` (Latin-1), `\xFF\xFE.png` and a good `plain.jpg` in a fresh folder, written
    /// with the raw bytes; returns the folder.
    static func folder(_ name: String = #function) throws -> URL {
        let dir = TestImages.folder(name)
        let photos: [([UInt8], [UInt8])] = [
            (Array("caf".utf8) + [0xE9] + Array(".jpg".utf8), TestImages.jpeg(width: 64, height: 48) { _, _ in RGB(200, 30, 30) }),
            ([0xFF, 0xFE] + Array(".jpg".utf8), TestImages.jpeg(width: 48, height: 64) { _, _ in RGB(30, 200, 30) }),
            (Array("plain.jpg".utf8), TestImages.jpeg(width: 64, height: 64) { _, _ in RGB(30, 30, 200) }),
        ]
        for (name, content) in photos {
            let path = Array(dir.path.utf8) + [UInt8(ascii: "/")] + name + [0]
            let fd = path.withUnsafeBufferPointer { p in
                p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
            }
            try #require(fd >= 0)
            #expect(write(fd, content, content.count) == content.count)
            close(fd)
        }
        return dir
    }

    @Test("the folder lists them, the catalog sizes them, the pipeline draws them in the app and in helper processes")
    func listedSizedAndDrawn() throws {
        let dir = try Self.folder()
        let folder = try PhotoFolder(path: dir.path)
        let names = folder.files.map { PhotoName.displayed($0.lastPathComponent) }
        #expect(names.sorted() == ["\\xFF\\xFE.jpg", "caf\\xE9.jpg", "plain.jpg"])
        let log = WarningLog()
        let catalog = PhotoCatalog(folder: folder, isolation: .inProcess, warn: log.append)
        #expect(Set(catalog.photos.map(\.pixelSize)) == [Size(64, 48), Size(48, 64), Size(64, 64)])
        for helpers in [nil, HelperBinary.settings()] {
            let pipeline = PhotoPipeline(catalog: catalog, limits: .oneDecoder(helpers.map { .helperProcesses($0) } ?? .inProcess), warn: log.append)
            let canvas = SoftwareCanvas(width: 64, height: 64)
            let demand = SceneDemand(visibleCells: [0, 1, 2], cellPixels: 32, largePhotos: [0], windowPixels: (64, 64))
            #expect(pipeline.pump(demand, renderer: canvas.renderer) { (0..<3).allSatisfy(pipeline.hasThumbnail) && pipeline.hasFullPhoto(0) })
            #expect((0..<3).allSatisfy { !pipeline.isBroken($0) })
            withExtendedLifetime(canvas) {}
        }
        #expect(log.lines.isEmpty, "\(log.lines)")
    }

    @Test("a broken one is named escaped in its warning; the thumbnail cache's URI percent-encodes its real bytes")
    func escapedInMessagesAndURIs() throws {
        let dir = try Self.folder()
        let broken = Array(dir.path.utf8) + Array("/bad\u{1B}".utf8) + [0xE9] + Array(".png".utf8)
        let spelled = PhotoName.spelling(broken)
        let fd = FileSystemPath.withCString(spelled) { open($0, O_WRONLY | O_CREAT, 0o644) }
        try #require(fd >= 0)
        close(fd)
        let log = WarningLog()
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: log.append)
        #expect(catalog.photos.count == 4)
        #expect(log.lines.count == 1 && log.lines[0].contains("/bad\\x1B\\xE9.png: empty file"), "\(log.lines)")
        #expect(FreedesktopThumbnailCache.uri(forPath: spelled) == "file://" + dir.path + "/bad%1B%E9.png")
    }

    @Test("one copied into a watched folder joins the list under its spelling and is drawn")
    func watchedAddition() throws {
        let dir = TestImages.folder()
        TestImages.write(TestImages.jpeg(width: 64, height: 48) { _, _ in RGB(1, 2, 3) }, "a.jpg", in: dir)
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { _ in })
        let (pipeline, canvas, start) = FolderChangeTests.watching(catalog, warn: { Issue.record("warning \($0)") })
        var viewer = start, time = 0.0, events: [InputEvent] = []
        #expect(FolderChangeTests.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { _ in pipeline.hasThumbnail(0) })
        let spelled = dir.path + "/" + PhotoName.spelling([0x62, 0xE9] + Array(".jpg".utf8))
        let content = TestImages.jpeg(width: 48, height: 64) { _, _ in RGB(9, 9, 9) }
        let fd = FileSystemPath.withCString(spelled) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        try #require(fd >= 0)
        #expect(write(fd, content, content.count) == content.count && close(fd) == 0)
        #expect(FolderChangeTests.run(pipeline, &viewer, canvas: canvas, time: &time, events: &events) { v in
            v.photos.count == 2 && pipeline.hasThumbnail(1)
        })
        #expect(viewer.photos.map { PhotoName.displayed($0.name) } == ["a.jpg", "b\\xE9.jpg"])
        #expect(viewer.photos[1].pixelSize == Size(48, 64))
        withExtendedLifetime(canvas) {}
    }

    @Test("a trace names it so that a replay finds the same file")
    func traceMapsBack() throws {
        let dir = try Self.folder()
        let folder = try PhotoFolder(path: dir.path)
        let catalog = PhotoCatalog(folder: folder, isolation: .inProcess, warn: { _ in })
        let header = TraceHeader(windowSize: Size(640, 400), scale: 1, photos: catalog.photos, feel: nil)
        let read = try TraceHeader(try #require(try JSONReader.parse(header.line).objectValue))
        #expect(read.photos == catalog.photos)
        let source = TraceTextureSource(photos: read.photos, folder: folder, warn: { Issue.record("warning \($0)") })
        #expect(source.missingCount == 0)
    }
}
