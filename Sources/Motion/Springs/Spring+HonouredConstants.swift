extension Spring {
    /// The angular frequency `ω₀ = 2π / response` (1/s) and damping ratio `ζ` the closed-form
    /// solution honours, clamped as `coefficients(at:)` clamps them; a response that is not a finite
    /// positive number counts as the shortest (the stiffest bound), a NaN damping ratio as 1.
    package var honouredConstants: (omega: Double, zeta: Double) {
        let response = responseSeconds.isFinite && responseSeconds > 0
            ? min(max(responseSeconds, Spring.minimumResponseSeconds), Spring.maximumResponseSeconds) : Spring.minimumResponseSeconds
        let zeta = dampingRatio.isNaN ? 1 : min(max(dampingRatio, 0), Spring.maximumDampingRatio)
        return (2 * Double.pi / response, zeta)
    }
}
