import CSandbox
import Foundation
import Testing
@testable import DecodeScheduling
@testable import DecoderSandbox
@testable import ImageFormats
@testable import PhotoFiles

/// What the app hands a decoder helper (issue 43): only a regular file on a real file system whose
/// first bytes are an image PhotoZoom reads; a link met in a folder is followed only while it stays
/// in that folder, a link the user named is followed wherever it leads, and still only to such a file.
@Suite("A link is not a photo: what is handed to a decoder", .serialized)
struct HandedFileTests {
    typealias RGB = TestImages.RGB

    /// A made-up private key, somewhere the photos' folder does not hold.
    static func privateKey() -> URL {
        let elsewhere = TestImages.folder("private")
        return TestImages.write(Array("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n".utf8), "id_ed25519", in: elsewhere)
    }

    /// A shared-memory file of this process (as a helper's pixels are), reached by `/proc/self/fd/N`.
    static func memoryFile() throws -> Int32 {
        let fd = pz_shared_memory("photozoom-test-pixels", 4096)
        try #require(fd >= 0)
        return fd
    }

    /// A sysfs file that exists here.
    static func sysfsFile() throws -> String {
        let candidates = ["/sys/kernel/uevent_seqnum", "/sys/devices/system/cpu/online", "/sys/kernel/mm/transparent_hugepage/enabled"]
        return try #require(candidates.first { access($0, R_OK) == 0 })
    }

    /// The reason `openToHand` refuses `path` with, or nil when it hands it.
    static func refusal(_ path: String) -> String? {
        do throws(ImageProblem) {
            _ = try PhotoFile.openToHand(path)
            return nil
        } catch {
            return error.message
        }
    }

    /// Links named `name` in `dir` to each target.
    static func link(_ name: String, to target: String, in dir: URL) -> String {
        let path = dir.appendingPathComponent(name).path
        #expect(symlink(target, path) == 0)
        return path
    }

    @Test("links in a folder that lead out of it are refused before anything is handed, whatever they reach")
    func linksOutOfTheFolderRefused() throws {
        let dir = TestImages.folder()
        let memory = try Self.memoryFile()
        defer { close(memory) }
        let links = [
            Self.link("zz.jpg", to: "/proc/self/mem", in: dir),
            Self.link("ad.jpg", to: "/proc/self/fd/\(memory)", in: dir),
            Self.link("sy.jpg", to: try Self.sysfsFile(), in: dir),
            Self.link("ab.jpg", to: Self.privateKey().path, in: dir),
        ]
        for path in links {
            let reason = try #require(Self.refusal(path), "\(path) was handed")
            #expect(reason.contains("a link that leads out of its folder"), "\(path): \(reason)")
            #expect(!reason.contains("\n"))
        }
    }

    @Test("a link the user named is followed, but only to a regular file on a disk whose first bytes are an image")
    func namedLinksFollowedToPhotosOnly() throws {
        let dir = TestImages.folder()
        let memory = try Self.memoryFile()
        defer { close(memory) }
        let elsewhere = TestImages.folder("elsewhere")
        let photo = TestImages.write(TestImages.jpeg(width: 16, height: 16) { _, _ in RGB(1, 2, 3) }, "kite.jpg", in: elsewhere)
        let expected: [(String, String, String)] = [
            ("zz.jpg", "/proc/self/mem", "procfs"),
            ("ad.jpg", "/proc/self/fd/\(memory)", "no name on a disk"),
            ("sy.jpg", try Self.sysfsFile(), "sysfs"),
            ("ab.jpg", Self.privateKey().path, "not an image"),
            ("ok.jpg", photo.path, ""),
        ]
        let links = expected.map { Self.link($0.0, to: $0.1, in: dir) }
        _ = try PhotoSelection(paths: links, recursive: false)  // named on the command line
        for ((name, target, why), path) in zip(expected, links) {
            let reason = Self.refusal(path)
            if why.isEmpty {
                #expect(reason == nil, "\(name) → \(target): \(reason ?? "")")
            } else {
                let reason = try #require(reason, "\(name) → \(target) was handed")
                #expect(reason.contains(why), "\(name) → \(target): \(reason)")
                #expect(!reason.contains("\n"))
            }
        }
    }

    @Test("a link to a photo in its own folder is followed; a file with no image signature there is refused")
    func linksWithinTheFolder() throws {
        let dir = TestImages.folder()
        TestImages.write(TestImages.jpeg(width: 16, height: 16) { _, _ in RGB(1, 2, 3) }, "kite.jpg", in: dir)
        TestImages.write(Array("-----BEGIN OPENSSH PRIVATE KEY-----\n".utf8), "key.jpg", in: dir)
        #expect(Self.refusal(Self.link("again.jpg", to: "kite.jpg", in: dir)) == nil)
        #expect(Self.refusal(Self.link("sub.jpg", to: dir.path + "/kite.jpg", in: dir)) == nil)
        #expect(Self.refusal(dir.path + "/key.jpg")?.contains("not an image") == true)
    }

    @Test("a decoder helper is never started for what is refused; the placeholder's reason is the one line")
    func refusedBeforeAnyHelper() throws {
        guard let settings = HelperBinary.settings() else { return }
        let dir = TestImages.folder()
        let path = Self.link("zz.jpg", to: "/proc/self/mem", in: dir)
        let helper = DecoderHelper(settings: settings, options: DecoderHelperService.Options())
        let attempt = helper.decode(path: path, target: .thumbnail(shortSide: 64))
        guard case let .failure(problem) = attempt.result else {
            Issue.record("/proc/self/mem was decoded")
            return
        }
        #expect(problem.message.contains("a link that leads out of its folder"), "\(problem.message)")
        #expect(helper.starts == 0)
    }

    @Test("a decoder in this process opens what it decodes as a helper's is opened: links out of the folder, a file with no image signature, refused with the same reason")
    func inProcessDecodesHandedFilesOnly() throws {
        let dir = TestImages.folder()
        let memory = try Self.memoryFile()
        defer { close(memory) }
        TestImages.write(Array("-----BEGIN OPENSSH PRIVATE KEY-----\n".utf8), "key.jpg", in: dir)
        let paths = [
            Self.link("zz.jpg", to: "/proc/self/mem", in: dir),
            Self.link("ad.jpg", to: "/proc/self/fd/\(memory)", in: dir),
            Self.link("ab.jpg", to: Self.privateKey().path, in: dir),
            dir.path + "/key.jpg",
        ]
        let decode = DecoderThreads.decoding(options: DecoderHelperService.Options(), isolation: .inProcess, queue: DecodeQueue())
        for path in paths {
            let expected = try #require(Self.refusal(path), "\(path) would be handed")
            let result = decode(DecoderThreads.Source(path: path), .thumbnail(shortSide: 64)).result
            guard case let .failure(problem) = result else {
                Issue.record("\(path) decoded in process")
                continue
            }
            #expect(problem.message == expected, "\(path): \(problem.message)")
        }
    }
}
