import Foundation
import Testing

/// The README's lab tour, read as a designer follows it: every command it shows exists, and it
/// shows the plot and the video of a session, not only recording, playing and exporting.
@Suite("README's lab tour: its commands exist, and it shows plotting a session and making its GIF or MP4")
struct ReadmeTourTests {
    static var tour: String {
        get throws {
            let readme = try String(contentsOf: PhotoZoomProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
            let start = try #require(readme.range(of: "## A five-minute lab tour"))
            let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
            return String(readme[start.upperBound..<end])
        }
    }

    @Test("the tour plots a session and encodes its video")
    func plotAndVideo() throws {
        let tour = try Self.tour
        #expect(tour.contains("photozoom replay session.trace.jsonl --states session.states.jsonl"), "\(tour)")
        #expect(tour.contains("photozoom plot session.states.jsonl --out"), "\(tour)")
        #expect(tour.contains("--video session.gif"), "\(tour)")
    }

    @Test("every photozoom command in the tour is one the program has")
    func commandsExist() async throws {
        let commands = try Self.tour.split(separator: "\n").filter { $0.hasPrefix("photozoom ") }.map { $0.split(separator: " ")[1] }
            .filter { !$0.hasPrefix("-") }
        #expect(!commands.isEmpty)
        for command in Set(commands) {
            let r = try await PhotoZoomProcess.run([String(command), "--help"])
            #expect(r.status == 0, "photozoom \(command): \(r.stderr)")
        }
    }
}
