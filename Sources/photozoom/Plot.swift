import ArgumentParser
import Foundation
import Shell

/// `photozoom plot LOG... --out FILE.png`: state logs as curves against time.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plot state logs: centre, scale, rotation and backdrop against time, one colour per log.",
        discussion: """
            Each log is a state log written by `run --states` or `replay --states`. Vertical lines mark \
            each log's releases (solid: a gesture let go of the photo) and interruptions (dashed: a \
            flight reversed or caught mid-way). Scale is the photo's displayed width over its width \
            when first fully presented.
            """
    )

    @Argument(help: "State logs (.states.jsonl) to plot together.")
    var logs: [String]
    @Option(help: "The PNG to write.")
    var out: String
    @Option(help: "Image size in pixels, WxH.")
    var size: WindowSizeArgument = WindowSizeArgument(argument: "1280x960")!

    func validate() throws {
        if logs.isEmpty { throw ValidationError("give at least one state log") }
    }

    func run() throws {
        try reportingErrors {
            let plotted = try logs.map { path throws(ShellError) in try PlotLog.read(path: path, warn: printError) }
            try PlotRenderer.save(PlotLog.sharingScale(plotted), to: out, width: Int(size.size.width), height: Int(size.size.height))
        }
    }
}
