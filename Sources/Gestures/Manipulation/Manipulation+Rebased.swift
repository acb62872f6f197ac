import Geometry

extension Manipulation {
    /// This manipulation measured from the instant of `base` instead of from its own start, so a
    /// photo caught in motion is held exactly where it was caught (no catch-up jump).
    ///
    /// The gesture maps a point `p` at its start to `M(p) = P + R(θ)·S·(p − P₀)`; from `base`'s
    /// instant on it maps `q = M_b(p)` to `P + R(θ − θ_b)·(S / S_b)·(q − P_b)`, which is again a
    /// manipulation: pivot `P_b`, translation `P − P_b`, scale `S / S_b`, rotation `θ − θ_b`.
    package func rebased(on base: Manipulation?) -> Manipulation {
        guard let base else { return self }
        let baseScale = base.scale > 0 && base.scale.isFinite ? base.scale : 1
        var m = self
        m.startPivot = base.pivot
        m.translation = pivot - base.pivot
        m.scale = scale / baseScale
        m.rotation = rotation - base.rotation
        m.scaleVelocity = scaleVelocity / baseScale
        return m
    }

    /// True when every number in it is finite (bad input is dropped, never turned into a NaN).
    package var isFinite: Bool {
        startPivot.isFinite && translation.isFinite && scale.isFinite && scale > 0 && rotation.isFinite
            && velocity.isFinite && scaleVelocity.isFinite && rotationVelocity.isFinite && time.isFinite
    }
}
