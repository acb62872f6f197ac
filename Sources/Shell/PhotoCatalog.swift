import CSDL2
import Foundation
import Geometry
import Viewer

/// The photo set the viewer is given: names and oriented pixel sizes, read at start-up.
///
/// PROVISIONAL: sizes come from SDL_image's decode. The photo-pipeline issue reads them from file
/// headers (and EXIF orientation) without decoding.
public enum PhotoCatalog {
    public static func photos(for folder: PhotoFolder, warn: (String) -> Void) -> [Photo] {
        folder.files.map { url in
            let name = url.lastPathComponent
            guard let s = IMG_Load(url.path) else {
                warn("warning: \(url.path): cannot decode (\(String(cString: SDL_GetError()))); showing a placeholder")
                return Photo(name: name, pixelSize: .zero)
            }
            defer { SDL_FreeSurface(s) }
            return Photo(name: name, pixelSize: Size(Double(s.pointee.w), Double(s.pointee.h)))
        }
    }
}
