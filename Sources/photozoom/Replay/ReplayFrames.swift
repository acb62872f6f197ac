import Foundation
import PhotoFiles
import PhotoLoading
import Rendering
import Trace
import Diagnostics

/// The renderer that `replay --frames` and `--video` draw with: the window's scene renderer in
/// software, with the trace's photos taken from a folder and matched by name.
enum ReplayFrames {
    static func renderer(header: TraceHeader, photosPath: String?) throws -> HeadlessRenderer {
        let photos = header.photos
        let photoFolder = try TraceTextureSource.folder(for: photos, path: photosPath ?? bundledPhotosPath())
        let probe = TraceTextureSource(photos: photos, folder: photoFolder, warn: printError)
        if probe.missingCount > 0 {
            printError("warning: \(probe.missingCount) of the trace's \(photos.count) photos are not in \(photoFolder.directory.path); "
                       + "they are drawn as placeholders")
        }
        return try HeadlessRenderer(pointScale: header.scale) {
            TraceTextureSource(photos: photos, folder: photoFolder, warn: printError)
        }
    }
}
