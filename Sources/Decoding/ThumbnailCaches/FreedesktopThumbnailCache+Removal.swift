import Foundation
import ImageFormats
import PhotoFiles

extension FreedesktopThumbnailCache {
    /// Removes the entries of the file at `path` (absolute) in every size class, and the failure
    /// marks programs leave in `fail/`: a photo turned in place keeps its modification time, which
    /// is all other programs check, so their entries of the old orientation must go. Returns how
    /// many were removed.
    @discardableResult
    package func removeEntries(forFile path: String) -> Int {
        let name = MD5.hex(Array(Self.uri(forPath: path).utf8)) + ".png"
        var removed = 0
        for sizeClass in SizeClass.allCases where unlink(entryPath(forFile: path, sizeClass: sizeClass)) == 0 { removed += 1 }
        let fail = directory.appendingPathComponent("fail", isDirectory: true)
        for program in FileSystemPath.names(in: fail.path) ?? [] {
            if unlink(fail.appendingPathComponent(program, isDirectory: true).appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }
}
