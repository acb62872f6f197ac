import Testing
@testable import TextureCaching

@Suite("Byte-budget LRU cache")
struct ByteBudgetCacheTests {
    @Test("evicts least recently used first, and only until the total fits")
    func evictionOrder() {
        var cache = ByteBudgetCache<String, Int>(budgetBytes: 300)
        cache.insert(1, for: "a", bytes: 100)
        cache.insert(2, for: "b", bytes: 100)
        cache.insert(3, for: "c", bytes: 100)
        #expect(cache.evict().isEmpty)
        _ = cache.value(for: "a")  // a is now the most recently used
        cache.insert(4, for: "d", bytes: 100)
        #expect(cache.evict().map(\.key) == ["b"])
        #expect(cache.totalBytes == 300)
        cache.insert(5, for: "e", bytes: 150)
        // 450 bytes over a 300 budget: c (oldest), then a (used before d) go; 250 left.
        #expect(cache.evict().map(\.key) == ["c", "a"])
        #expect(cache.totalBytes == 250)
        #expect(cache.peek("d") == 4 && cache.peek("e") == 5)
    }

    @Test("entries used since the mark are spared even over budget, and go once unused")
    func sparesCurrentFrame() {
        var cache = ByteBudgetCache<Int, Int>(budgetBytes: 150)
        let frame1 = cache.useMark
        cache.insert(0, for: 0, bytes: 100)
        cache.insert(1, for: 1, bytes: 100)
        #expect(cache.evict(sparingUsesSince: frame1).isEmpty)
        #expect(cache.totalBytes == 200)
        let frame2 = cache.useMark
        _ = cache.value(for: 1)
        #expect(cache.evict(sparingUsesSince: frame2).map(\.key) == [0])
        #expect(cache.totalBytes == 100)
    }

    @Test("replacing a value counts only the new bytes; peek does not refresh")
    func replaceAndPeek() {
        var cache = ByteBudgetCache<String, Int>(budgetBytes: 200)
        cache.insert(1, for: "a", bytes: 150)
        #expect(cache.insert(2, for: "a", bytes: 50) == 1)
        #expect(cache.totalBytes == 50)
        cache.insert(3, for: "b", bytes: 100)
        _ = cache.peek("a")
        cache.insert(4, for: "c", bytes: 100)
        // 250 > 200: "a" is the oldest use (peek does not count).
        #expect(cache.evict().map(\.key) == ["a"])
        #expect(cache.remove("b") == 3)
        #expect(cache.totalBytes == 100)
    }
}
