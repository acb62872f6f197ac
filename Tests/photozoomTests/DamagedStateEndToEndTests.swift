import Foundation
import Testing

/// Issue 31: a damaged `state.json` is said on standard error in one line naming the file, the line
/// and the field, the app starts on what can be read, and the file is never overwritten: at quit
/// it is kept beside it as `state-damaged.json` before this run's state is written.
@Suite("photozoom run with a damaged state.json: said in one line, kept aside at quit, never overwritten")
struct DamagedStateEndToEndTests {
    @Test("a folder's sort of the wrong kind: one line at start, the file kept as state-damaged.json at quit, the new state written")
    func damagedFieldKeptAside() async throws {
        let scratch = try PhotoZoomProcess.scratchFolder("damaged-state")
        let config = scratch.appendingPathComponent("config/photozoom")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let state = config.appendingPathComponent("state.json").path
        let photos = PhotoZoomProcess.packageRoot.appendingPathComponent("Tests/Fixtures/Photos").path
        // Line 2 holds the fault: "size" is no order PhotoZoom knows.
        let damaged = "{\"window\":{\"w\":800,\"h\":600},\n\"folders\":{\"/p/a\":{\"sort\":\"size\",\"scroll\":40}}}\n"
        try damaged.write(toFile: state, atomically: false, encoding: .utf8)
        let r = try await PhotoZoomProcess.run(["run", "--quit-after", "0.3", photos],
                                               environment: ["XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == """
            photozoom: \(state):2: folders["/p/a"].sort: expected one of "name", "dateTaken", "dateModified"; left at its default
            photozoom: \(state): could not be read whole; kept as \(config.path)/state-damaged.json, and this run's state written anew

            """)
        #expect(try String(contentsOfFile: config.path + "/state-damaged.json", encoding: .utf8) == damaged)
        // The new state: what could be read (the window's 800 × 600, the folder's scroll) and this run's folder.
        let written = try String(contentsOfFile: state, encoding: .utf8)
        #expect(written.contains(#""window":{"h":600,"w":800}"#) && written.contains(#""\/p\/a":{"scroll":40,"sort":"name"}"#)
                && written.contains(#""lastFolder""#), "\(written)")
    }
}
