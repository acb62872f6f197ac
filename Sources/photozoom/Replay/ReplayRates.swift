import Foundation
import Trace
import Viewing
import Events
import JSON

/// `photozoom replay TRACE --rates`: the trace's input replayed at every standard cadence and the
/// drawn quantities compared (`FrameRateCheck`).
enum ReplayRates {
    static func run(_ reader: TraceReader, feelOverride: JSONObject?, replaysPanelEdits: Bool = true) throws {
        var events: [InputEvent] = []
        while let event = try reader.next() { events.append(event) }
        let report: FrameRateCheck.Report
        do throws(Session.Failure) {
            report = try FrameRateCheck.run(header: reader.header, events: events, feelOverride: feelOverride, replaysPanelEdits: replaysPanelEdits)
        } catch {
            throw TraceReplay.traceError(error, file: reader.name, line: 1)
        }
        FileHandle.standardOutput.write(Data(report.text.utf8))
    }
}
