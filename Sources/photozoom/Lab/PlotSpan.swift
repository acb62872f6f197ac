import PhotoFiles
import Plotting
import Viewing
import Diagnostics

/// `--gesture N`, `--from S` and `--to S` of `plot` and `compare`: which stretch of time to draw,
/// and the gesture figures to tabulate under the plot and write with `--data`.
struct PlotSpan {
    /// The time drawn; nil for the whole of it.
    var time: ClosedRange<Double>?
    /// The figures of the marks drawn (for `--gesture N`, each log's mark nearest the Nth of the first log).
    var figures: [GestureFigures]

    /// The span for the options given, or bad input naming what does not fit.
    static func choose(_ logs: [PlotLog], gesture: Int?, from: Double?, to: Double?) throws(CommandLineError) -> PlotSpan {
        guard let first = logs.first else { return PlotSpan(time: nil, figures: []) }
        if gesture != nil, from != nil || to != nil {
            throw CommandLineError.badInput("--gesture: give it alone, or --from/--to, not both")
        }
        if let gesture {
            guard let span = first.gestureSpan(gesture) else {
                throw CommandLineError.badInput("--gesture \(gesture): \(first.name) has \(first.marks.count) releases and interruptions "
                                          + "(count from 1)")
            }
            let t = first.marks[gesture - 1].time
            let figures = logs.compactMap { log -> GestureFigures? in
                let nearest = log.marks.indices.filter { span.contains(log.marks[$0].time) }
                    .min { abs(log.marks[$0].time - t) < abs(log.marks[$1].time - t) }
                return nearest.map { GestureFigures.figures(of: $0, in: log) }
            }
            return PlotSpan(time: span, figures: figures)
        }
        if from != nil || to != nil {
            let times = logs.flatMap { $0.samples.map(\.time) }
            let low = from ?? times.min() ?? 0, high = to ?? times.max() ?? 0
            guard high > low else { throw CommandLineError.badInput("--to: expected a time after --from (\(low) s), found \(high)") }
            let figures = logs.flatMap { log in
                log.marks.indices.filter { (low...high).contains(log.marks[$0].time) }.map { GestureFigures.figures(of: $0, in: log) }
            }
            return PlotSpan(time: low...high, figures: figures)
        }
        return PlotSpan(time: nil, figures: logs.flatMap(GestureFigures.all))
    }
}
