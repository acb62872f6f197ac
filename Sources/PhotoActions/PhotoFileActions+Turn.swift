import PhotoFiles
import ImageFormats
import Decoding
import PhotoLoading
import Foundation
import Gestures
import Synchronization
import Diagnostics
import Events

// Ctrl+R and Ctrl+Shift+R, the shell's side. The photo's pictures turn at once for the session
// (`PhotoPipeline.turnPictures`, at the instant the viewer turns it), and the turn is kept in the
// file on a thread of its own, since a write synced to the disk can take a third of a second and
// the turn's spring must not wait for it: a JPEG's EXIF orientation is set without re-encoding
// (`JPEGOrientationEdit`) and written back atomically (`PhotoFileRewrite`), in the order the keys
// came; other programs' thumbnails of the old orientation go. A failure comes back as a one-line
// effect on a later frame, the photo staying turned for the session. A PNG that can be written
// turned without loss asks first (`w`, `writeTurn`); other formats turn for the session only.
extension PhotoFileActions {
    /// Turns photo `photo` (file `path`) `quarterTurns` × 90° clockwise: the effect says how, or
    /// why nothing was done (the file and the view both as they were).
    func turn(photo: Int, path: String, name: String, quarterTurns: Int) -> EffectResult {
        let shown = PhotoName.displayed(name)
        let way = quarterTurns > 0 ? "clockwise" : "anticlockwise"
        let original: PhotoFileRewrite.Original
        do { original = try PhotoFileRewrite.read(path) } catch {
            return .photoFile(message: "cannot turn \(shown): \(error.message)", isError: true)
        }
        if original.bytes.starts(with: [0xFF, 0xD8]) {
            // Refused now what can be refused now: a file PhotoZoom may not or cannot write.
            do { _ = try JPEGOrientationEdit.setting(.up, in: original.bytes) } catch {
                return .photoFile(message: "cannot turn \(shown): \(error.message)", isError: true)
            }
            if let problem = PhotoFileRewrite.writeProblem(path) {
                return .photoFile(message: "cannot write \(shown): \(problem); it was left as it was", isError: true)
            }
            pipeline.turnPictures(ofPhotoAt: photo, quarterTurns: quarterTurns)
            keepTurn(ofFile: path, name: shown, quarterTurns: quarterTurns)
            return .photoTurned(photo: photo, quarterTurns: quarterTurns,
                                message: "turned \(shown) 90° \(way) (kept in its EXIF orientation; Ctrl+\(quarterTurns > 0 ? "Shift+" : "")R turns it back)",
                                asksToWrite: false)
        }
        pipeline.turnPictures(ofPhotoAt: photo, quarterTurns: quarterTurns)
        guard original.bytes.starts(with: PNGChunks.signature) else {
            return .photoTurned(photo: photo, quarterTurns: quarterTurns,
                                message: "turned \(shown) 90° \(way) for this session only: PhotoZoom writes turns into JPEG and PNG files only",
                                asksToWrite: false)
        }
        if let problem = PNGTurn.problem(original.bytes) {
            return .photoTurned(photo: photo, quarterTurns: quarterTurns,
                                message: "turned \(shown) 90° \(way) for this session only: it cannot be written turned without loss (\(problem))",
                                asksToWrite: false)
        }
        return .photoTurned(photo: photo, quarterTurns: quarterTurns,
                            message: "turned \(shown) 90° \(way) for this session; press w to write it turned (PNG, re-encoded without loss)",
                            asksToWrite: true)
    }

