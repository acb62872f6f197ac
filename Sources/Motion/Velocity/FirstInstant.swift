/// The first instant at which a condition holds along a closed-form motion: scanned in even steps
/// (so nothing shorter than a step is skipped) and bisected to a precision inside the step where it
/// first holds.
enum FirstInstant {
    /// The first time in `start...limit` at which `holds` is true, scanned at `start + k·step`
    /// (each instant computed from `k`, so no rounding accumulates) and bisected to `precision`
    /// seconds; `start` itself when it holds there, nil when it never holds by `limit`.
    static func find(from start: Double, to limit: Double, step: Double, precision: Double,
                     _ holds: (Double) -> Bool) -> Double? {
        if holds(start) { return start }
        guard step > 0 else { return nil }
        var previous = start
        var index = 1.0
        while previous < limit {
            let t = min(start + index * step, limit)
            if holds(t) {
                var lo = previous, hi = t
                while hi - lo > precision {
                    let mid = (lo + hi) / 2
                    if holds(mid) { hi = mid } else { lo = mid }
                }
                return hi
            }
            previous = t
            index += 1
        }
        return nil
    }
}
