import Foundation
import Gestures

// Ctrl+R and Ctrl+Shift+R, the shell's side: the file is turned (a JPEG's EXIF orientation set
// without re-encoding, `JPEGOrientationEdit`, written back atomically, `PhotoFileRewrite`), other
// programs' thumbnails of the old orientation go, and the pipeline turns the photo's pictures at
// the instant the viewer turns it (`PhotoPipeline.turnPictures`). A file that is not a JPEG turns
// for the session: its pictures are turned as they are decoded, and the file is left as it is.
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
            return .photoTurned(photo: photo, quarterTurns: quarterTurns,
                                message: "turned \(shown) 90° \(way) for this session only: PhotoZoom keeps turns in JPEG files only",
                                asksToWrite: false)
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

    /// `w` after a turn that asked: not offered yet for any format (every turn of a file that is
    /// not a JPEG says it is for the session only).
    func writeTurn(photo: Int, path: String, name: String) -> EffectResult {
        .photoFile(message: "PhotoZoom keeps turns in JPEG files only; \(PhotoName.displayed(name)) stays turned for this session", isError: true)
    }
}