    /// Writes a JPEG's turn on the writing thread: the file read as it is then (after any turn
    /// before it), its orientation turned, the image data checked untouched, the file replaced.
    private func keepTurn(ofFile path: String, name: String, quarterTurns: Int) {
        pipeline.writesTurns(ofFile: path)
        let finished = self.finishedWrites, wake = self.wake
        writer.async { () -> Void in
            let result: Result<FileIdentity?, CommandLineError>
            do throws(CommandLineError) {
                let original = try PhotoFileRewrite.read(path)
                let orientation = try JPEGOrientationEdit.orientation(of: original.bytes).turned(clockwise: quarterTurns)
                let edited = try JPEGOrientationEdit.setting(orientation, in: original.bytes)
                // The image data must come through untouched; anything else is a fault here, and nothing is written.
                guard let a = JPEGOrientationEdit.scanStart(original.bytes), let b = JPEGOrientationEdit.scanStart(edited),
                      original.bytes[a...] == edited[b...] else {
                    throw CommandLineError("cannot write \(name): its image data would not stay as it is; it was left as it was")
                }
                try PhotoFileRewrite.replace(path, with: edited, original: original)
                result = .success(FileIdentity(path: path))
            } catch {
                result = .failure(error.message.hasPrefix("cannot write") ? error : CommandLineError("cannot write \(name): \(error.message)"))
            }
            finished.list.withLock { $0.append(FinishedWrite(path: path, quarterTurns: quarterTurns, result: result)) }
            // The loop may be waiting on input alone (nothing moves once the turn has landed): the
            // write's news, a failure's message above all, must not wait for the next input.
            wake()
        }
    }

    /// The writes finished since the last call: the pipeline learns which turns the files now
    /// hold; each failure is one effect, stamped `time`, saying so (the photo stays turned for
    /// the session).
    package func takeFinishedWrites(at time: Double) -> [InputEvent] {
        let done = finishedWrites.list.withLock { list in
            defer { list.removeAll() }
            return list
        }
        var events: [InputEvent] = []
        for write in done {
            switch write.result {
            case let .success(identity):
                pipeline.wroteTurns(ofFile: write.path, quarterTurns: write.quarterTurns, written: identity)
                pipeline.removeSharedThumbnails(ofFile: write.path)
            case let .failure(error):
                pipeline.writeFailed(ofFile: write.path)
                events.append(InputEvent(time: time, kind: .effect(.photoFile(message: error.message + " (it stays turned for this session)", isError: true))))
            }
        }
        return events
    }

    /// Blocks until every write asked for has finished (the app's end: nothing is left half done).
    package func finishWrites() {
        writer.sync {}
    }

    /// `w` after a turn that asked: the PNG written with the turns this session gave it, without
    /// loss (`PNGTurn`), atomically, keeping its mode and times; the view does not move (it shows
    /// the turn already). Written at once: the user asked for it, and nothing moves meanwhile.
    func writeTurn(photo: Int, path: String, name: String) -> EffectResult {
        let shown = PhotoName.displayed(name)
        let turns = pipeline.sessionTurns(ofPhotoAt: photo)
        guard turns != 0 else { return .photoFile(message: "\(shown) is not turned; nothing was written", isError: true) }
        pipeline.writesTurns(ofFile: path)
        do {
            let original = try PhotoFileRewrite.read(path)
            try PhotoFileRewrite.replace(path, with: try PNGTurn.turned(original.bytes, quarterTurns: turns), original: original)
        } catch {
            pipeline.writeFailed(ofFile: path)
            let message = error.message.hasPrefix("cannot write") ? error.message : "cannot write \(shown) turned: \(error.message); it was left as it was"
            return .photoFile(message: message + " (it stays turned for this session)", isError: true)
        }
        pipeline.wroteTurns(ofFile: path, quarterTurns: turns, written: FileIdentity(path: path))
        pipeline.removeSharedThumbnails(ofFile: path)
        return .photoFile(message: "wrote \(shown) turned (PNG, re-encoded without loss)", isError: false)
    }
}

/// The writes finished on the writing thread, for the frame loop to take.
final class FinishedWrites: Sendable {
    let list = Mutex<[FinishedWrite]>([])
}

/// A turn's write, finished on the writing thread.
struct FinishedWrite: Sendable {
    var path: String
    var quarterTurns: Int
    var result: Result<FileIdentity?, CommandLineError>
}
