import CSandbox
import CSDL2
import Foundation
import Decoding
import ImageFormats
#if canImport(Glibc)
import Glibc
#endif

/// One decoder helper process, driven by one decoder thread: `photozoom decode-helper` started
/// with an empty environment, standard error discarded, requests on its standard input, replies on
/// its standard output and pixels in a shared-memory file both map.
///
/// The helper limits itself (address space, no files written, seccomp: no network, no programs
/// started, nothing opened for writing; see `DecoderHelperService`). When it crashes, passes
/// `timeLimitSeconds` on one image or replies nonsense, it is killed and reaped, that image alone
/// gets a `decoderStopped` problem saying what happened, and the next image starts a new helper.
/// Each decoder thread owns its helper, so two threads decode in two processes at once.
package final class DecoderHelper {
    package let settings: DecoderHelperSettings
    /// The options passed to each helper started: the decoder's limits and thumbnail cache.
    package let options: DecoderHelperService.Options
    /// Bytes of the shared-memory file: the largest picture a reply can carry.
    let sharedBytes: Int
    /// Helpers started so far (the first, and one after each that was stopped).
    private(set) var starts = 0
    /// What a reply may say before anything is allocated for it.
    package var limits: DecoderReplyLimits {
        DecoderReplyLimits(sharedBytes: sharedBytes, pixelLimit: options.pixelLimit, maxTextureSide: options.maxTextureSide)
    }

    private(set) var pid: pid_t = 0
    /// Requests sent to the running helper since it started: past the first, what it replies may
    /// come from a photo handed to it before (`DecodeAttempt.fromReusedHelper`).
    private var requestsSinceStart = 0
    private var requests: Int32 = -1
    private var replies: Int32 = -1
    private var shared: Int32 = -1
    private var mapping: UnsafeMutableRawPointer?

    package init(settings: DecoderHelperSettings, options: DecoderHelperService.Options) {
        self.settings = settings
        self.options = options
        sharedBytes = options.maxTextureSide * options.maxTextureSide * 4
    }

    deinit { stop() }

    /// Decodes `path` for `target` in the helper; `shouldGiveUp` is asked about every 100 ms while
    /// waiting (the queue stopping), and a true answer kills the helper.
    ///
    /// Blame only the guilty photo (issue 33): a helper that died while idle (killed by the
    /// system or a person, its binary replaced) is replaced before the request, and a helper that
    /// ends without a reply, or stops answering past the time limit before it said it took the
    /// photo (issue 43: one that hung after a good reply blamed the next photo), gets the photo
    /// once more in a new helper; only a second such end calls the photo damaged. A helper that
    /// took the photo and passes the time limit decoding it is slow on that photo: it is stopped
    /// and the photo blamed at once, so a slow file costs its decoder one time limit, not two
    /// (issue 43), the thumbnail's for a thumbnail (`thumbnailTimeLimitSeconds`).
    package func decode(path: String, target: DecodeTarget, shouldGiveUp: () -> Bool = { false }) -> DecodeAttempt {
        reapIfEnded()
        let first = exchange(path: path, target: target, shouldGiveUp: shouldGiveUp)
        guard first.helperEnded || (first.timedOut && !first.taken) else { return first.attempt }
        retries += 1
        let second = exchange(path: path, target: target, shouldGiveUp: shouldGiveUp)
        guard second.helperEnded || second.timedOut, case let .failure(.decoderStopped(detail)) = second.attempt.result else { return second.attempt }
        return DecodeAttempt(result: .failure(.decoderStopped(detail + " (twice: the photo was tried again in a new helper)")),
                             seconds: second.attempt.seconds)
    }

    /// Photos tried again in a new helper after theirs ended without a reply.
    private(set) var retries = 0

    /// Reaps the helper when it has ended since its last reply, so the next request starts a new
    /// one instead of finding out by its silence.
    func reapIfEnded() {
        guard pid > 0 else { return }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return }
        pid = 0
        closeAll()
    }

    /// One request and reply; `helperEnded` when the helper ended (crashed or exited) before
    /// replying, `timedOut` when it did not reply within the time limit (it was stopped), `taken`
    /// when it had said it took the photo (`DecoderHelperMessage.taken`).
    private func exchange(path: String, target: DecodeTarget, shouldGiveUp: () -> Bool) -> (attempt: DecodeAttempt, helperEnded: Bool, timedOut: Bool, taken: Bool) {
        let (attempt, ended) = exchangeOnce(path: path, target: target, shouldGiveUp: shouldGiveUp)
        return (attempt, ended, lastExchangeTimedOut, lastExchangeTaken)
    }

    /// True when the last exchange's helper passed the time limit.
    private var lastExchangeTimedOut = false
    /// True when the last exchange's helper said it took the photo.
    private var lastExchangeTaken = false

    /// The wall-clock seconds a decode for `target` may take.
    func timeLimit(for target: DecodeTarget) -> Double {
        switch target {
        case .thumbnail, .preview: min(settings.thumbnailTimeLimitSeconds, settings.timeLimitSeconds)
        case .screen: settings.timeLimitSeconds
        }
    }

    private func exchangeOnce(path: String, target: DecodeTarget, shouldGiveUp: () -> Bool) -> (attempt: DecodeAttempt, helperEnded: Bool) {
        lastExchangeTimedOut = false
        lastExchangeTaken = false
        // The app opens the photo and hands the helper its descriptor (issue 33): a photo that
        // cannot be opened gets here the problem the helper would have found.
        let file: PhotoFile
        do throws(ImageProblem) { file = try PhotoFile.openToHand(path) } catch { return (DecodeAttempt(result: .failure(error)), false) }
        if pid == 0, let problem = start() { return (DecodeAttempt(result: .failure(problem)), false) }
        let message = DecoderHelperMessage.encode(.init(path: path, target: target))
        let reused = requestsSinceStart > 0
        requestsSinceStart += 1
        guard send(message, handing: file) else { return (stopped(.ended), true) }
        let limit = timeLimit(for: target)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limit * 1e9)
        var prefix: [UInt8] = []
        let body: [UInt8]
        // The helper says it took the photo (an empty message), then replies; one that replies at
        // once (a stand-in, an older helper) is believed as before.
        while prefix.isEmpty || (DecoderHelperMessage.length(prefix) == 0 && !lastExchangeTaken) {
            if !prefix.isEmpty { lastExchangeTaken = true }
            switch read(4, until: deadline, shouldGiveUp: shouldGiveUp) {
            case let .bytes(b): prefix = b
            case .ended: return (stopped(.ended), true)
            case let failure: return (stopped(failure, limit: limit), false)
            }
        }
        let length = DecoderHelperMessage.length(prefix)
        guard length <= DecoderHelperMessage.maximumLength else { return (stopped(.nonsense("a reply of \(length) bytes")), false) }
        switch read(length, until: deadline, shouldGiveUp: shouldGiveUp) {
        case let .bytes(b): body = b
        case let failure: return (stopped(failure, limit: limit), false)
        }
        guard let reply = DecoderHelperMessage.reply(body) else { return (stopped(.nonsense("a reply not in the wire format")), false) }
        if let fault = limits.fault(in: reply) { return (stopped(.nonsense(fault)), false) }
        switch reply {
        case let .problem(problem, seconds):
            return (DecodeAttempt(result: .failure(problem), seconds: seconds), false)
        case let .image(w, h, fw, fh, cached, seconds, transparent):
            var attempt = received(width: w, height: h, fullWidth: fw, fullHeight: fh, seconds: seconds, fromSharedCache: cached,
                                   hasTransparency: transparent)
            attempt.fromReusedHelper = reused
            return (attempt, false)
        case let .partialImage(w, h, fw, fh, seconds, transparent, detail):
            var attempt = received(width: w, height: h, fullWidth: fw, fullHeight: fh, seconds: seconds, fromSharedCache: false,
                                   hasTransparency: transparent, partialBecause: .truncated(detail))
            attempt.fromReusedHelper = reused
            return (attempt, false)
        }
    }

    /// The pixels a reply announced (already checked against `limits`), copied out of the shared memory.
    private func received(width w: Int, height h: Int, fullWidth fw: Int, fullHeight fh: Int, seconds: Double,
                          fromSharedCache cached: Bool, hasTransparency: Bool, partialBecause: ImageProblem? = nil) -> DecodeAttempt {
        guard limits.fault(in: .image(width: w, height: h, fullWidth: fw, fullHeight: fh, fromSharedCache: cached, seconds: seconds,
                                      hasTransparency: hasTransparency)) == nil,
              let mapping, let surface = SurfaceOps.make(width: w, height: h) else {
            return DecodeAttempt(result: .failure(.unsupported("no memory for the \(w)×\(h) pixels the decoder made")))
        }
        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels!
        for y in 0..<h { memcpy(pixels + y * pitch, mapping + y * w * 4, w * 4) }
        return DecodeAttempt(result: .success(DecodedImage(surface: surface, fullWidth: fw, fullHeight: fh, hasTransparency: hasTransparency,
                                                                partialBecause: partialBecause)),
                             seconds: seconds, fromSharedCache: cached)
    }

    /// Kills the helper (if running) and releases everything it used.
    package func stop() {
        if pid > 0 {
            kill(pid, SIGKILL)
            _ = reap()
        }
        closeAll()
    }

    // MARK: - Starting and stopping

    /// Starts a helper; the problem every image would get when that fails.
    package func start() -> ImageProblem? {
        // A helper that dies while a request is written must not take the app with it.
        signal(SIGPIPE, SIG_IGN)
        // Requests on a socket (each with its photo's descriptor), replies on a pipe.
        var requestPipe: [Int32] = [-1, -1], replyPipe: [Int32] = [-1, -1]
        var rc = pz_socket_pair(&requestPipe)
        guard rc == 0 else { return startFailure(rc) }
        rc = pz_pipe(&replyPipe)
        guard rc == 0 else {
            close(requestPipe[0]); close(requestPipe[1])
            return startFailure(rc)
        }
        shared = pz_shared_memory("photozoom-decoder", sharedBytes)
        guard shared >= 0, let map = mmap(nil, sharedBytes, PROT_READ, MAP_SHARED, shared, 0), map != MAP_FAILED else {
            let e = errno
            for fd in requestPipe + replyPipe { close(fd) }
            closeAll()
            return startFailure(e)
        }
        mapping = map
        let arguments = [settings.executable, "decode-helper"] + options.arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in cArguments { free(p) } }
        var child: pid_t = 0
        // ETXTBSY: a process forked elsewhere in this one still holds the program open for writing
        // (a test's stand-in just written, an update being installed); it passes within moments.
        for attempt in 0..<5 {
            rc = pz_spawn_helper(settings.executable, &cArguments, requestPipe[0], replyPipe[1], shared, &child)
            guard rc == ETXTBSY, attempt < 4 else { break }
            usleep(20_000)
        }
        close(requestPipe[0])
        close(replyPipe[1])
        requests = requestPipe[1]
        replies = replyPipe[0]
        guard rc == 0 else {
            closeAll()
            return startFailure(rc)
        }
        pid = child
        starts += 1
        requestsSinceStart = 0
        return nil
    }

    private func startFailure(_ code: Int32) -> ImageProblem {
        .decoderStopped("the decoder helper \(settings.executable) cannot start: \(String(cString: strerror(code)))")
    }

    /// How an exchange with the helper went.
    package enum Exchange {
        case bytes([UInt8])
        /// The helper closed its end: it ended or crashed.
        case ended
        /// The time limit passed.
        case timedOut
        /// The caller gave up (the queue is stopping).
        case gaveUp
        /// The reply was not in the wire format or announced what it cannot hold: the fault.
        case nonsense(String)
    }

    /// Kills and reaps the helper after a failed exchange; the problem says how it ended (a time
    /// limit passed: `limit` seconds, the screen's unless said).
    func stopped(_ exchange: Exchange, limit: Double? = nil) -> DecodeAttempt {
        if case .timedOut = exchange { lastExchangeTimedOut = true }
        // A helper that closed its pipe is ending: wait for it. Any other is killed first.
        if case .ended = exchange {} else { kill(pid, SIGKILL) }
        let status = reap()
        closeAll()
        let signalNumber = status & 0x7F, exitCode = (status >> 8) & 0xFF
        let detail: String
        switch exchange {
        case .timedOut:
            detail = "it took longer than \(Self.secondsText(limit ?? settings.timeLimitSeconds)) s and was stopped"
        case .gaveUp:
            detail = "PhotoZoom was stopping"
        case let .nonsense(fault):
            detail = "the decoder helper replied out of turn (\(fault)) and was stopped"
        case .ended, .bytes:
            if signalNumber != 0 {
                let name = strsignal(signalNumber).map { String(cString: $0) } ?? "signal"
                detail = "the decoder helper crashed on it (\(name.lowercased()), signal \(signalNumber)); its memory limit is \(settings.addressSpaceBytes >> 20) MB"
            } else {
                detail = "the decoder helper ended with exit status \(exitCode)"
            }
        }
        return DecodeAttempt(result: .failure(.decoderStopped(detail)))
    }

    /// Waits for the helper to end; its wait status.
    /// Waits for the helper to end (killing it after a second: a helper that closed its pipe
    /// but lives on is as lost as a crashed one); its wait status.
    private func reap() -> Int32 {
        var status: Int32 = 0
        for _ in 0..<200 {
            if waitpid(pid, &status, WNOHANG) == pid {
                pid = 0
                return status
            }
            usleep(5000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        return status
    }

    /// Seconds as a person reads them in a message: whole when whole.
    private static func secondsText(_ s: Double) -> String { s == s.rounded() && abs(s) < 1e9 ? String(Int(s)) : String(s) }

    private func closeAll() {
        if let mapping { munmap(mapping, sharedBytes) }
        mapping = nil
        for fd in [requests, replies, shared] where fd >= 0 { close(fd) }
        requests = -1; replies = -1; shared = -1
    }

    // MARK: - Pipes

    /// Writes one request whole, `file`'s descriptor with its first bytes (the helper's only way
    /// to the photo: it opens nothing itself).
    func send(_ bytes: [UInt8], handing file: PhotoFile?) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes {
                pz_send_with_descriptor(requests, $0.baseAddress! + done, bytes.count - done, done == 0 ? file?.descriptorToHand ?? -1 : -1)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Exactly `count` bytes from the helper, unless it ends, the deadline passes or the caller
    /// gives up first.
    package func read(_ count: Int, until deadline: UInt64, shouldGiveUp: () -> Bool) -> Exchange {
        var out = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .timedOut }
            guard !shouldGiveUp() else { return .gaveUp }
            var fds = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let wait = Int32(min(100, (deadline - now) / 1_000_000 + 1))
            let ready = poll(&fds, 1, wait)
            if ready < 0 && errno != EINTR { return .ended }
            guard ready > 0 else { continue }
            let n = out.withUnsafeMutableBytes { Glibc.read(replies, $0.baseAddress! + done, count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return .ended }
            done += n
        }
        return .bytes(out)
    }
}
