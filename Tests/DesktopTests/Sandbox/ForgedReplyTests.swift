import Foundation
import Testing
@testable import DecoderSandbox
@testable import ImageFormats
@testable import PhotoFiles

/// A decoder helper is a process that decoded a hostile file: the app believes none of its replies
/// (issue 33). A stand-in helper that sends one forged reply per request shows each field checked
/// before anything is allocated: the helper is stopped, that photo gets a problem naming the field,
/// and the app goes on.
@Suite("Forged decoder helper replies", .serialized)
struct ForgedReplyTests {
    /// A stand-in helper in `folder` that answers the first request with `reply` and then waits.
    static func forger(sending reply: [UInt8], in folder: URL) -> DecoderHelperSettings {
        let bytes = folder.appendingPathComponent("reply.bin")
        FileManager.default.createFile(atPath: bytes.path, contents: Data(reply))
        let program = folder.appendingPathComponent("forging-helper")
        FileManager.default.createFile(atPath: program.path, contents: Data("#!/bin/sh\ncat '\(bytes.path)'\nexec sleep 60\n".utf8))
        chmod(program.path, 0o755)
        var settings = DecoderHelperSettings(executable: program.path)
        settings.timeLimitSeconds = 10
        return settings
    }

    /// A real photo in `folder` for the request: the app opens it before it asks a helper (issue 33),
    /// so a missing one would never reach the forger.
    static func photo(in folder: URL) -> String {
        TestImages.write(TestImages.jpeg(width: 8, height: 8, colour: TestImages.noise), "photo.jpg", in: folder).path
    }

    static func options() -> DecoderHelperService.Options {
        var o = DecoderHelperService.Options()
        o.maxTextureSide = 1024
        o.pixelLimit = 100_000_000
        return o
    }

    /// Replies that would each have crashed or bloated the app, with the field the check names.
    static let forged: [(name: String, reply: DecoderHelperMessage.Reply, field: String)] = {
        let side = 1024  // the texture limit of `options()`; shared memory is side² × 4 bytes
        return [
            // The issue's 47-byte reply: width = height = 2^40, whose w × h × 4 overflowed.
            ("2^40 square", .image(width: 1 << 40, height: 1 << 40, fullWidth: 1 << 40, fullHeight: 1 << 40, fromSharedCache: false,
                                   seconds: 0, hasTransparency: false), "texture limit"),
            ("full width 2^62", .image(width: 8, height: 8, fullWidth: 1 << 62, fullHeight: 8, fromSharedCache: false, seconds: 0,
                                       hasTransparency: false), "full width"),
            ("full 2^32 × 2^32 (product overflows)", .image(width: 8, height: 8, fullWidth: 1 << 32, fullHeight: 1 << 32,
                                                            fromSharedCache: false, seconds: 0, hasTransparency: false), "pixel limit"),
            ("negative width", .image(width: -1, height: 8, fullWidth: 8, fullHeight: 8, fromSharedCache: false, seconds: 0,
                                      hasTransparency: false), "not a picture"),
            ("zero full height", .image(width: 8, height: 8, fullWidth: 8, fullHeight: 0, fromSharedCache: false, seconds: 0,
                                        hasTransparency: false), "not a picture"),
            ("one past the texture side", .image(width: side + 1, height: 1, fullWidth: side + 1, fullHeight: 1, fromSharedCache: false,
                                                 seconds: 0, hasTransparency: false), "texture limit"),
            ("partial 2^40 wide", .partialImage(width: 1 << 40, height: 2, fullWidth: 8, fullHeight: 8, seconds: 0, hasTransparency: false,
                                                detail: "cut"), "texture limit"),
            ("NaN seconds", .image(width: 8, height: 8, fullWidth: 8, fullHeight: 8, fromSharedCache: false, seconds: .nan,
                                   hasTransparency: false), "seconds"),
            ("negative problem numbers", .problem(.tooManyPixels(width: -5, height: 1, limit: 1, beforeDecoding: true), seconds: 0),
             "negative"),
        ]
    }()

    @Test("every forged reply stops its helper with a problem naming the field; the app allocates nothing for it", arguments: 0..<9)
    func forgedReply(_ index: Int) throws {
        let (name, reply, field) = Self.forged[index]
        let dir = TestImages.folder()
        let helper = DecoderHelper(settings: Self.forger(sending: DecoderHelperMessage.encode(reply), in: dir), options: Self.options())
        let attempt = helper.decode(path: Self.photo(in: dir), target: .screen(width: 640, height: 480))
        guard case let .failure(.decoderStopped(detail)) = attempt.result else {
            Issue.record("\(name): expected the helper stopped, got \(attempt.result)")
            return
        }
        #expect(detail.contains("replied out of turn") && detail.contains(field), "\(name): \(detail)")
        #expect(helper.pid == 0, "\(name): the helper is killed and reaped")
    }

    @Test("the issue's forged reply is 47 bytes, and the same reply with honest numbers is believed")
    func honestTwin() throws {
        let forged = DecoderHelperMessage.encode(Self.forged[0].reply)
        #expect(forged.count == 47)  // 4 length + 1 kind + 4 × 8 sizes + 1 cached + 8 seconds + 1 transparency
        let dir = TestImages.folder()
        let honest = DecoderHelperMessage.encode(.image(width: 1024, height: 1024, fullWidth: 4000, fullHeight: 4000, fromSharedCache: false,
                                                        seconds: 0.25, hasTransparency: false))
        let helper = DecoderHelper(settings: Self.forger(sending: honest, in: dir), options: Self.options())
        let image = try helper.decode(path: Self.photo(in: dir), target: .screen(width: 1024, height: 1024)).result.get()
        #expect(image.width == 1024 && image.height == 1024 && image.fullWidth == 4000)
        helper.stop()
    }

    @Test("forged header replies (negative, overflowing, past the pixel limit) stop the helper; the file gets a problem")
    func forgedHeaders() throws {
        let cases: [(ImageHeader, String)] = [
            (ImageHeader(format: .png, storedWidth: -3, storedHeight: 8, orientation: .up), "not a picture"),
            (ImageHeader(format: .png, storedWidth: 1 << 62, storedHeight: 1 << 62, orientation: .up), "pixel limit"),
            (ImageHeader(format: .gif, storedWidth: 8, storedHeight: 8, orientation: .up, largestFrame: (1 << 40, 1 << 40)), "frame"),
        ]
        for (header, field) in cases {
            let dir = TestImages.folder()
            let helper = DecoderHelper(settings: Self.forger(sending: HeaderMessage.encode(.header(header)), in: dir), options: Self.options())
            let outcomes = helper.readHeaders([Self.photo(in: dir)])
            guard case let .problem(.decoderStopped(detail))? = outcomes.first else {
                Issue.record("\(header): expected a stopped helper, got \(outcomes)")
                continue
            }
            #expect(detail.contains(field), "\(detail)")
            #expect(helper.pid == 0)
        }
    }
}
