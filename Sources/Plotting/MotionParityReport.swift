import Motion
import Viewing
import FeelModel

/// What `photozoom match` prints: the alignment, per quantity the RMS and largest difference and the
/// 50 %/90 % times of ours and the reference, and the verdict by the rule.
package enum MotionParityReport {
    package static func lines(_ parity: MotionParity, ours: String, reference: String) -> [String] {
        func n(_ v: Double, _ places: Int = 2) -> String { FeelNumber.trimmed(v, places: places) }
        func ms(_ v: Double?) -> String { v.map { n($0 * 1000, 1) } ?? "—" }
        var out = ["aligned on the first moving sample: \(ours) at \(n(parity.oursOnset, 4)) s, \(reference) at \(n(parity.referenceOnset, 4)) s; "
            + "compared from \(n(parity.span.lowerBound * 1000, 1)) to \(n(parity.span.upperBound * 1000, 1)) ms after it at \(n(parity.rate, 0)) Hz"]
        let header = ["quantity", "RMS", "largest", "50% ours", "50% ref", "Δ50 ms", "90% ours", "90% ref", "Δ90 ms", "verdict"]
        var rows = [header]
        for q in parity.quantities {
            rows.append([q.name, n(q.rms), n(q.largest), ms(q.ours50), ms(q.reference50), ms(q.difference50),
                         ms(q.ours90), ms(q.reference90), ms(q.difference90), q.matched ? "matched" : "NOT matched"])
        }
        let widths = header.indices.map { c in rows.map { $0[c].count }.max()! }
        for row in rows {
            out.append(row.enumerated().map { c, cell in
                c == 0 || c == header.count - 1 ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ").trimmingTrailingSpaces())
        }
        out.append("rule: matched when RMS ≤ \(n(parity.rule.rms)) pt and the 50 % and 90 % times are each within "
                   + "\(n(parity.rule.timeSeconds * 1000, 1)) ms (times in ms from the onset; RMS and largest in the quantity's units)")
        out.append(parity.matched ? "MATCHED" : "NOT MATCHED: " + parity.quantities.filter { !$0.matched }.map(\.name).joined(separator: ", "))
        return out
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
