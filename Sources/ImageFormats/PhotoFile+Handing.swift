import Foundation
import PhotoFiles
import Diagnostics
#if canImport(Glibc)
import Glibc
#endif

// What the app hands a decoder helper (issue 43). The helper's sandbox holds whatever it is
// handed, but what it is handed it may read whole: a photo that takes its decoder over reads the
// descriptor it was given. So the app hands only a photo's file, checked on the descriptor it
// opened (what the checks see is what the helper gets; no name is looked up twice):
//
// - a link met in a folder is followed only while it stays in that folder; one the user named
//   (`NamedPaths`) is followed wherever it leads;
// - the file must have a name on a disk's file system: none of the kernel's own (procfs: another
//   process's memory, `/proc/self/mem`, the app's own descriptors; sysfs; …) and no memory file
//   (a `memfd`, which is how helpers get their pixels, has no name);
// - its first bytes must be an image's (`ImageSignature`): a private key with a photo's name is
//   not handed.
extension PhotoFile {
    /// Why this file, just opened, must not be handed to a decoder; nil when it may be.
    func handingProblem() -> ImageProblem? {
        if let outside = Self.placeOutsideFolder(descriptor: descriptorToHand, path: path), !NamedPaths.contains(path) {
            return .unreadable("a link that leads out of its folder (to \(PrintablePath.escaped(outside))); "
                               + "PhotoZoom follows such a link only when it is named on the command line")
        }
        if let kernel = FileSystemPath.kernelFileSystem(of: descriptorToHand) {
            return .notAFile("a file of the kernel's \(kernel), not of a disk")
        }
        var info = stat()
        if fstat(descriptorToHand, &info) == 0, info.st_nlink == 0 {
            return .notAFile("a file with no name on a disk: a memory file, or one removed")
        }
        guard count > 0 else { return .emptyFile }
        let prefix: [UInt8]
        do throws(ImageProblem) { prefix = try bytes(at: 0, count: ImageSignature.prefixLength) } catch { return error }
        guard ImageSignature.isImage(prefix, fileExtension: (path as NSString).pathExtension.lowercased()) else {
            return ImageSignature.unknown
        }
        return nil
    }

    /// Where the file open on `descriptor` really is when that is outside the folder `path` names
    /// it in (a link, or a folder on the way, led elsewhere); nil when it is in that folder or
    /// beneath it.
    static func placeOutsideFolder(descriptor: Int32, path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        // The kernel's name for what was opened: no second look-up of `path` can be raced.
        let opened = FileSystemPath.openedPath(descriptor) ?? FileSystemPath.resolved(path) ?? absolute
        if opened == absolute { return nil }
        let folder = (absolute as NSString).deletingLastPathComponent
        let realFolder = FileSystemPath.resolved(folder) ?? folder
        let inside = realFolder == "/" ? opened.hasPrefix("/") : opened.hasPrefix(realFolder + "/")
        return inside ? nil : opened
    }
}
