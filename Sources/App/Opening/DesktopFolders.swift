import Foundation
import PhotoFiles

/// Where the desktop keeps a person's folders: the home folder and the pictures folder, read
/// from the environment as the XDG user-dirs convention says (`XDG_PICTURES_DIR` in
/// `$XDG_CONFIG_HOME/user-dirs.dirs`, `"$HOME/…"` or an absolute path; else `~/Pictures`).
package struct DesktopFolders: Sendable, Equatable {
    package var home: String
    /// The pictures folder, whether or not it exists.
    package var pictures: String

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        self.home = home
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let dirs = (try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8)) ?? ""
        pictures = Self.picturesFolder(userDirs: dirs, home: home) ?? home + "/Pictures"
    }

    /// `XDG_PICTURES_DIR` of a `user-dirs.dirs` file's text: `"$HOME/Bilder"` or `"/abs/path"`;
    /// nil when it is missing or is the home folder itself (which means "none", by the convention).
    static func picturesFolder(userDirs text: String, home: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
            var value = line.dropFirst("XDG_PICTURES_DIR=".count)
            guard value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 else { return nil }
            value = value.dropFirst().dropLast()
            let path = value.hasPrefix("$HOME") ? home + value.dropFirst("$HOME".count) : String(value)
            guard path.hasPrefix("/"), path != home, path != home + "/" else { return nil }
            return path
        }
        return nil
    }
}
