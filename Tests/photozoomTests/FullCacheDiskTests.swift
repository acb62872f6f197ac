import Foundation
import Testing

/// A cache folder that cannot take Mesa's shader cache (issue 33): on a 64 KiB tmpfs as
/// $XDG_CACHE_HOME, Mesa 22.3 mapped a sparse index there and the app died at start-up with
/// SIGBUS. The instrument is shown failing first: the same app with Mesa's cache put on that
/// tmpfs by the user's own MESA_SHADER_CACHE_DIR (which PhotoZoom leaves alone) dies with SIGBUS.
@Suite("A full cache disk at start-up")
struct FullCacheDiskTests {
    /// Each run lasts until the app has drawn five frames after loading the OpenGL driver, or has
    /// gone idle with it loaded (Mesa opens its cache as the accelerated renderer is made, and the
    /// frames and the warm-up after it compile their shaders into it), then a hang-up (which quits as Ctrl+C does; a background job of a script
    /// ignores SIGINT); each wait 60 s at most. (A fixed `--quit-after 2` would end
    /// a run on a busy machine before the renderer was made: the instrument would not die, and
    /// the app's run would pass without having met Mesa's cache.)
    static let script = #"""
    set -u
    bin="$1"; out="$2"; photos="$3"
    mkdir -p "$out/tiny"
    mount -t tmpfs -o size=64k tmpfs "$out/tiny" || { echo "no tmpfs" > "$out/result"; exit 0; }
    trap 'umount "$out/tiny"' EXIT
    # NAME, then the app's environment (NAME=VALUE words): its exit status.
    past_opengl() {
      name=$1; shift
      states="$out/$name.states.jsonl"
      rm -f "$states"
      env "$@" "$bin" run "$photos" --states "$states" >/dev/null 2>"$out/$name.stderr" &
      pid=$!
      for i in $(seq 1 600); do kill -0 $pid 2>/dev/null || break; grep -q -e libGLX_mesa -e _dri.so /proc/$pid/maps 2>/dev/null && break; sleep 0.1; done
      frames=$(cat "$states" 2>/dev/null | wc -l)
      # Five frames after, or the loop gone idle: no new frame and the main thread asleep for 2 s
      # (an idle loop draws nothing, and compiles its warm-up's shaders into Mesa's cache first).
      last=$frames; still=0
      for i in $(seq 1 600); do
        kill -0 $pid 2>/dev/null || break
        now=$(cat "$states" 2>/dev/null | wc -l)
        [ "$now" -ge $((frames + 5)) ] && break
        if [ "$now" = "$last" ] && [ "$(cut -d' ' -f3 /proc/$pid/stat 2>/dev/null)" = S ]; then still=$((still + 1)); else still=0; fi
        last=$now
        [ $still -ge 20 ] && break
        sleep 0.1
      done
      # Whether it got there: the driver loaded, and five frames drawn after or the loop idle with it.
      grep -q -e libGLX_mesa -e _dri.so /proc/$pid/maps 2>/dev/null && { [ "$(cat "$states" | wc -l)" -ge $((frames + 5)) ] || [ $still -ge 20 ]; } && touch "$out/$name.past-opengl"
      kill -HUP $pid 2>/dev/null
      for i in $(seq 1 200); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
      kill -9 $pid 2>/dev/null
      wait $pid
    }
    rm -rf "$out/tiny/"*
    past_opengl instrument MESA_SHADER_CACHE_DIR="$out/tiny/mesa_shader_cache" XDG_CACHE_HOME="$out/tiny" XDG_CONFIG_HOME="$out/config"
    instrument=$?
    rm -rf "$out/tiny/"*
    past_opengl app XDG_CACHE_HOME="$out/tiny" XDG_CONFIG_HOME="$out/config"
    echo "$instrument $?" > "$out/result"
    """#

    @Test("with $XDG_CACHE_HOME on a 64 KiB tmpfs the app starts and quits (exit 0); Mesa's cache forced there dies of SIGBUS",
          .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func tinyCacheDisk() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("full-cache-disk")
        let photos = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/Fixtures/Photos")
        let r = try await EndToEndTests.runScenario(Self.script, in: folder, photos: photos, timeout: 180)
        #expect(r.status == 0, "\(r.stderr)")
        let result = try String(contentsOf: folder.appendingPathComponent("result"), encoding: .utf8)
            .split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        try #require(result.count == 2, "\(result)")
        // 128 + 7 (SIGBUS): the fault this guards against, shown by the instrument.
        #expect(result[0] == "135", "Mesa's cache on the full tmpfs: exit \(result[0]) (expected death by SIGBUS)")
        #expect(result[1] == "0", "PhotoZoom on the full tmpfs: exit \(result[1])")
        // It met Mesa's cache: it drew frames with the OpenGL driver loaded, where the machine has it.
        if FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so") {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("app.past-opengl").path), "the app never drew with the OpenGL driver loaded")
        }
    }
}
