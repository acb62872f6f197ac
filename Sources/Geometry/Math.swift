import RealModule

// The pure core reaches the elementary functions through these few names (swift-numerics'
// RealModule, no platform imports), so every module shares one source of truth for them.

@inlinable package func sine(_ x: Double) -> Double { Double.sin(x) }
@inlinable package func cosine(_ x: Double) -> Double { Double.cos(x) }
@inlinable package func exponential(_ x: Double) -> Double { Double.exp(x) }
@inlinable package func logarithm(_ x: Double) -> Double { Double.log(x) }
@inlinable package func power(_ x: Double, _ y: Double) -> Double { Double.pow(x, y) }
@inlinable package func arcTangent2(_ y: Double, _ x: Double) -> Double { Double.atan2(y: y, x: x) }
@inlinable package func hyperbolicSine(_ x: Double) -> Double { Double.sinh(x) }
@inlinable package func hyperbolicCosine(_ x: Double) -> Double { Double.cosh(x) }

/// `value` limited to `lo...hi`.
@inlinable package func clamp(_ value: Double, _ lo: Double, _ hi: Double) -> Double {
    min(max(value, lo), hi)
}

/// Linear interpolation from `a` (at 0) to `b` (at 1).
@inlinable package func mix(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }

/// `angle` wrapped into (-π, π].
@inlinable package func wrapAngle(_ angle: Double) -> Double {
    var a = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
    if a > Double.pi { a -= 2 * Double.pi }
    if a <= -Double.pi { a += 2 * Double.pi }
    return a
}
