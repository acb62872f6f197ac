/// Values with a byte cost each, kept within a byte budget by dropping the least recently used.
///
/// Every insert and every `value(for:)` stamps the entry with a rising use counter. `evict` drops
/// entries in order of oldest stamp until the total fits the budget, but spares entries used at or
/// after a mark (what the last frame drew) and the keys the caller still wants, so a budget smaller
/// than one screen never makes the pipeline drop and re-decode what is on screen: the total may
/// then stay over budget, by at most what the screen needs, until those entries fall out of use.
///
/// Its look-ups are `@inlinable`: the decode scheduler and the pipeline ask them from other modules
/// many times a frame, and a generic call across a module is not specialised otherwise.
package struct ByteBudgetCache<Key: Hashable, Value> {
    @usableFromInline struct Entry {
        @usableFromInline var value: Value
        @usableFromInline var bytes: Int
        @usableFromInline var lastUse: UInt64
        @inlinable init(value: Value, bytes: Int, lastUse: UInt64) {
            self.value = value
            self.bytes = bytes
            self.lastUse = lastUse
        }
    }

    /// The budget in bytes.
    package let budgetBytes: Int
    /// Bytes held now.
    package private(set) var totalBytes = 0
    @usableFromInline var entries: [Key: Entry] = [:]
    @usableFromInline var clock: UInt64 = 0

    package init(budgetBytes: Int) {
        self.budgetBytes = max(0, budgetBytes)
    }

    @inlinable package var count: Int { entries.count }

    /// The current use mark: entries used from now on compare at or above it.
    package var useMark: UInt64 { clock + 1 }

    /// The value for `key`, marked as used now.
    @inlinable package mutating func value(for key: Key) -> Value? {
        guard entries[key] != nil else { return nil }
        clock += 1
        entries[key]!.lastUse = clock
        return entries[key]!.value
    }

    /// The value for `key` without marking it used.
    @inlinable package func peek(_ key: Key) -> Value? { entries[key]?.value }

    @inlinable package func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Stores `value` under `key`, marked as used now; returns the value it replaced.
    @discardableResult
    package mutating func insert(_ value: Value, for key: Key, bytes: Int) -> Value? {
        clock += 1
        let old = entries.updateValue(Entry(value: value, bytes: max(0, bytes), lastUse: clock), forKey: key)
        totalBytes += max(0, bytes) - (old?.bytes ?? 0)
        return old?.value
    }

    /// Removes and returns the value for `key`.
    @discardableResult
    package mutating func remove(_ key: Key) -> Value? {
        guard let old = entries.removeValue(forKey: key) else { return nil }
        totalBytes -= old.bytes
        return old.value
    }

    /// Drops least recently used entries until the total fits the budget, sparing entries used at
    /// or after `mark` and the keys in `kept`; returns what was dropped, oldest first.
    package mutating func evict(sparingUsesSince mark: UInt64 = .max, keeping kept: Set<Key> = []) -> [(key: Key, value: Value)] {
        guard totalBytes > budgetBytes else { return [] }
        var dropped: [(key: Key, value: Value)] = []
        let oldestFirst = entries.filter { $0.value.lastUse < mark && !kept.contains($0.key) }
            .sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in oldestFirst {
            guard totalBytes > budgetBytes else { break }
            entries.removeValue(forKey: key)
            totalBytes -= entry.bytes
            dropped.append((key, entry.value))
        }
        return dropped
    }

    /// Replaces every value by `transform`'s, keeping its size and last use; a nil removes it.
    package mutating func replaceValues(_ transform: (Key, Value) -> Value?) {
        for (key, entry) in entries {
            if let value = transform(key, entry.value) {
                entries[key]?.value = value
            } else {
                entries.removeValue(forKey: key)
                totalBytes -= entry.bytes
            }
        }
    }

    /// Removes everything; returns the values.
    package mutating func removeAll() -> [Value] {
        defer { entries.removeAll(); totalBytes = 0 }
        return entries.values.map(\.value)
    }
}
