import Foundation
import Testing
@testable import Window

/// Mesa's shader cache is turned off when the cache folder it would use cannot be written or is
/// nearly full (issue 33: a 64 KiB tmpfs under `$XDG_CACHE_HOME` killed the app with SIGBUS).
@Suite("Mesa's shader cache and a cache folder that cannot take it")
struct MesaShaderCacheTests {
    let roomy = MesaShaderCache.Room(writable: true, freeBytes: 1 << 40)

    @Test("the folder is Mesa's: $XDG_CACHE_HOME's, else ~/.cache's; none when the user set a Mesa variable")
    func folder() {
        #expect(MesaShaderCache.folder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/mesa_shader_cache")
        #expect(MesaShaderCache.folder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/mesa_shader_cache")
        #expect(MesaShaderCache.folder(environment: ["HOME": "/h", "MESA_SHADER_CACHE_DIR": "/m"]) == nil)
        #expect(MesaShaderCache.folder(environment: ["HOME": "/h", "MESA_SHADER_CACHE_DISABLE": "false"]) == nil)
    }

    @Test("turned off when the folder cannot be written or has less than 64 MiB free; left on otherwise")
    func decision() {
        let env = ["XDG_CACHE_HOME": "/c"]
        #expect(!MesaShaderCache.mustDisable(environment: env) { _ in roomy })
        #expect(MesaShaderCache.mustDisable(environment: env) { _ in .init(writable: false, freeBytes: 1 << 40) })
        #expect(MesaShaderCache.mustDisable(environment: env) { _ in .init(writable: true, freeBytes: MesaShaderCache.minimumFreeBytes - 1) })
        #expect(!MesaShaderCache.mustDisable(environment: env) { _ in .init(writable: true, freeBytes: MesaShaderCache.minimumFreeBytes) })
        #expect(!MesaShaderCache.mustDisable(environment: env.merging(["MESA_SHADER_CACHE_DISABLE": "false"]) { $1 }) { _ in
            .init(writable: false, freeBytes: 0)
        })
    }

    @Test("a real 64 KiB tmpfs (the issue's) is seen as full; a missing folder is judged by the folder above it",
          .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func tinyTmpfs() throws {
        let dir = TestImages.folder().appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        guard mount("tmpfs", dir.path, "tmpfs", 0, "size=64k") == 0 else {
            Issue.record("cannot mount a tmpfs: \(String(cString: strerror(errno)))")
            return
        }
        defer { umount(dir.path) }
        let room = MesaShaderCache.room(dir.appendingPathComponent("mesa_shader_cache").path)
        #expect(room.writable && room.freeBytes <= 64 << 10, "\(room)")
        #expect(MesaShaderCache.mustDisable(environment: ["XDG_CACHE_HOME": dir.path], room: MesaShaderCache.room))
        // The test folder's own disk has room (or the test machine is nearly full, and this says so).
        let parent = MesaShaderCache.room(dir.deletingLastPathComponent().appendingPathComponent("missing/mesa_shader_cache").path)
        #expect(parent.writable && parent.freeBytes >= MesaShaderCache.minimumFreeBytes, "\(parent)")
    }
}
