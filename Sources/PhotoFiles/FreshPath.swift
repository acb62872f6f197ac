import Foundation

/// Names for a file the user asked for that never replace one already there: `live.trace.jsonl`,
/// then `live-2.trace.jsonl`, `live-3.trace.jsonl`, … (the number goes before the first extension,
/// so `.trace.jsonl` stays whole; a leading dot belongs to the name).
package enum FreshPath {
    /// The `n`th candidate for `path` (1 is `path` itself).
    package static func candidate(_ path: String, _ n: Int) -> String {
        guard n > 1 else { return path }
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let searchStart = name.hasPrefix(".") ? name.index(after: name.startIndex) : name.startIndex
        let dot = name[searchStart...].firstIndex(of: ".") ?? name.endIndex
        let renamed = String(name[..<dot]) + "-\(n)" + String(name[dot...])
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? renamed : (folder as NSString).appendingPathComponent(renamed)
    }
}
