import Foundation
import Gestures

// Ctrl+R and Ctrl+Shift+R, the shell's side: the file is turned (a JPEG's EXIF orientation set
// without re-encoding, `JPEGOrientationEdit`, written back atomically, `PhotoFileRewrite`), other
// programs' thumbnails of the old orientation go, and the pipeline turns the photo's pictures at
// the instant the viewer turns it (`PhotoPipeline.turnPictures`). A file that is not a JPEG turns
// for the session: its pictures are turned as they are decoded, and the file is left as it is;
// a PNG that can be written turned without loss asks first (`w`, `writeTurn`).
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
        guard original.bytes.starts(with: [0xFF, 0xD8]) else {
            pipeline.turnPictures(ofPhotoAt: photo, quarterTurns: quarterTurns, written: nil)
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
        do {
            let orientation = try JPEGOrientationEdit.orientation(of: original.bytes).turned(clockwise: quarterTurns)
            let edited = try JPEGOrientationEdit.setting(orientation, in: original.bytes)
            // The image data must come through untouched; anything else is a fault here, and nothing is written.
            guard let a = JPEGOrientationEdit.scanStart(original.bytes), let b = JPEGOrientationEdit.scanStart(edited),
                  original.bytes[a...] == edited[b...] else {
                return .photoFile(message: "cannot turn \(shown): its image data would not stay as it is; it was left as it was", isError: true)
            }
            try PhotoFileRewrite.replace(path, with: edited, original: original)
        } catch {
            let message = error.message.hasPrefix("cannot write") ? error.message : "cannot turn \(shown): \(error.message)"
            return .photoFile(message: message, isError: true)
        }
        pipeline.turnPictures(ofPhotoAt: photo, quarterTurns: quarterTurns, written: FileIdentity(path: path))
        pipeline.removeSharedThumbnails(ofFile: path)
        return .photoTurned(photo: photo, quarterTurns: quarterTurns,
                            message: "turned \(shown) 90° \(way) (kept in its EXIF orientation; Ctrl+\(quarterTurns > 0 ? "Shift+" : "")R turns it back)",
                            asksToWrite: false)
    }

    /// `w` after a turn that asked: the PNG written with the turns this session gave it, without
    /// loss (`PNGTurn`), atomically, keeping its mode and times; the view does not move (it shows
    /// the turn already).
    func writeTurn(photo: Int, path: String, name: String) -> EffectResult {
        let shown = PhotoName.displayed(name)
        let turns = pipeline.sessionTurns(ofPhotoAt: photo)
        guard turns != 0 else { return .photoFile(message: "\(shown) is not turned; nothing was written", isError: true) }
        do {
            let original = try PhotoFileRewrite.read(path)
            try PhotoFileRewrite.replace(path, with: try PNGTurn.turned(original.bytes, quarterTurns: turns), original: original)
        } catch {
            let message = error.message.hasPrefix("cannot write") ? error.message : "cannot write \(shown) turned: \(error.message); it was left as it was"
            return .photoFile(message: message + " (it stays turned for this session)", isError: true)
        }
        pipeline.wroteTurns(ofPhotoAt: photo, written: FileIdentity(path: path))
        pipeline.removeSharedThumbnails(ofFile: path)
        return .photoFile(message: "wrote \(shown) turned (PNG, re-encoded without loss)", isError: false)
    }
}
