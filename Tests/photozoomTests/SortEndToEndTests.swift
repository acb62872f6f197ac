import Foundation
import Testing

/// Shift+S and the folder's memory under Xvfb with real X input from xdotool (issue 32): the photos
/// sorted by the EXIF date they were taken with one open, then on the grid, the grid scrolled, quit; the next
/// launch on the folder starts in that order, on that photo, at that scroll, and both sessions
/// replay to their live state logs with no jump.
@Suite("End to end: Shift+S sorts by date taken, and the next launch starts in that order, on that photo, at that scroll")
struct SortEndToEndTests {
    static let count = 30

    /// An APP1 segment whose EXIF directory holds DateTimeOriginal `date` (IFD0 at 8 pointing with
    /// tag 34665 to the EXIF directory at 26, the text at 44; little-endian).
    static func exifDate(_ date: String) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        var tiff: [UInt8] = [0x49, 0x49, 42, 0] + u32(8) + u16(1) + u16(34665) + u16(4) + u32(1) + u32(26) + u32(0)
        tiff += u16(1) + u16(36867) + u16(2) + u32(20) + u32(44) + u32(0) + Array(date.utf8) + [0]
        let payload = Array("Exif\0\0".utf8) + tiff
        return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    /// `photos/` with a01.jpg … a30.jpg (the six bundled photos in turn), a01 taken last: a`n` on
    /// 2024-06-(31 − n) at noon, so date-taken order is a30, a29, …, a01; all modified at the same
    /// second (2020-01-02 03:04:05 UTC), so date-modified order is name order.
    static func folder() throws -> (folder: URL, photos: URL) {
        let (folder, photos) = try DailyBasicsEndToEndTests.folder("e2e-sort")
        let sources = try DailyBasicsEndToEndTests.names.map { try [UInt8](Data(contentsOf: photos.appendingPathComponent("\($0).jpg"))) }
        for n in DailyBasicsEndToEndTests.names { try FileManager.default.removeItem(at: photos.appendingPathComponent("\(n).jpg")) }
        for n in 1...count {
            var bytes = sources[(n - 1) % sources.count]
            bytes.insert(contentsOf: exifDate(String(format: "2024:06:%02d 12:00:00", 31 - n)), at: 2)
            let url = photos.appendingPathComponent(String(format: "a%02d.jpg", n))
            try Data(bytes).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_577_934_245)], ofItemAtPath: url.path)
        }
        return (folder, photos)
    }

    /// The second cell (a02) opened; Shift+S with it open (by date taken: it stays open, now the
    /// 29th); closed; Shift+S three times on the grid (date modified, name, date taken again);
    /// three wheel notches down; a rest. `sorted N PATTERN` waits for the Nth message matching.
    static let sortOpenScroll = #"""
    sorted() { for i in $(seq 1 1200); do [ "$(grep -c -e "$2" "$OUT/live.trace.jsonl")" -ge "$1" ] && return 0; sleep 0.1; done; echo "never $1: $2" >&2; exit 5; }
    xdotool mousemove --window "$WID" 250 90 sleep 0.2 click 1
    state '"phase":"presented","photo":1,'
    xdotool key shift+s
    sorted 1 'sorted by date taken'
    state '"phase":"presented","photo":28,'
    xdotool key Escape
    state '"phase":"grid"'
    sleep 1
    xdotool key shift+s
    sorted 1 'sorted by date modified'
    xdotool key shift+s
    sorted 1 'sorted by name'
    xdotool key shift+s
    sorted 2 'sorted by date taken'
    sleep 0.5
    xdotool mousemove --window "$WID" 400 300 click 5 sleep 0.15 click 5 sleep 0.15 click 5
    sleep 2
    """#

    /// The relaunch: a look, then quit.
    static let look = #"""
    sleep 1
    """#

    /// The config folder both launches share (the state file lives there).
    static let sharedConfig = "export XDG_CONFIG_HOME=\"$2/config\"\n"

    static func headerField(_ trace: String, _ pattern: String) -> String? {
        let header = String(trace.prefix { $0 != "\n" })
        guard let r = header.range(of: pattern, options: .regularExpression) else { return nil }
        return String(header[r])
    }

    static func names(_ trace: String) -> [String] {
        let header = String(trace.prefix { $0 != "\n" })
        return header.matches(of: /"name":"([^"]+)"/).map { String($0.1) }
    }

    static func scroll(_ stateLine: Substring) -> Double? {
        stateLine.firstMatch(of: /"scroll":(-?[0-9.e+-]+)/).flatMap { Double($0.1) }
    }

    @Test("a02 open, sorted by date taken (a30 … a01): it stays open as photo 28; closed, sorted three times more on the grid; scrolled, quit: the relaunch's first frame is in date order, focused on a02, at the scroll left (rounded to the point); neither session jumps")
    func sortIsRemembered() async throws {
        let (folder, photos) = try Self.folder()
        let (trace, live, stderr) = try await DailyBasicsEndToEndTests.run(Self.sortOpenScroll, in: folder, photos: photos, before: Self.sharedConfig)
        #expect(stderr.isEmpty, "the app warned: \(stderr)")
        let byName = (1...Self.count).map { String(format: "a%02d.jpg", $0) }
        #expect(Self.names(trace) == byName, "the first launch starts in name order")
        // Name → date taken reverses the list, date taken → date modified (name order here) reverses
        // it back, date modified → name changes nothing (no event), name → date taken reverses it.
        let reversal = #""type":"photos","removed":[],"added":[],"order":["# + (0..<Self.count).reversed().map(String.init).joined(separator: ",") + "]}"
        #expect(DailyBasicsEndToEndTests.lines(trace, type: "photos") == [reversal, reversal, reversal])
        #expect(DailyBasicsEndToEndTests.lines(trace, type: "effect").map { $0.replacingOccurrences(of: #"^.*"message":"#, with: "", options: .regularExpression) } == [
            #""sorted by date taken","error":false}"#, #""sorted by date modified","error":false}"#, #""sorted by name","error":false}"#,
            #""sorted by date taken","error":false}"#])
        let left = try #require(live.split(separator: "\n").last.flatMap(Self.scroll))
        #expect(left > 0, "the wheel scrolled the grid")
        let summary = try await DailyBasicsEndToEndTests.expectReplaysWithoutJumps(in: folder, live: live)
        print("sort end to end, first session's replay --summary:\n" + summary)
        let state = try String(contentsOf: folder.appendingPathComponent("config/photozoom/state.json"), encoding: .utf8)
        #expect(state.contains(#""sort":"dateTaken""#) && state.contains(#""photo":"a02.jpg""#), "\(state)")

        // The replay writes beside an existing file under a new name, never over it: the first replay goes too.
        for name in ["live.trace.jsonl", "live.states.jsonl", "replay.states.jsonl"] { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        let (second, secondLive, stderr2) = try await DailyBasicsEndToEndTests.run(Self.look, in: folder, photos: photos, before: Self.sharedConfig)
        #expect(stderr2.isEmpty, "the app warned: \(stderr2)")
        #expect(Self.names(second) == byName.reversed(), "the relaunch starts in date-taken order")
        // a02 is the 29th photo by date taken.
        #expect(Self.headerField(second, #""focus":[0-9]+"#) == #""focus":28"#)
        #expect(Self.headerField(second, #""scroll":[0-9.]+"#) == "\"scroll\":\(Int(left.rounded()))")
        let first = try #require(secondLive.split(separator: "\n").first.flatMap(Self.scroll))
        #expect(first == left.rounded(), "the first frame is drawn at the scroll left")
        try await DailyBasicsEndToEndTests.expectReplaysWithoutJumps(in: folder, live: secondLive)
    }
}
