import RealModule

// The pure core reaches the elementary functions through these few names (swift-numerics'
// RealModule, no platform imports), so every module shares one source of truth for them.

@inlinable public func sine(_ x: Double) -> Double { Double.sin(x) }
@inlinable public func cosine(_ x: Double) -> Double { Double.cos(x) }
@inlinable public func exponential(_ x: Double) -> Double { Double.exp(x) }
@inlinable public func logarithm(_ x: Double) -> Double { Double.log(x) }
@inlinable public func power(_ x: Double, _ y: Double) -> Double { Double.pow(x, y) }
@inlinable public func arcTangent2(_ y: Double, _ x: Double) -> Double { Double.atan2(y: y, x: x) }
@inlinable public func hyperbolicSine(_ x: Double) -> Double { Double.sinh(x) }
@inlinable public func hyperbolicCosine(_ x: Double) -> Double { Double.cosh(x) }

/// `value` limited to `lo...hi`.
@inlinable public func clamp(_ value: Double, _ lo: Double, _ hi: Double) -> Double {
    min(max(value, lo), hi)
}

/// Linear interpolation from `a` (at 0) to `b` (at 1).
@inlinable public func mix(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }

/// `angle` wrapped into (-π, π].
@inlinable public func wrapAngle(_ angle: Double) -> Double {
    var a = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
    if a > Double.pi { a -= 2 * Double.pi }
    if a <= -Double.pi { a += 2 * Double.pi }
    return a
}
