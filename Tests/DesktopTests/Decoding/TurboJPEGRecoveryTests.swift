import CSDL2
import Foundation
import Testing
@testable import Decoding
@testable import ImageFormats
@testable import PhotoFiles

/// A failed JPEG decode must leave nothing behind in the decoder: the photos after it decode as
/// if it had never been tried (issue 19: a cut JPEG poisoned the shared TurboJPEG handle).
@Suite("TurboJPEG starts fresh after any failure")
struct TurboJPEGRecoveryTests {
    /// Decodes `bytes` (written as a file) with `decoder`; the problem, or nil when it decoded.
    func attempt(_ decoder: PhotoDecoder, _ bytes: [UInt8], in dir: URL) -> ImageProblem? {
        let url = TestImages.write(bytes, "cut.jpg", in: dir)
        do throws(ImageProblem) {
            _ = try decoder.decode(path: url.path, header: nil, target: .thumbnail(shortSide: 64))
            return nil
        } catch {
            return error
        }
    }

    @Test("the first 300 bytes of coffee.jpg, or 170 of chelsea.jpg, then every test JPEG still decodes on the same decoder")
    func cutBeforeGoodPhotos() throws {
        let jpegs = HostileFiles.bundled("jpg")
        try #require(!jpegs.isEmpty)
        let dir = TestImages.folder()
        let decoder = PhotoDecoder()
        for (name, cut) in [("coffee.jpg", 300), ("chelsea.jpg", 170)] {
            let source = try #require(HostileFiles.photo(name))
            #expect(attempt(decoder, Array(HostileFiles.bytes(source).prefix(cut)), in: dir) != nil)
            for url in jpegs {
                let problem = attempt(decoder, HostileFiles.bytes(url), in: dir)
                #expect(problem == nil, "\(url.lastPathComponent) after a \(cut)-byte cut: \(String(describing: problem))")
            }
        }
    }

    @Test("every cut of a JPEG's first 700 bytes (its markers and Huffman tables) fails alone")
    func everyHeaderCut() throws {
        let jpeg = try #require(HostileFiles.bundled("jpg").first.map(HostileFiles.bytes))
        let dir = TestImages.folder()
        let decoder = PhotoDecoder()
        for cut in stride(from: 2, to: min(700, jpeg.count), by: 1) {
            _ = attempt(decoder, Array(jpeg.prefix(cut)), in: dir)
            if cut % 50 == 0 {
                let problem = attempt(decoder, jpeg, in: dir)
                #expect(problem == nil, "the whole file after the \(cut)-byte cut: \(String(describing: problem))")
            }
        }
    }
}
