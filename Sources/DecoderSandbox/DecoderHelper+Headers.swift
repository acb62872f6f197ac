import Foundation
import Decoding
import ImageFormats

extension DecoderHelper {
    /// Header requests written to the helper at once: 128 replies (under 20 KB) never fill the
    /// reply pipe while the requests are still being written, and a 10,000-photo folder takes 79
    /// batches instead of 10,000 round trips.
    package static let headerBatch = 128

    /// A helper (not started yet) that reads only headers, of files under the folders of `paths`.
    package static func headerReader(settings: DecoderHelperSettings, pixelLimit: Int) -> DecoderHelper {
        var options = DecoderHelperService.Options()
        options.pixelLimit = pixelLimit
        options.addressSpaceBytes = settings.addressSpaceBytes
        // Headers need no pixels: the smallest shared memory the helper accepts.
        options.maxTextureSide = 1
        options.readRoots = []  // handed each file as a descriptor; it opens nothing (issue 33)
        return DecoderHelper(settings: settings, options: options)
    }

    /// Reads the headers of `paths` in the helper (started if need be), in order. A helper that
    /// crashes, hangs past the time limit or replies nonsense on a file is stopped: that file gets
    /// a `decoderStopped` problem saying what happened, and the rest go to a new helper. As for
    /// decodes (issue 33), a file whose helper ended without replying is tried once more in a new
    /// helper before it gets the problem, and a helper that died while idle is replaced first.
    /// Once `shouldGiveUp` says so (PhotoZoom stopping, a caller's deadline) the outcomes so far
    /// are returned, fewer than `paths` (the last may be the give-up's problem), and no helper is
    /// started for the rest.
    package func readHeaders(_ paths: [String], shouldGiveUp: () -> Bool = { false }) -> [HeaderMessage.Outcome] {
        var out: [HeaderMessage.Outcome] = []
        out.reserveCapacity(paths.count)
        var triedAgain = Set<Int>()
        while out.count < paths.count {
            if shouldGiveUp() { return out }
            reapIfEnded()  // a helper that died while idle is replaced, not blamed on the next file
            if pid == 0, let problem = start() {
                return out + Array(repeating: .problem(problem), count: paths.count - out.count)
            }
            let batch = paths[out.count..<min(paths.count, out.count + Self.headerBatch)]
            // The app opens each file and hands the helper its descriptor (issue 33); a file that
            // cannot be opened gets here the problem the helper would have found, and no request.
            var unopened: [ImageProblem?] = []
            var sent = true
            for path in batch where sent {
                do throws(ImageProblem) {
                    let file = try PhotoFile.openToHand(path)
                    unopened.append(nil)
                    sent = send(HeaderMessage.encodeRequest(path: path), handing: file)
                } catch {
                    unopened.append(error)
                }
            }
            guard sent else {
                let ended = stopped(.ended)
                if triedAgain.insert(out.count).inserted { continue }
                out.append(.problem(problem(ended)))
                continue
            }
            for problem in unopened {
                if let problem {
                    out.append(.problem(problem))
                    continue
                }
                let outcome = readHeaderReply(shouldGiveUp: shouldGiveUp)
                if outcome.helperEnded, triedAgain.insert(out.count).inserted { break }  // this file again, in a new helper
                out.append(outcome.reply)
                if !outcome.helperLives { break }  // the rest of the batch goes to a new helper
            }
        }
        return out
    }

    /// One header reply, within the time limit; a failed exchange stops the helper.
    /// `helperEnded` when the helper ended (crashed or exited) or stopped answering before its
    /// reply: the file is tried once more in a new helper.
    private func readHeaderReply(shouldGiveUp: () -> Bool) -> (reply: HeaderMessage.Outcome, helperLives: Bool, helperEnded: Bool) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(settings.timeLimitSeconds * 1e9)
        let prefix: [UInt8], body: [UInt8]
        switch read(4, until: deadline, shouldGiveUp: shouldGiveUp) {
        case let .bytes(b): prefix = b
        case .ended: return (.problem(problem(stopped(.ended))), false, true)
        case .timedOut: return (.problem(problem(stopped(.timedOut))), false, true)  // tried again in a new helper (issue 43)
        case let failure: return (.problem(problem(stopped(failure))), false, false)
        }
        let length = DecoderHelperMessage.length(prefix)
        guard length <= DecoderHelperMessage.maximumLength else {
            return (.problem(problem(stopped(.nonsense("a reply of \(length) bytes")))), false, false)
        }
        switch read(length, until: deadline, shouldGiveUp: shouldGiveUp) {
        case let .bytes(b): body = b
        case .ended: return (.problem(problem(stopped(.ended))), false, true)
        case let failure: return (.problem(problem(stopped(failure))), false, false)
        }
        guard let reply = HeaderMessage.reply(body) else {
            return (.problem(problem(stopped(.nonsense("a reply not in the wire format")))), false, false)
        }
        if let fault = limits.fault(in: reply) { return (.problem(problem(stopped(.nonsense(fault)))), false, false) }
        return (reply, true, false)
    }

    /// The problem of a failed attempt.
    private func problem(_ attempt: DecodeAttempt) -> ImageProblem {
        if case let .failure(p) = attempt.result { return p }
        return .decoderStopped("the decoder helper was stopped")
    }
}
