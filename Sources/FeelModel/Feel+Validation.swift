extension Feel {
    /// Every parameter whose value lies outside its range (or is not finite, or not whole where it
    /// must be), in table order; empty for a usable set.
    public var problems: [FeelError] {
        Feel.parameters.compactMap { p in
            p.problem(with: p.value(in: self)).map { FeelError(key: p.key, reason: $0) }
        }
    }

    /// True when every parameter is inside its range.
    public var isValid: Bool { problems.isEmpty }

    /// Keys whose values differ between `self` and `other`, in table order.
    package func differences(from other: Feel) -> [String] {
        Feel.parameters.filter { $0.value(in: self) != $0.value(in: other) }.map(\.key)
    }
}
