import Foundation
import Testing

/// Tuning that lasts (issue 26): tuned in the panel and saved with Ctrl+S, the feel is what the next
/// plain launch (no `--feel`) starts from, and saving again updates the same file. Under Xvfb with
/// real X11 keys from xdotool, the config folder in the scenario's own folder (`XDG_CONFIG_HOME`).
///
/// Before, the save went to `feel.json` in the config folder but the next launch started from the
/// defaults (its trace header's feel held only the command line's), and a save in that launch went
/// to `feel-2.json`.
@Suite("End to end: a saved tuning is what the next plain launch starts from")
struct SavedFeelEndToEndTests {
    /// First launch: Tab, Down to `openSpring.dampingRatio`, Right (0.85 + 0.05 = 0.90), Ctrl+S,
    /// q. Second launch (plain, recording `second.trace.jsonl`): Tab, Down, Right again (0.95),
    /// Ctrl+S, q.
    static let script = #"""
    export XDG_CONFIG_HOME="$2/config"
    """# + "\n" + EndToEndTests.prologue + #"""
    xdotool key Tab; sleep 0.3; xdotool key Down; sleep 0.2; xdotool key Right; sleep 0.2
    xdotool key ctrl+s; sleep 1
    xdotool key q
    for i in $(seq 1 1200); do kill -0 $APP 2>/dev/null || break; sleep 0.1; done
    wait $APP || exit 5
    "$BIN" run --record "$OUT/second.trace.jsonl" --size 800x600 2>"$OUT/second.stderr" &
    APP=$!
    WID=""
    for i in $(seq 1 1200); do
      [ "$(wc -l < "$OUT/second.trace.jsonl" 2>/dev/null || echo 0)" -ge 5 ] && WID=$(window) && break
      sleep 0.1
    done
    if [ -z "$WID" ]; then echo "the second launch drew no window" >&2; exit 3; fi
    xdotool windowfocus "$WID" 2>/dev/null
    # OpenGL's hand-over over (as in the prologue): a frame recorded after the driver appeared,
    # or the trace still for 10 s.
    GLWAIT=30; [ -e /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so ] && GLWAIT=1200
    for i in $(seq 1 $GLWAIT); do grep -q -e libGLX_mesa -e _dri.so /proc/$APP/maps 2>/dev/null && break; sleep 0.1; done
    FRAMES=$(grep -c '"type":"frame"' "$OUT/second.trace.jsonl"); STILL=0
    for i in $(seq 1 100); do
      [ "$(grep -c '"type":"frame"' "$OUT/second.trace.jsonl")" -gt "$FRAMES" ] && break
      sleep 0.1
    done
    sleep 1
    xdotool key Tab; sleep 0.3; xdotool key Down; sleep 0.2; xdotool key Right; sleep 0.2
    xdotool key ctrl+s; sleep 1
    """# + EndToEndTests.quit

    @Test("tune, Ctrl+S, quit, relaunch: the relaunch starts from the saved values, and its save updates the same file")
    func savedTuningLasts() async throws {
        let folder = try PhotoZoomProcess.scratchFolder("e2e-saved-feel")
        let run = try await EndToEndTests.runScenario(Self.script, in: folder)
        let appErrors = (try? String(contentsOf: folder.appendingPathComponent("app.stderr"), encoding: .utf8)) ?? ""
        try #require(run.status == 0, "the sessions failed (exit \(run.status)): \(run.stderr) \(appErrors)")

        let saved = folder.appendingPathComponent("config/photozoom/feel.json")
        let first = try String(contentsOf: folder.appendingPathComponent("live.trace.jsonl"), encoding: .utf8)
        #expect(first.contains(#""effect":"feelSaved","path":"\#(saved.path)""#), "the first launch did not save to \(saved.path)")
        // The second launch's header: the feel it started from, the saved 0.9.
        let second = try String(contentsOf: folder.appendingPathComponent("second.trace.jsonl"), encoding: .utf8)
        let header = try #require(second.split(separator: "\n").first.map(String.init))
        #expect(header.range(of: #""openSpring":\{[^}]*"dampingRatio":0.9[,}]"#, options: .regularExpression) != nil, "\(header)")
        // Its save (0.9 + 0.05) went to the same file, not to feel-2.json.
        #expect(second.contains(#""effect":"feelSaved","path":"\#(saved.path)""#), "the second launch saved elsewhere")
        let files = try FileManager.default.contentsOfDirectory(atPath: saved.deletingLastPathComponent().path).filter { $0.hasPrefix("feel") }
        #expect(files == ["feel.json"], "\(files)")
        let text = try String(contentsOf: saved, encoding: .utf8)
        #expect(text.contains("0.95"), "\(text)")
    }
}
