import ImageFormats
import Foundation
import Geometry
import PhotoFiles

/// What PhotoZoom remembers between runs, in `state.json` in the config folder
/// (`ConfigDirectory`): the window's size (when not fullscreen), the last folder shown, and for
/// each folder shown its order, last photo and scroll (`FolderMemory`).
///
/// `{"window":{"w":1280,"h":800},"lastFolder":"/home/me/Pictures",
///   "folders":{"/home/me/Pictures":{"sort":"dateTaken","photo":"a.jpg","scroll":1840}}}`. A missing
/// or unreadable file is an empty state (nothing remembered yet); a field of the wrong kind is said
/// in one line (the file and the field) and left out; it is written atomically when the app quits.
package struct WindowState: Sendable, Equatable {
    public var windowSize: Size?
    package var lastFolder: String?
    /// What is remembered of each folder shown, by its absolute path.
    public var folders: [String: FolderMemory] = [:]

    package init(windowSize: Size? = nil, lastFolder: String? = nil) {
        self.windowSize = windowSize
        self.lastFolder = lastFolder
    }

    /// The window size to remember after a run: the size the user left the window at. A size
    /// given on the command line (`--size`) is for that run only: when the window still has it at
    /// the end, the size remembered before the run stays (nil: none yet); once the user resized
    /// the window, the size they left it at is remembered.
    /// - Parameter previous: the size remembered before the run.
    /// - Parameter requested: the run's `--size`, nil when the window opened at `previous` or the default.
    /// - Parameter final: the window's size at the end (its windowed size when it was fullscreen).
    package static func rememberedSize(previous: Size?, requested: Size?, final: Size) -> Size? {
        guard let requested, final == requested else { return final }
        return previous
    }

    /// The file in `folder`.
    public static func path(in folder: String = ConfigDirectory.path) -> String {
        (folder as NSString).appendingPathComponent("state.json")
    }

    /// Reads the state file; anything missing or malformed is left out, and what is malformed in
    /// the folders' memory, or a file that is not a JSON object, is said through `warn` in one line
    /// naming the file and the field.
    package init(contentsOf path: String, warn: (String) -> Void = { _ in }) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            warn("photozoom: \(path): not a JSON object; nothing remembered is used (the file is written anew at quit)")
            return
        }
        if let folders = object["folders"] {
            if let folders = folders as? [String: Any] {
                for (folder, value) in folders.sorted(by: { $0.key < $1.key }) where folder.hasPrefix("/") {
                    self.folders[folder] = FolderMemory(value) { field, expected in
                        let name = "folders[\"\(folder)\"]" + (field.isEmpty ? "" : "." + field)
                        warn("photozoom: \(path): \(name): expected \(expected); left at its default")
                    }
                }
            } else {
                warn("photozoom: \(path): folders: expected an object of folders; left out")
            }
        }
        if let window = object["window"] as? [String: Any], let w = window["w"] as? Double, let h = window["h"] as? Double,
           w.isFinite, h.isFinite, w >= 64, h >= 64, w <= 16384, h <= 16384 {
            windowSize = Size(w, h)
        }
        if let folder = object["lastFolder"] as? String, folder.hasPrefix("/") { lastFolder = folder }
    }

    /// Writes the state file atomically (a temporary file renamed over it); false on failure.
    /// A state file that is a symbolic link (dotfiles kept in a repository) stays one: the file it
    /// points to is replaced, not the link (issue 33).
    @discardableResult
    public func write(to path: String) -> Bool {
        var object: [String: Any] = [:]
        if let windowSize { object["window"] = ["w": windowSize.width.rounded(), "h": windowSize.height.rounded()] }
        if let lastFolder { object["lastFolder"] = lastFolder }
        if !folders.isEmpty { object["folders"] = folders.mapValues(\.object) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return false }
        let target = Self.linkTarget(path)
        ConfigDirectory.create((target as NSString).deletingLastPathComponent)
        return (try? data.write(to: URL(fileURLWithPath: target), options: .atomic)) != nil
    }

    /// The file `path` names once symbolic links are followed (up to 40, as the kernel does), also
    /// when the last one points to a file not made yet; `path` itself when it is no link.
    static func linkTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }
}
