import Foundation
import Testing
@testable import PhotoActions

/// A second Ctrl+C on the same photo offers the picture the first made; a photo changed on disk,
/// turned otherwise, or another photo is made again.
@Suite("The clipboard's last picture: made once per photo, version and turn")
struct ClipboardPicturesTests {
    @Test("three presses on kite.jpg make its picture once; after the file is written again, turned, or for another photo, once more each")
    func madeOncePerVersion() throws {
        let folder = TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kite = TestImages.write([1, 2, 3], "kite.jpg", in: folder).path
        let moss = TestImages.write([4, 5, 6], "moss.jpg", in: folder).path
        let pictures = ClipboardPictures()
        var makes = 0
        func press(_ path: String, _ turns: Int = 0) -> [UInt8] {
            pictures.picture(path: path, quarterTurns: turns) {
                makes += 1
                return [UInt8(makes)]
            }
        }
        #expect(press(kite) == [1] && press(kite) == [1] && press(kite) == [1])
        #expect(makes == 1 && pictures.madeCount == 1)
        // Four quarter turns are none.
        #expect(press(kite, 4) == [1] && makes == 1)
        #expect(press(kite, 1) == [2] && makes == 2)
        #expect(press(kite, 1) == [2] && press(kite, -3) == [2] && makes == 2)
        #expect(press(moss, 1) == [3] && makes == 3)
        // Written again by another program (an editor's save: other bytes, another length).
        _ = FileManager.default.createFile(atPath: moss, contents: Data([7, 8, 9, 10]))
        #expect(press(moss, 1) == [4] && makes == 4)
        #expect(press(moss, 1) == [4] && makes == 4)
    }

    @Test("a press whose picture could not be made (empty) keeps nothing: the next press tries again")
    func failureNotKept() throws {
        let folder = TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kite = TestImages.write([1, 2, 3], "kite.jpg", in: folder).path
        let pictures = ClipboardPictures()
        var makes = 0
        #expect(pictures.picture(path: kite, quarterTurns: 0) { makes += 1; return [] }.isEmpty)
        #expect(pictures.picture(path: kite, quarterTurns: 0) { makes += 1; return [9] } == [9])
        #expect(makes == 2)
    }
}
