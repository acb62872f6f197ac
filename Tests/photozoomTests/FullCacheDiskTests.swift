import Foundation
import Testing

/// A cache folder that cannot take Mesa's shader cache (issue 33): on a 64 KiB tmpfs as
/// $XDG_CACHE_HOME, Mesa 22.3 mapped a sparse index there and the app died at start-up with
/// SIGBUS. The instrument is shown failing first: the same app with Mesa's cache put on that
/// tmpfs by the user's own MESA_SHADER_CACHE_DIR (which PhotoZoom leaves alone) dies with SIGBUS.
@Suite("A full cache disk at start-up")
struct FullCacheDiskTests {
    static let script = #"""
    set -u
    bin="$1"; out="$2"; photos="$3"
    mkdir -p "$out/tiny"
    mount -t tmpfs -o size=64k tmpfs "$out/tiny" || { echo "no tmpfs" > "$out/result"; exit 0; }
    trap 'umount "$out/tiny"' EXIT
    rm -rf "$out/tiny/"*
    MESA_SHADER_CACHE_DIR="$out/tiny/mesa_shader_cache" XDG_CACHE_HOME="$out/tiny" XDG_CONFIG_HOME="$out/config" \
      "$bin" run "$photos" --quit-after 2 >/dev/null 2>"$out/instrument.stderr"
    instrument=$?
    rm -rf "$out/tiny/"*
    XDG_CACHE_HOME="$out/tiny" XDG_CONFIG_HOME="$out/config" "$bin" run "$photos" --quit-after 2 >/dev/null 2>"$out/app.stderr"
    echo "$instrument $?" > "$out/result"
    """#

    @Test("with $XDG_CACHE_HOME on a 64 KiB tmpfs the app starts and quits (exit 0); Mesa's cache forced there dies of SIGBUS",
          .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func tinyCacheDisk() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("full-cache-disk")
        let photos = CommandRunner.packageRoot.appendingPathComponent("Tests/Fixtures/Photos")
        let r = try await EndToEndTests.runScenario(Self.script, in: folder, photos: photos, timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        let result = try String(contentsOf: folder.appendingPathComponent("result"), encoding: .utf8)
            .split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        try #require(result.count == 2, "\(result)")
        // 128 + 7 (SIGBUS): the fault this guards against, shown by the instrument.
        #expect(result[0] == "135", "Mesa's cache on the full tmpfs: exit \(result[0]) (expected death by SIGBUS)")
        #expect(result[1] == "0", "PhotoZoom on the full tmpfs: exit \(result[1])")
    }
}
