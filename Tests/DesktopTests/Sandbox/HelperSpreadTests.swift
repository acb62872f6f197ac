import Foundation
import Testing
@testable import DecodeScheduling
@testable import DecoderSandbox
@testable import Decoding
@testable import ImageFormats

/// Decoder helpers use the machine (issue 43): the helpers of different decoder threads run on
/// different CPUs (each pins itself to one, for libheif's AV1 decoder), a helper that stops
/// answering is replaced and the photo tried again before it is blamed, and the decoder threads
/// grow with the cores.
@Suite("Helpers spread over the CPUs; a helper that stops answering blames nobody", .serialized)
struct HelperSpreadTests {
    /// The CPUs process `pid` may run on (`Cpus_allowed_list` of /proc/PID/status).
    static func allowedCPUs(_ pid: pid_t) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
            .map { $0.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces) }
    }

    /// The CPUs of a list such as `0-2,5`.
    static func cpus(_ list: String) -> [Int] {
        list.split(separator: ",").flatMap { part -> [Int] in
            let ends = part.split(separator: "-").compactMap { Int($0) }
            return ends.count == 2 ? Array(ends[0]...ends[1]) : ends
        }
    }

    @Test("the helpers of decoder threads 0 and 1 run on two different CPUs where two may be used")
    func distinctCPUs() throws {
        guard let settings = HelperBinary.settings() else { return }
        let allowed = Self.cpus(try #require(Self.allowedCPUs(getpid())))
        try #require(allowed.count >= 2, "this machine lets the tests use one CPU: nothing to spread over")
        let dir = TestImages.folder()
        let photo = TestImages.write(TestImages.jpeg(width: 32, height: 24, colour: TestImages.noise), "a.jpg", in: dir).path
        var cpus: [String] = []
        for slot in 0..<2 {
            var options = DecoderHelperService.Options()
            options.cpuSlot = slot
            let helper = DecoderHelper(settings: settings, options: options)
            // A decode first: the helper has set itself up (and pinned itself) by its reply.
            guard case .success = helper.decode(path: photo, target: .thumbnail(shortSide: 16)).result else {
                Issue.record("the helper did not decode")
                return
            }
            cpus.append(try #require(Self.allowedCPUs(helper.pid)))
            helper.stop()
        }
        #expect(cpus[0] != cpus[1], "both helpers on CPU \(cpus[0])")
        #expect(cpus.allSatisfy { Self.cpus($0).count == 1 && allowed.contains(Self.cpus($0)[0]) }, "\(cpus)")
    }

    @Test("a helper that stops answering: the photo is tried again in a new helper and decodes; nothing is blamed on it")
    func stoppedHelperBlamesNobody() throws {
        let dir = TestImages.folder()
        guard let settings = HelperBinary.hangsOnce(in: dir, timeLimitSeconds: 1) else { return }
        let photo = TestImages.write(TestImages.jpeg(width: 32, height: 24, colour: TestImages.noise), "a.jpg", in: dir).path
        let helper = DecoderHelper(settings: settings, options: DecoderHelperService.Options())
        let attempt = helper.decode(path: photo, target: .thumbnail(shortSide: 16))
        if case let .failure(problem) = attempt.result { Issue.record("blamed: \(problem.message)") }
        #expect(helper.starts == 2)
        helper.stop()
    }

    @Test("decoder threads: one per core while nothing moves, one core kept for the frame loop while something does, at most 8")
    func threadsScaleWithCores() {
        // cores → (idle, while moving): min(8, cores) and min(8, max(1, cores − 1)).
        let expected = [1: (1, 1), 2: (2, 1), 4: (4, 3), 6: (6, 5), 8: (8, 7), 16: (8, 8)]
        for (cores, (idle, moving)) in expected {
            #expect(DecoderThreads.defaultCount(cores: cores) == idle, "\(cores) cores")
            #expect(DecoderThreads.defaultCountWhileMoving(cores: cores) == moving, "\(cores) cores, moving")
        }
    }
}
