import Foundation

/// PhotoZoom's folder for what it keeps between runs (the window size, the last folder, a feel
/// file saved from a preset): `$XDG_CONFIG_HOME/photozoom`, by default `~/.config/photozoom`, as
/// the XDG Base Directory specification says (a relative `XDG_CONFIG_HOME` is ignored).
package enum ConfigDirectory {
    /// The folder's path, for `environment` (default: this process's).
    package static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("photozoom")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".config/photozoom")
    }

    /// This process's folder.
    package static var path: String { path() }

    /// Creates the folder (and its parents) when missing; false when it cannot be made.
    @discardableResult
    package static func create(_ folder: String = path) -> Bool {
        (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
    }
}
