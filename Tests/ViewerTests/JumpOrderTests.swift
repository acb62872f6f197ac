import Testing
@testable import Continuity
import DrawnBounds

/// Jump lines are output (`replay --summary`, the property test's examples): one step's jumps come
/// out in the same order on every run, whatever order a dictionary hands its photos in.
@Suite("Jump detector: one step's jumps in a fixed order")
struct JumpOrderTests {
    @Test("twelve photos vanishing at once and twelve appearing give their jumps in photo order, vanished first")
    func presenceJumpsInPhotoOrder() {
        // Twelve quads deep in the window (10 pt above their cells, 100 pt from them, opaque), gone a
        // frame later, and twelve others appearing: each a presence jump (nothing could have carried
        // it 100 pt in 1/60 s with no speed limit).
        let here = MotionSample.Presence(depth: 10, alpha: 1, cellDistance: 100)
        let a = MotionSample(time: 0, quantities: [], quads: Dictionary(uniqueKeysWithValues: (0..<12).map { ($0 * 7 % 12, here) }))
        let b = MotionSample(time: 1.0 / 60, quantities: [], quads: Dictionary(uniqueKeysWithValues: (12..<24).map { ($0, here) }))
        var detector = JumpDetector()
        #expect(detector.observe(a).isEmpty)
        let jumps = detector.observe(b)
        #expect(jumps.allSatisfy { $0.isPresenceChange })
        // In a dictionary's order the chance of 24 in this order is 1 / (12!·12!).
        #expect(jumps.map(\.photo) == (0..<24).map { Optional($0) })
    }
}
