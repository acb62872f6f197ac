/// Small dense linear systems, for the linear part of a least-squares fit.
enum LinearSystem {
    /// The `x` with `a·x = b` by Gaussian elimination with partial pivoting; nil when `a` is
    /// singular to working precision (a pivot below 1e-13 of the largest entry).
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        let n = b.count
        var m = a, y = b
        let scale = a.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0 else { return nil }
        for col in 0..<n {
            let pivot = (col..<n).max { abs(m[$0][col]) < abs(m[$1][col]) }!
            guard abs(m[pivot][col]) > 1e-13 * scale else { return nil }
            m.swapAt(col, pivot); y.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let factor = m[row][col] / m[col][col]
                for k in col..<n { m[row][k] -= factor * m[col][k] }
                y[row] -= factor * y[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = y[row]
            for k in (row + 1)..<n { sum -= m[row][k] * x[k] }
            x[row] = sum / m[row][row]
        }
        return x
    }
}
