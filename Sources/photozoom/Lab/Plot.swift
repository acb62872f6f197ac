import ArgumentParser
import Foundation
import PhotoFiles
import Plotting
import Viewing
import Diagnostics
import FeelModel

/// `photozoom plot LOG... --out FILE.png`: state logs as curves against time.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plot state logs: centre, scale, rotation and backdrop against time, one colour per log.",
        discussion: """
            Each log is a state log written by `run --states` or `replay --states`. Vertical lines mark \
            each log's releases (solid: a gesture let go of the photo) and interruptions (dashed: a \
            flight reversed or caught mid-way). Scale is the photo's displayed width over its width \
            when first fully presented. Under the positions, velocity strips (centre speed, scale velocity, \
            angular velocity, from frame to frame) show a hand-off hitch as a break in the curve at the \
            release line. While paging, centre x follows the strip of photos across page turns (the next \
            photo's slot is a window width plus the gap away), so a turn is no jump. \
            --gesture N draws the Nth release or interruption with 0.5 s before and 1.5 s after; \
            --from/--to any stretch. The figures of the gestures drawn (velocity before and after the \
            release per component, the centre's hand-off jump, overshoot, settle time) are tabulated under \
            the plot and written with --data FILE.csv|FILE.json.
            """
    )

    @Argument(help: "State logs (.states.jsonl) to plot together.")
    var logs: [String]
    @Option(help: "The PNG to write.")
    var out: String
    @Option(help: "Image size in pixels, WxH.")
    var size: WindowSizeArgument = WindowSizeArgument(argument: "1280x960")!
    @Option(help: "Draw only the Nth release or interruption (from 1), with a margin before and after.")
    var gesture: Int?
    @Option(help: "Draw from this time, seconds of viewer time: the state log's clock and the summary's (with slow motion on, behind the player's wall clock).")
    var from: Double?
    @Option(help: "Draw up to this time, seconds of viewer time, as --from.")
    var to: Double?
    @Option(help: "Write the gestures' figures to this file: .csv or .json.")
    var data: String?
    @Option(help: "The gap between photos while paging, points, for centre x across page turns (default: the default feel's).")
    var pageGap: Double = Feel.defaults.pagingGapPoints
    @Flag(help: "Let --out and --data replace a file already there (else they write to the next free name, e.g. plot-2.png).")
    var force = false

    func validate() throws {
        if logs.isEmpty { throw ValidationError("give at least one state log") }
    }

    func run() throws {
        try reportingErrors {
            let read = try logs.map { path throws(CommandLineError) in try PlotLog.read(path: path, warn: printError) }
            // The window width is read from each log (a presented photo rests centred).
            let plotted = PlotLog.sharingScale(read).map { log in
                log.inferredWindowWidth.map { log.continuingAcrossPages(pitch: $0 + pageGap) } ?? log
            }
            let span = try PlotSpan.choose(plotted, gesture: gesture, from: from, to: to)
            // Outputs never destroy inputs: neither is one of the logs, neither replaces a file without --force.
            let out = try OutputPath.resolve(self.out, option: "--out", inputs: logs, force: force, warn: printError)
            let data = try self.data.map { try OutputPath.resolve($0, option: "--data", inputs: logs + [out], force: force, warn: printError) }
            try PlotRenderer.save(plotted, to: out, width: Int(size.size.width), height: Int(size.size.height),
                                  time: span.time, figures: span.figures)
            if let data { try FiguresTable.write(span.figures, to: data) }
        }
    }
}
