import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Mesa's on-disk shader cache, kept out of a cache folder that cannot take it (issue 33).
///
/// Mesa (22.3 on Debian 12) maps a sparse `mesa_shader_cache/index` file under `$XDG_CACHE_HOME`
/// (else `~/.cache`) when the first GL context is made; on a full disk the first store to a page
/// of it that has no block behind it raises SIGBUS, and the app dies at start-up. The README
/// promises that a cache folder that cannot be written is never an error: so before SDL starts,
/// when the folder Mesa would use cannot be written or has less than `minimumFreeBytes` free,
/// PhotoZoom sets `MESA_SHADER_CACHE_DISABLE=true` (shaders are then compiled at each start; a
/// few milliseconds for the renderer's handful). A choice the user made (either variable set) is left alone.
enum MesaShaderCache {
    /// Free space below which the cache is turned off: Mesa's index alone is 1.3 MB and each
    /// entry a few kilobytes; 64 MiB keeps a disk that is nearly full from filling under it.
    static let minimumFreeBytes = 64 << 20

    /// What a folder offers: whether this process may write in it and how many bytes are free.
    struct Room: Equatable {
        var writable: Bool
        var freeBytes: Int
    }

    /// The folder Mesa would keep its cache in for `environment`; nil when the user decided
    /// (the cache turned off or put elsewhere by a Mesa variable).
    package static func folder(environment: [String: String]) -> String? {
        for key in ["MESA_SHADER_CACHE_DISABLE", "MESA_GLSL_CACHE_DISABLE", "MESA_SHADER_CACHE_DIR", "MESA_GLSL_CACHE_DIR"]
        where environment[key] != nil { return nil }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/mesa_shader_cache" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/mesa_shader_cache"
    }

    /// True when Mesa's cache must be turned off for `environment`, `room` telling what a folder offers.
    static func mustDisable(environment: [String: String], room: (String) -> Room) -> Bool {
        guard let folder = folder(environment: environment) else { return false }
        let r = room(folder)
        return !r.writable || r.freeBytes < minimumFreeBytes
    }

    /// What the folder `path` (or, when it does not exist yet, the nearest folder above it, where
    /// Mesa would make it) offers this process.
    static func room(_ path: String) -> Room {
        var folder = path
        var info = stat()
        while stat(folder, &info) != 0 {
            guard errno == ENOENT, folder != "/" else { return Room(writable: false, freeBytes: 0) }
            folder = (folder as NSString).deletingLastPathComponent
            if folder.isEmpty { folder = "/" }
        }
        guard info.st_mode & S_IFMT == S_IFDIR, access(folder, W_OK | X_OK) == 0 else { return Room(writable: false, freeBytes: 0) }
        var fs = statvfs()
        guard statvfs(folder, &fs) == 0 else { return Room(writable: false, freeBytes: 0) }
        // Read-only mounts: root's access(2) says yes, the file system says no.
        let readOnly = fs.f_flag & UInt(ST_RDONLY) != 0
        let (free, overflow) = Int(fs.f_bavail).multipliedReportingOverflow(by: Int(fs.f_frsize))
        return Room(writable: !readOnly, freeBytes: overflow ? .max : free)
    }

    /// Turns Mesa's cache off when its folder cannot take it. Call before SDL starts and before
    /// any thread does (`setenv`).
    static func prepareEnvironment() {
        if mustDisable(environment: ProcessInfo.processInfo.environment, room: room) {
            setenv("MESA_SHADER_CACHE_DISABLE", "true", 1)
        }
    }
}
