import Gestures
import Testing
@testable import FeelModel

/// Every stored leaf of `value` by dotted path, read through reflection (tests only).
func storedLeaves(of value: Any, prefix: String = "") -> [(key: String, value: Any)] {
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty { return [(prefix, value)] }
    return mirror.children.flatMap { child -> [(key: String, value: Any)] in
        let name = child.label ?? "?"
        return storedLeaves(of: child.value, prefix: prefix.isEmpty ? name : prefix + "." + name)
    }
}

@Suite("Feel parameters as data: one row per stored number")
struct FeelParameterTableTests {
    @Test("the table has exactly one row for every stored number of Feel, and nothing else")
    func coversEveryStoredNumber() {
        let leaves = storedLeaves(of: Feel.defaults)
        let stored = leaves.map(\.key)
        let rows = Feel.parameters.map(\.key)
        #expect(Set(stored).subtracting(rows).sorted() == [], "stored in Feel but missing from Feel.parameters")
        #expect(Set(rows).subtracting(stored).sorted() == [], "rows naming no stored property")
        #expect(rows.count == Set(rows).count, "duplicate rows")
        for leaf in leaves {
            #expect(leaf.value is Double || leaf.value is Int || leaf.value is Bool,
                    "\(leaf.key) is \(type(of: leaf.value)); a feel parameter is a number or a switch")
        }
    }

    @Test("each row reads and writes the property its key names, and only that one")
    func rowsReachTheirOwnProperty() {
        for p in Feel.parameters {
            var feel = Feel.defaults
            // A value inside the range that differs from the default.
            let old = p.value(in: feel)
            let new = p.isBoolean ? 1 - old : p.adjusted(old, steps: old >= p.range.upper - p.coarseStep ? -1 : 1, fine: false)
            #expect(new != old, "\(p.key): could not pick a different value")
            p.set(new, in: &feel)
            #expect(p.value(in: feel) == new, "\(p.key) does not read back")
            let changed = zip(storedLeaves(of: Feel.defaults), storedLeaves(of: feel))
                .filter { "\($0.value)" != "\($1.value)" }.map(\.0.key)
            #expect(changed == [p.key], "setting \(p.key) changed \(changed)")
        }
    }

    @Test("integer parameters and switches are flagged: velocitySampleLimit is whole")
    func integerFlag() {
        let integers = Feel.parameters.filter(\.isInteger).map(\.key)
        let storedInts = storedLeaves(of: Feel.defaults).filter { $0.value is Int }.map(\.key)
        #expect(integers == storedInts)
        #expect(integers.contains("velocitySampleLimit"))
        let switches = Feel.parameters.filter(\.isBoolean).map(\.key)
        #expect(switches == storedLeaves(of: Feel.defaults).filter { $0.value is Bool }.map(\.key))
    }

    @Test("every default and every preset value lies inside its range")
    func defaultsAndPresetsAreValid() {
        for preset in Feel.presets {
            #expect(preset.feel.problems == [], "preset \(preset.name)")
        }
    }

    @Test("fine steps divide coarse steps and both fit inside the range")
    func stepsAreSensible() {
        for p in Feel.parameters {
            let ratio = p.coarseStep / p.fineStep
            #expect(abs(ratio - ratio.rounded()) < 1e-9, "\(p.key): coarse \(p.coarseStep) is not a multiple of fine \(p.fineStep)")
            #expect(p.fineStep > 0 && (p.isBoolean || p.coarseStep < p.range.upper - p.range.lower), "\(p.key)")
            #expect(!p.unit.contains(" "), "\(p.key)")
        }
    }

    @Test("ranges print the way messages show them")
    func rangeText() {
        #expect(FeelRange.above(0, upTo: 10).description == "0 < value ≤ 10")
        #expect(FeelRange.closed(0, 1).description == "0 ≤ value ≤ 1")
        #expect(FeelRange.open(0, 1).description == "0 < value < 1")
        #expect(Feel.parameter("openSpring.dampingRatio")?.problem(with: 0) == "0 is out of range (0 < value ≤ 10)")
        #expect(Feel.parameter("velocitySampleLimit")?.problem(with: 2.5) == "2.5 is not a whole number (2 ≤ value ≤ 500)")
    }

    @Test("a step lands on round numbers and stops at the range's ends")
    func adjusting() throws {
        let response = try #require(Feel.parameter("openSpring.responseSeconds"))
        // 0.45 + 0.05 = 0.5 exactly after rounding to the fine step's two places
        #expect(response.adjusted(0.45, steps: 1, fine: false) == 0.5)
        #expect(response.adjusted(0.45, steps: -1, fine: true) == 0.44)
        // An open lower end (0 < value) stops one fine step above it: 0.03 − 0.05 → 0.01
        #expect(response.adjusted(0.03, steps: -1, fine: false) == 0.01)
        #expect(response.adjusted(9.98, steps: 1, fine: false) == 10)
        let rate = try #require(Feel.parameter("decelerationRatePerMillisecond"))
        // 0.998 + 0.0001 = 0.9981; the open upper end (value < 1) stops at 1 − 0.0001
        #expect(rate.adjusted(0.998, steps: 1, fine: true) == 0.9981)
        #expect(rate.adjusted(0.9995, steps: 1, fine: false) == 0.9999)
        let samples = try #require(Feel.parameter("velocitySampleLimit"))
        #expect(samples.adjusted(20, steps: 1, fine: false) == 25)
        #expect(samples.adjusted(3, steps: -1, fine: false) == 2)
    }

    @Test("values format with their units")
    func formatting() throws {
        #expect(try #require(Feel.parameter("openSpring.responseSeconds")).formatted(0.45) == "0.45 s")
        #expect(try #require(Feel.parameter("dragRadiusPoints")).formatted(150) == "150 pt")
        #expect(try #require(Feel.parameter("maximumZoomScale")).formatted(4) == "4×")
        #expect(try #require(Feel.parameter("velocitySampleLimit")).formatted(20) == "20")
    }
}
