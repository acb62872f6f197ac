import Foundation
import Testing
@testable import FeelFiles
@testable import PhotoFiles
@testable import Plotting
import Viewing
import Diagnostics
import TestSupport
import FeelModel
import Motion

@Suite("Reference motions: CSVs and state logs read for fit and match, bad input named by file, line and column")
struct ReferenceMotionTests {
    @Test("a CSV with a time column, comments, CRLF and a quoted header gives its quantities by name")
    func readsCSV() throws {
        let text = "# native push, run 2\r\n\"t\",card_l,card_r\r\n0,150,270\r\n0.0167,140,280\r\n\r\n0.05,60,360\r\n"
        let motion = try ReferenceMotion.csv(text, file: "push.csv")
        #expect(motion.times == [0, 0.0167, 0.05])
        #expect(motion.quantities.map(\.name) == ["card_l", "card_r"])
        #expect(motion.quantities[1].values == [270, 280, 360])
        let picked = try ReferenceMotion.csv(text, file: "push.csv", names: ["CARD_R"])
        #expect(picked.quantities.map(\.name) == ["card_r"])
    }

    @Test("bad CSV input is one line naming the file, the line and the column")
    func badCSV() {
        func message(_ text: String, time: String? = nil, names: [String]? = nil) -> String? {
            do { _ = try ReferenceMotion.csv(text, file: "ref.csv", timeColumn: time, names: names); return nil } catch { return error.message }
        }
        #expect(message("t,left\n0,1\n0.1,abc\n") == "ref.csv:3: column 2 (left): \"abc\" is not a number")
        #expect(message("t,left\n0,1\n0.1\n") == "ref.csv:3: expected 2 columns as in the header, found 1")
        #expect(message("t,left\n0,1\n0.2,2\n0.1,3\n") == "ref.csv:4: column 1 (t): 0.1 s is not after the previous row's 0.2 s")
        #expect(message("t,left\n0,1\n", names: ["right"]) == "ref.csv:1: no column named \"right\" (columns: t, left)")
        #expect(message("time\n0\n") == "ref.csv:1: no quantity besides the time column \"time\"")
        #expect(message("# only a comment\n") == "ref.csv: empty (expected a header line and rows)")
    }

    @Test("a golden state log's first flight is its opening: edges from the cell to the presented photo")
    func stateLogFlight() throws {
        let path = Repository.path("Tests/TraceTests/Golden/open-and-close.states.jsonl").path
        let opening = try ReferenceMotion.read(path: path, names: nil, span: .flight(1))
        let closing = try ReferenceMotion.read(path: path, names: ["width"], span: .flight(2))
        #expect(opening.quantities.map(\.name) == ["left", "top", "right", "bottom"])
        // Opening grows the photo: right − left increases; closing shrinks it.
        let widths = zip(opening.quantities[0].values, opening.quantities[2].values).map { $1 - $0 }
        #expect(widths.last! > widths.first!)
        #expect(closing.quantities[0].values.last! < closing.quantities[0].values.first!)
        #expect(throws: CommandLineError.self) { try ReferenceMotion.read(path: path, names: nil, span: .flight(9)) }
        #expect(throws: CommandLineError.self) { try ReferenceMotion.read(path: path, names: ["colour"], span: .flight(1)) }
    }
}

@Suite("fit --into: a spring written into a feel file without destroying the user's file")
struct FeelFileSpringTests {
    let spring = Spring(responseSeconds: 0.331, dampingRatio: 1)

    @Test("a new file gets the spring and the defaults; an existing one is kept and the feel goes beside it")
    func freshAndBeside() throws {
        let dir = try temporaryFolder("fit-into")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        let first = try FeelFile.writeSpring(spring, as: "openSpring", into: path, force: false, inputs: [])
        #expect(first.path == path)
        var expected = Feel.defaults
        expected.openSpring = spring
        #expect(try FeelFile.read(path: path).feel == expected)
        // The user's own file: a tuned drag radius, kept byte for byte.
        let mine = "{\"dragRadiusPoints\": 120}\n"
        try mine.write(toFile: path, atomically: true, encoding: .utf8)
        let second = try FeelFile.writeSpring(spring, as: "cancelSpring", into: path, force: false, inputs: [])
        #expect(second.path == dir + "/feel-2.json")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == mine)
        let beside = try FeelFile.read(path: second.path).feel
        #expect(beside.dragRadiusPoints == 120 && beside.cancelSpring == spring && beside.openSpring == Feel.defaults.openSpring)
        #expect(second.message == "\(path) exists (kept); wrote cancelSpring with its other parameters to \(dir)/feel-2.json (--force replaces)")
        // --force replaces it, keeping its other parameter.
        _ = try FeelFile.writeSpring(spring, as: "cancelSpring", into: path, force: true, inputs: [])
        let replaced = try FeelFile.read(path: path).feel
        #expect(replaced.dragRadiusPoints == 120 && replaced.cancelSpring == spring)
    }

    @Test("an input, a spring that is not one, a broken feel file and a fit out of range are refused")
    func refused() throws {
        let dir = try temporaryFolder("fit-into-refused")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/ref.csv"
        try "t,x\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CommandLineError.self) { try FeelFile.writeSpring(spring, as: "openSpring", into: path, force: true, inputs: [path]) }
        #expect(throws: CommandLineError.self) { try FeelFile.writeSpring(spring, as: "dragRadiusPoints", into: dir + "/f.json", force: false, inputs: []) }
        let broken = dir + "/broken.json"
        try "{\"openSpring.dampingRatio\": 0}\n".write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(throws: CommandLineError.self) { try FeelFile.writeSpring(spring, as: "openSpring", into: broken, force: true, inputs: []) }
        #expect(try String(contentsOfFile: broken, encoding: .utf8) == "{\"openSpring.dampingRatio\": 0}\n")
        let creeping = Spring(responseSeconds: 0.4, dampingRatio: 12)
        #expect(throws: CommandLineError.self) { try FeelFile.writeSpring(creeping, as: "openSpring", into: dir + "/g.json", force: false, inputs: []) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/g.json"))
    }
}
