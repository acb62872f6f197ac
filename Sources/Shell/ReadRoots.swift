import Foundation

/// The folders a decoder helper may read beneath (Landlock, issue 33): each photo's folder, and
/// the folder of the file a photo's link resolves to, none beneath another.
enum ReadRoots {
    /// The roots for `paths` (absolute) and the extra folders `also` (the thumbnail cache).
    static func of(paths: [String], also: [String] = []) -> [String] {
        var folders = Set(also)
        for path in paths {
            folders.insert((path as NSString).deletingLastPathComponent)
            if let real = FileSystemPath.resolved(path) { folders.insert((real as NSString).deletingLastPathComponent) }
        }
        // Shortest first: a folder beneath one already kept adds nothing.
        var kept: [String] = []
        for folder in folders.filter({ !$0.isEmpty }).sorted(by: { ($0.count, $0) < ($1.count, $1) }) {
            if !kept.contains(where: { folder == $0 || folder.hasPrefix($0 == "/" ? "/" : $0 + "/") }) { kept.append(folder) }
        }
        return kept
    }
}
