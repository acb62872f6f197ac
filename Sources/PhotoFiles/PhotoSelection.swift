import Foundation
import Diagnostics

/// What the user pointed at on the command line, as the photo set the window shows.
///
/// - a folder: its photos in natural order (with `recursive`, its subfolders' too);
/// - one file: its folder's photos, with that file opened at start;
/// - several paths: the set in the order given, each folder expanded in place, each file once;
///   when every path is a file, the first opens at start.
///
/// Every path that does not exist, is not a photo or holds none is named in one error line
/// (`init(paths:recursive:)` throws it; `init(paths:recursive:problems:)` keeps what was found and
/// hands the line back, for the window to say).
package struct PhotoSelection: Sendable {
    /// The photos in grid order.
    package var files: [URL]
    /// Each photo's name as traces record it and the caption shows it: its path relative to the
    /// folder given (`a/x.jpg` and `b/x.jpg` under `-r`), a file given by itself by its own name;
    /// names that would still be the same are lengthened by their folders until they differ.
    package var names: [String]
    /// The photo to open at start, an index into `files`.
    package var openIndex: Int?
    /// What the set is called in the window's title: the folder's name, or "N photos".
    package var title: String
    /// The folder to remember as the last one shown: the one folder given, or the one file's
    /// folder; nil for a set of several paths.
    package var folder: String?

    /// The photos of `paths`; throws a bad-input error naming every path at fault, or saying that
    /// none was given.
    package init(paths: [String], recursive: Bool) throws {
        var problems: [String] = []
        self.init(paths: paths, recursive: recursive, problems: &problems)
        guard problems.isEmpty else { throw CommandLineError.badInput(problems.joined(separator: "; ")) }
        guard !files.isEmpty else { throw CommandLineError.badInput("no photos given") }
    }

    /// The photos of the paths that hold some (possibly none), with a line for each path at fault
    /// appended to `problems` (missing, not a photo, a folder without photos).
    package init(paths: [String], recursive: Bool, problems: inout [String]) {
        var files: [URL] = []
        var names: [String] = []
        var seen: Set<String> = []
        var fileCount = 0
        var folderNames: [String] = []
        func add(_ url: URL, name: String) {
            if seen.insert(url.standardizedFileURL.path).inserted {
                files.append(url)
                names.append(name)
            }
        }
        for path in paths {
            guard FileSystemPath.status(path) != nil else {
                problems.append("\(PrintablePath.escaped(path)): no such file or folder")
                continue
            }
            if FileSystemPath.isFolder(path) {
                do {
                    let folder = try PhotoFolder(path: path, recursive: recursive)
                    for file in folder.files { add(file, name: folder.relativeName(file)) }
                    folderNames.append(folder.directory.standardizedFileURL.lastPathComponent)
                } catch {
                    problems.append("\(error)")
                }
                continue
            }
            let name = (path as NSString).lastPathComponent
            guard PhotoFolder.imageExtensions.contains((name as NSString).pathExtension.lowercased()) else {
                problems.append("\(PrintablePath.escaped(path)): not a photo (PhotoZoom reads \(PhotoFolder.imageExtensions.sorted().prefix(8).joined(separator: ", ")), …)")
                continue
            }
            add(URL(fileURLWithPath: path), name: name)
            // Named by the user: a link here is followed wherever it leads (`NamedPaths`).
            NamedPaths.add(path)
            fileCount += 1
        }
        if paths.count == 1, fileCount == 1 {
            // One file: its folder's photos, with it presented.
            let file = files[0]
            let parent = file.deletingLastPathComponent()
            let siblings = try? PhotoFolder(path: parent.path, recursive: recursive)
            let listed = siblings?.files ?? []
            let listedNames = siblings?.names ?? []
            let key = file.standardizedFileURL.path
            if let i = listed.firstIndex(where: { $0.standardizedFileURL.path == key }) {
                self.files = listed
                self.names = listedNames
                openIndex = i
            } else {
                // A hidden file or an unlisted folder: shown after its folder's photos.
                self.files = listed + [file]
                self.names = Self.distinct(listedNames + [names[0]], files: listed + [file])
                openIndex = listed.count
            }
            title = parent.standardizedFileURL.lastPathComponent
            folder = parent.standardizedFileURL.path
            return
        }
        self.files = files
        self.names = Self.distinct(names, files: files)
        openIndex = fileCount == paths.count && !files.isEmpty ? 0 : nil
        title = paths.count == 1 ? (folderNames.first ?? "") : "\(files.count) photos"
        folder = paths.count == 1 && fileCount == 0 && !files.isEmpty ? URL(fileURLWithPath: paths[0]).standardizedFileURL.path : nil
    }

    /// `names` with every name that occurs more than once lengthened by the folders above its file,
    /// one at a time, until no two are the same (`x.jpg` from `a/` and from `b/` become `a/x.jpg`
    /// and `b/x.jpg`); a name that is its file's whole path already stays as it is.
    static func distinct(_ names: [String], files: [URL]) -> [String] {
        var out = names
        let components = files.map { $0.standardizedFileURL.pathComponents.filter { $0 != "/" } }
        while true {
            let counts = Dictionary(out.map { ($0, 1) }, uniquingKeysWith: +)
            var lengthened = false
            for i in out.indices where counts[out[i]]! > 1 {
                let depth = out[i].split(separator: "/").count
                let parts = components[i]
                guard parts.count > depth else { continue }
                out[i] = parts.suffix(depth + 1).joined(separator: "/")
                lengthened = true
            }
            if !lengthened { return out }
        }
    }
}
