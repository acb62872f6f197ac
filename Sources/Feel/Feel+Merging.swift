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

    /// What a reloaded feel file means for a running session: the parameters the file changed
    /// (between `oldFile` and `newFile`) take the file's values; every other parameter keeps its
    /// value in `self`, so numbers tuned in the panel and not yet saved survive an edit of other keys.
    public func merging(fileChangedFrom oldFile: Feel, to newFile: Feel) -> Feel {
        replacing(newFile.differences(from: oldFile), from: newFile)
    }
}
