/// Layers of feel parameters laid over one another, key by key.
extension Feel {
    /// `self` with the parameters named by `keys` taken from `other`.
    public func replacing(_ keys: [String], from other: Feel) -> Feel {
        var result = self
        for key in keys {
            guard let p = Feel.parameter(key) else { continue }
            p.set(p.value(in: other), in: &result)
        }
        return result
    }
}
