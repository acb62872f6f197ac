import Foundation
import Testing
@testable import App
@testable import PhotoFiles
@testable import ImageFormats
@testable import Decoding
@testable import PhotoLoading

/// Issue 32, "remembered per folder, with the last photo and scroll position": each folder's
/// order, photo and scroll in `state.json`, read back as written; a malformed field is one line
/// naming the file and the field, and the rest is still read.
@Suite("Folder memory in state.json: round trip, and a corrupt field said in one line")
struct FolderMemoryTests {
    @Test("each folder's order, last photo and scroll are read back as written, beside the window size and last folder")
    func roundTrip() throws {
        let folder = TestImages.folder()
        let path = folder.appendingPathComponent("state.json").path
        var state = WindowState(windowSize: .init(900, 700), lastFolder: "/photos/b")
        state.folders["/photos/a"] = FolderMemory(order: .dateTaken, photo: "IMG_0412.jpg", scroll: 1840)
        state.folders["/photos/b"] = FolderMemory(order: .dateModified, photo: "sub/x y.png", scroll: 0)
        state.folders["/photos/c"] = FolderMemory(order: .name, photo: nil, scroll: 12)
        #expect(state.write(to: path))
        var warnings: [String] = []
        let read = WindowState(contentsOf: path) { warnings.append($0) }
        #expect(read == state)
        #expect(warnings.isEmpty)
    }

    @Test("a corrupt field is one line naming the file, its line and the field; the folder keeps its other fields, other folders are read")
    func corruptField() throws {
        let folder = TestImages.folder()
        let path = folder.appendingPathComponent("state.json").path
        let text = #"{"lastFolder":"/p/a","folders":{"/p/a":{"sort":"size","photo":"a.jpg","scroll":300},"/p/b":{"sort":"dateTaken","scroll":-5},"/p/c":7}}"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var warnings: [String] = []
        let read = WindowState(contentsOf: path) { warnings.append($0) }
        #expect(read.lastFolder == "/p/a")
        #expect(read.folders["/p/a"] == FolderMemory(order: .name, photo: "a.jpg", scroll: 300))
        #expect(read.folders["/p/b"] == FolderMemory(order: .dateTaken, photo: nil, scroll: 0))
        #expect(read.folders["/p/c"] == FolderMemory())
        #expect(warnings == [
            "photozoom: \(path):1: folders[\"/p/a\"].sort: expected one of \"name\", \"dateTaken\", \"dateModified\"; left at its default",
            "photozoom: \(path):1: folders[\"/p/b\"].scroll: expected a number of points, 0 or more; left at its default",
            "photozoom: \(path):1: folders[\"/p/c\"]: expected an object {\"sort\":…,\"photo\":…,\"scroll\":…}; left at its default",
        ])
    }

    @Test("a state file that is not JSON is one line naming the file, the line and the field; nothing remembered is used")
    func notJSON() throws {
        let folder = TestImages.folder()
        let path = folder.appendingPathComponent("state.json").path
        try "{\"window\":{\"w\":900".write(toFile: path, atomically: true, encoding: .utf8)
        var warnings: [String] = []
        let read = WindowState(contentsOf: path) { warnings.append($0) }
        #expect(read.windowSize == nil && read.lastFolder == nil && read.folders.isEmpty)
        // `{"window":{"w":900` is 18 bytes: the text ends at column 19, inside `window`.
        #expect(warnings == ["photozoom: \(path):1: window: expected ',' or '}', found the end of the text (column 19); "
                             + "nothing remembered is used (at quit the file is kept under a new name beside it, not overwritten)"])
    }

    @Test("name order paths: a folder's own photos before its subfolders', each level natural")
    func nameOrderOfPaths() {
        let paths = ["/p/b/x.jpg", "/p/img10.jpg", "/p/a/z.jpg", "/p/img2.jpg", "/p/a/b/y.jpg"]
        #expect(paths.sorted(by: PhotoOrder.nameOrder) == ["/p/img2.jpg", "/p/img10.jpg", "/p/a/z.jpg", "/p/a/b/y.jpg", "/p/b/x.jpg"])
    }
}
