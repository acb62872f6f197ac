import Motion
import Viewing
import FeelModel

/// What `photozoom fit` prints: the fitted spring in the forms asked for, the start, the errors, and
/// per quantity its ends, velocity, errors and 50 %/90 % times against the reference's.
package enum SpringFitReport {
    /// The report's lines for `fit` of `motion` (read from `name`).
    package static func lines(_ fit: SpringFit, of motion: SampledMotion, name: String, forms: [SpringForm],
                             mass: Double = 1, options: SpringFit.Options) -> [String] {
        func n(_ v: Double, _ places: Int = 3) -> String { FeelNumber.trimmed(v, places: places) }
        func ms(_ v: Double?) -> String { v.map { n($0 * 1000, 1) + " ms" } ?? "—" }
        let gaps = zip(motion.times, motion.times.dropFirst()).map { $1 - $0 }
        let median = gaps.sorted()[gaps.count / 2]
        let dropped = gaps.filter { $0 > 1.5 * median }.count
        var out = ["\(name): \(motion.times.count) samples, \(n(motion.times.first!)) to \(n(motion.times.last!)) s, "
            + "\(n(1 / median, 1)) Hz (\(dropped) gap\(dropped == 1 ? "" : "s") over 1.5 frames); "
            + motion.quantities.map(\.name).joined(separator: ", ")]
        for form in forms {
            let figures = form.figures(of: fit.spring, mass: mass)
            let text = figures.map { "\($0.name) \(n($0.value, 4))\($0.unit.isEmpty ? "" : " " + $0.unit)" }.joined(separator: ", ")
            out.append("spring (\(form.rawValue)): " + text)
        }
        out.append("  ω₀ \(n(fit.spring.angularFrequency, 2)) rad/s, overshoot \(n(SpringStepResponse(spring: fit.spring).overshootFraction * 100, 2)) %")
        let first = MotionOnset.firstMovingIndex(of: motion) ?? 1
        let startNote = options.fitsStartTime ? "fitted"
            : motion.beginsInMotion ? "the first frame, already under way: --fit-start finds when the motion began"
            : first <= 1 ? "the first sample: if the motion was under way there, --fit-start finds when it began"
            : "the last sample before the first that moved"
        out.append("start: \(n(fit.startTime, 4)) s (" + startNote + ")"
                   + (options.fitsInitialVelocity ? ", initial velocity fitted per quantity" : ", from rest"))
        out.append("error: RMS \(n(fit.rmsError, 2)), largest \(n(fit.largestError, 2)) (the quantities' units: pt for positions)")
        let header = ["quantity", "start", "target", "v0/s", "RMS", "largest", "50% ref", "50% fit", "90% ref", "90% fit"]
        var rows = [header]
        for (i, q) in fit.quantities.enumerated() {
            let half = fit.travelTimes(0.5, quantity: i, of: motion), most = fit.travelTimes(0.9, quantity: i, of: motion)
            rows.append([q.name, n(q.start, 2), n(q.target, 2), n(q.initialVelocity, 1), n(q.rmsError, 2), n(q.largestError, 2),
                         ms(half.reference), ms(half.fit), ms(most.reference), ms(most.fit)])
        }
        let widths = header.indices.map { c in rows.map { $0[c].count }.max()! }
        for row in rows {
            out.append(row.enumerated().map { c, cell in
                c == 0 ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  "))
        }
        out.append("times are from the start; travel is the fitted start to the fitted target")
        return out
    }
}
