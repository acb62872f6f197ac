import Geometry

/// A spring fitted by least squares to a recorded motion: the response and damping ratio (and,
/// when asked, the initial velocity and the instant the spring was let go) that bring a spring's
/// closed form nearest to every sample of every quantity, at the samples' own times (a recording
/// drops frames; its frame index is no clock).
///
/// The model for one quantity: at rest at `start` until `startTime`, then
/// `y(t) = target + (start − target)·xx(τ) + v₀·xv(τ)`, `τ = t − startTime`, with `xx` and `xv` the
/// spring's coefficients (`Spring.coefficients(at:)`). Every quantity shares the spring and the start
/// time (a tracked card's four edges move on one spring); each has its own start, target and initial
/// velocity. For a given spring and start time the model is linear in start, target and velocity,
/// so those are solved exactly (variable projection) and only the response, the damping ratio and
/// the start time are searched: a log-spaced grid (response 0.03–3 s, ζ 0.15–4) and Nelder–Mead
/// from its best point.
package struct SpringFit: Hashable, Sendable {
    /// What is fitted besides the response and the damping ratio.
    package struct Options: Hashable, Sendable {
        /// Fit each quantity's velocity at the start (else the motion starts at rest).
        package var fitsInitialVelocity: Bool
        /// Fit the instant the spring started (else the last still sample before the motion:
        /// `MotionOnset`; the first sample of a recording that begins in motion), searched from 0.1 s
        /// before that sample to the first moving one.
        package var fitsStartTime: Bool
        package init(fitsInitialVelocity: Bool = false, fitsStartTime: Bool = false) {
            self.fitsInitialVelocity = fitsInitialVelocity
            self.fitsStartTime = fitsStartTime
        }
    }

    /// One quantity's fitted ends and its errors.
    package struct QuantityFit: Hashable, Sendable {
        package var name: String
        /// Value at rest before the start, and the value the spring pulls toward.
        package var start: Double
        package var target: Double
        /// Units per second at the start (0 unless fitted).
        package var initialVelocity: Double
        /// Root mean square and largest |fit − sample| over the samples, in the quantity's units.
        package var rmsError: Double
        package var largestError: Double
    }

    package var spring: Spring
    /// Seconds: the instant the spring was let go (same clock as the samples).
    package var startTime: Double
    package var quantities: [QuantityFit]
    /// Over every sample of every quantity.
    package var rmsError: Double
    package var largestError: Double

    /// The fitted value of quantity `index` at `t` seconds.
    package func value(ofQuantity index: Int, at t: Double) -> Double {
        let q = quantities[index]
        let tau = t - startTime
        guard tau > 0 else { return q.start }
        let k = spring.coefficients(at: tau)
        return q.target + (q.start - q.target) * k.xx + q.initialVelocity * k.xv
    }

    // MARK: - Fitting

    /// The least-squares spring for `motion`, or nil when it has fewer than four samples or nothing
    /// moves.
    package static func fit(_ motion: SampledMotion, options: Options = Options()) -> SpringFit? {
        let times = motion.times
        guard times.count >= 4, !motion.quantities.isEmpty,
              let onset = MotionOnset.firstMovingIndex(of: motion) else { return nil }
        let still = times[max(onset - 1, 0)]
        let startRange = options.fitsStartTime ? (still - 0.1)...times[onset] : still...still
        let problem = Problem(motion: motion, fitsVelocity: options.fitsInitialVelocity)

        // The search runs over u = (ln response, ln ζ, start time in centiseconds).
        func clamp(_ u: [Double]) -> (Spring, Double) {
            let response = exponential(min(max(u[0], logarithm(0.005)), logarithm(20)))
            let ratio = exponential(min(max(u[1], logarithm(0.02)), logarithm(50)))
            let start = u.count > 2 ? min(max(u[2] / 100, startRange.lowerBound), startRange.upperBound) : still
            return (Spring(responseSeconds: response, dampingRatio: ratio), start)
        }
        func cost(_ u: [Double]) -> Double {
            let (spring, start) = clamp(u)
            return problem.squaredError(spring: spring, startTime: start)
        }

        var best: [Double] = []
        var bestCost = Double.infinity
        let starts = options.fitsStartTime ? (0...4).map { startRange.lowerBound + Double($0) / 4 * (startRange.upperBound - startRange.lowerBound) } : [still]
        for i in 0..<36 {
            let lnResponse = logarithm(0.03) + Double(i) / 35 * (logarithm(3) - logarithm(0.03))
            for j in 0..<24 {
                let lnRatio = logarithm(0.15) + Double(j) / 23 * (logarithm(4) - logarithm(0.15))
                for start in starts {
                    let u = options.fitsStartTime ? [lnResponse, lnRatio, start * 100] : [lnResponse, lnRatio]
                    let c = cost(u)
                    if c < bestCost { bestCost = c; best = u }
                }
            }
        }
        guard !best.isEmpty else { return nil }
        let steps = options.fitsStartTime ? [0.05, 0.05, 0.5] : [0.05, 0.05]
        // Twice: a restart from the first minimum lets a collapsed simplex open up again.
        for _ in 0..<2 { best = NelderMead.minimize(cost, from: best, steps: steps) }
        let (spring, start) = clamp(best)
        return problem.result(spring: spring, startTime: start)
    }

    /// The samples and the linear part of the fit.
    private struct Problem {
        var motion: SampledMotion
        var fitsVelocity: Bool

        /// The basis of the linear part at sample time `t`: the weights of start, target and velocity.
        func basis(_ spring: Spring, _ startTime: Double, _ t: Double) -> (Double, Double, Double) {
            let tau = t - startTime
            guard tau > 0 else { return (1, 0, 0) }
            let k = spring.coefficients(at: tau)
            return (k.xx, 1 - k.xx, k.xv)
        }

        /// Each quantity's least-squares start, target and velocity, and the residuals.
        func solve(spring: Spring, startTime: Double) -> [(start: Double, target: Double, velocity: Double, residuals: [Double])] {
            let rows = motion.times.map { basis(spring, startTime, $0) }
            let n = fitsVelocity ? 3 : 2
            // Normal equations AᵀA (shared by every quantity), with a ridge of 1e-9 toward the
            // first value, the last value and 0, so that a start or a target no sample sees (a
            // spring that has arrived by the first sample after the start) is still determined.
            var ata = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            for r in rows {
                let v = [r.0, r.1, r.2]
                for a in 0..<n { for b in 0..<n { ata[a][b] += v[a] * v[b] } }
            }
            let ridge = 1e-9 * Double(rows.count)
            for a in 0..<n { ata[a][a] += ridge }
            return motion.quantities.map { quantity in
                var aty = [Double](repeating: 0, count: n)
                for (r, y) in zip(rows, quantity.values) {
                    let v = [r.0, r.1, r.2]
                    for a in 0..<n { aty[a] += v[a] * y }
                }
                let prior = [quantity.values.first ?? 0, quantity.values.last ?? 0, 0]
                for a in 0..<n { aty[a] += ridge * prior[a] }
                let x = LinearSystem.solve(ata, aty) ?? [prior[0], prior[1], 0]
                let velocity = fitsVelocity ? x[2] : 0
                let residuals = zip(rows, quantity.values).map { r, y in r.0 * x[0] + r.1 * x[1] + r.2 * velocity - y }
                return (x[0], x[1], velocity, residuals)
            }
        }

        func squaredError(spring: Spring, startTime: Double) -> Double {
            solve(spring: spring, startTime: startTime).reduce(0) { sum, q in q.residuals.reduce(sum) { $0 + $1 * $1 } }
        }

        func result(spring: Spring, startTime: Double) -> SpringFit {
            let solved = solve(spring: spring, startTime: startTime)
            var total = 0.0, count = 0, largest = 0.0
            let fits = zip(motion.quantities, solved).map { quantity, s in
                let squares = s.residuals.reduce(0) { $0 + $1 * $1 }
                let worst = s.residuals.map(abs).max() ?? 0
                total += squares; count += s.residuals.count; largest = max(largest, worst)
                return QuantityFit(name: quantity.name, start: s.start, target: s.target, initialVelocity: s.velocity,
                                   rmsError: (squares / Double(max(s.residuals.count, 1))).squareRoot(), largestError: worst)
            }
            return SpringFit(spring: spring, startTime: startTime, quantities: fits,
                             rmsError: (total / Double(max(count, 1))).squareRoot(), largestError: largest)
        }
    }
}

// MARK: - Travel times

extension SpringFit {
    /// When quantity `index` has covered `fraction` of its fitted travel (start to target), in the
    /// samples (`reference`, interpolated between them) and on the fitted curve (`fit`, exact to
    /// 1e-7 s); both in seconds from the fitted start time, nil where never reached.
    package func travelTimes(_ fraction: Double, quantity index: Int, of motion: SampledMotion) -> (reference: Double?, fit: Double?) {
        let q = quantities[index]
        let reference = TravelTime.firstCrossing(fraction, times: motion.times, values: motion.quantities[index].values,
                                                 from: q.start, to: q.target)
        let end = max(motion.times.last ?? startTime, startTime) + 5 * spring.responseSeconds
        let fitted = TravelTime.firstCrossing(fraction, in: startTime...end, from: q.start, to: q.target) {
            value(ofQuantity: index, at: $0)
        }
        return (reference.map { $0 - startTime }, fitted.map { $0 - startTime })
    }
}
