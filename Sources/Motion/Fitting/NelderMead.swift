/// The Nelder–Mead simplex search for a minimum of a function of a few variables, without
/// derivatives (standard coefficients: reflection 1, expansion 2, contraction ½, shrink ½).
enum NelderMead {
    /// The point near `start` where `f` is least: the simplex starts at `start` and `start` moved by
    /// `steps[i]` along each axis, and stops when its values agree to 1e-14 relative (1e-300
    /// absolute) or after `iterations`.
    static func minimize(_ f: ([Double]) -> Double, from start: [Double], steps: [Double], iterations: Int = 4000) -> [Double] {
        let n = start.count
        var points = [start] + (0..<n).map { i in var p = start; p[i] += steps[i]; return p }
        var values = points.map(f)
        for _ in 0..<iterations {
            let order = values.indices.sorted { values[$0] < values[$1] }
            points = order.map { points[$0] }
            values = order.map { values[$0] }
            if abs(values[n] - values[0]) <= 1e-14 * abs(values[0]) + 1e-300 { break }
            var centroid = [Double](repeating: 0, count: n)
            for p in points.dropLast() { for i in 0..<n { centroid[i] += p[i] / Double(n) } }
            func along(_ t: Double) -> [Double] { (0..<n).map { centroid[$0] + t * (points[n][$0] - centroid[$0]) } }
            let reflected = along(-1), fr = f(reflected)
            if fr < values[0] {
                let expanded = along(-2), fe = f(expanded)
                if fe < fr { points[n] = expanded; values[n] = fe } else { points[n] = reflected; values[n] = fr }
            } else if fr < values[n - 1] {
                points[n] = reflected; values[n] = fr
            } else {
                let contracted = fr < values[n] ? along(-0.5) : along(0.5)
                let fc = f(contracted)
                if fc < min(fr, values[n]) {
                    points[n] = contracted; values[n] = fc
                } else {
                    for k in 1...n {
                        points[k] = (0..<n).map { points[0][$0] + 0.5 * (points[k][$0] - points[0][$0]) }
                        values[k] = f(points[k])
                    }
                }
            }
        }
        return points[values.indices.min { values[$0] < values[$1] }!]
    }
}
