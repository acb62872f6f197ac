/// Layers of feel parameters laid over one another, key by key.
extension Feel {
    /// `self` with the parameters named by `keys` taken from `other`.
    package func replacing(_ keys: [String], from other: Feel) -> Feel {
        var result = self
        for key in keys {
            guard let p = Feel.parameter(key) else { continue }
            p.set(p.value(in: other), in: &result)
        }
        return result
    }

    /// What a reloaded feel file means for a running session: the parameters the file changed
    /// (between `oldFile` and `newFile`) take the file's values, except those in `fixed` (set on
    /// the command line, kept whatever the file says); every other parameter keeps its value in
    /// `self`, so numbers tuned in the panel and not yet saved survive an edit of other keys.
    /// Returns the merged set and the keys taken from the file.
    package func merging(fileChangedFrom oldFile: Feel, to newFile: Feel, keeping fixed: [String] = []) -> (feel: Feel, taken: [String]) {
        let taken = newFile.differences(from: oldFile).filter { !fixed.contains($0) }
        return (replacing(taken, from: newFile), taken)
    }
}
