/// The allowed values of one feel parameter: an interval whose ends are open or closed.
public struct FeelRange: Hashable, Sendable, CustomStringConvertible {
    public var lower: Double
    public var lowerIncluded: Bool
    public var upper: Double
    public var upperIncluded: Bool

    package init(lower: Double, lowerIncluded: Bool, upper: Double, upperIncluded: Bool) {
        self.lower = lower; self.lowerIncluded = lowerIncluded
        self.upper = upper; self.upperIncluded = upperIncluded
    }

    /// `lower ≤ value ≤ upper`.
    public static func closed(_ lower: Double, _ upper: Double) -> FeelRange {
        FeelRange(lower: lower, lowerIncluded: true, upper: upper, upperIncluded: true)
    }

    /// `lower < value ≤ upper`: the usual range of a quantity that must be positive.
    public static func above(_ lower: Double, upTo upper: Double) -> FeelRange {
        FeelRange(lower: lower, lowerIncluded: false, upper: upper, upperIncluded: true)
    }

    /// `lower < value < upper`.
    public static func open(_ lower: Double, _ upper: Double) -> FeelRange {
        FeelRange(lower: lower, lowerIncluded: false, upper: upper, upperIncluded: false)
    }

    public func contains(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        let aboveLower = lowerIncluded ? value >= lower : value > lower
        let belowUpper = upperIncluded ? value <= upper : value < upper
        return aboveLower && belowUpper
    }

    /// `0 < value ≤ 10`, as error messages and the panel show it.
    public var description: String {
        "\(FeelNumber.text(lower)) \(lowerIncluded ? "≤" : "<") value \(upperIncluded ? "≤" : "<") \(FeelNumber.text(upper))"
    }
}

/// One tunable number of `Feel`: its dotted key in the feel file, unit, allowed range and the
/// steps the tuning panel adjusts it by.
public struct FeelParameter: Sendable, Identifiable, CustomStringConvertible {
    /// How the parameter reads and writes its stored property.
    enum Storage: Sendable {
        case real(WritableKeyPath<Feel, Double> & Sendable)
        case integer(WritableKeyPath<Feel, Int> & Sendable)
        case boolean(WritableKeyPath<Feel, Bool> & Sendable)
    }

    /// The dotted path in the feel file, e.g. `openSpring.responseSeconds`.
    public let key: String
    /// The unit shown after the value: "s", "pt", "pt/s", "rad", "rad/s", "×", "/s", "/ms" or "" for plain ratios.
    public let unit: String
    public let range: FeelRange
    /// Step of one Left/Right press in the tuning panel.
    public let coarseStep: Double
    /// Step of one Shift+Left/Right press; also the precision values are rounded to.
    public let fineStep: Double
    /// One line saying what the number does.
    public let summary: String
    let storage: Storage

    public var id: String { key }

    /// True for parameters stored as whole numbers (e.g. `velocitySampleLimit`).
    public var isInteger: Bool {
        if case .integer = storage { return true }
        return false
    }

    /// True for switches (e.g. `reducedMotion`): `true`/`false` in the file, 1/0 as a value,
    /// "on"/"off" in the panel.
    public var isBoolean: Bool {
        if case .boolean = storage { return true }
        return false
    }

    init(_ key: String, _ keyPath: WritableKeyPath<Feel, Double> & Sendable, unit: String, range: FeelRange,
         coarse: Double, fine: Double, _ summary: String) {
        self.key = key; self.unit = unit; self.range = range
        self.coarseStep = coarse; self.fineStep = fine; self.summary = summary
        self.storage = .real(keyPath)
    }

    init(_ key: String, integer keyPath: WritableKeyPath<Feel, Int> & Sendable, unit: String, range: FeelRange,
         coarse: Double, fine: Double, _ summary: String) {
        self.key = key; self.unit = unit; self.range = range
        self.coarseStep = coarse; self.fineStep = fine; self.summary = summary
        self.storage = .integer(keyPath)
    }

    init(_ key: String, boolean keyPath: WritableKeyPath<Feel, Bool> & Sendable, _ summary: String) {
        self.key = key; self.unit = ""; self.range = .closed(0, 1)
        self.coarseStep = 1; self.fineStep = 1; self.summary = summary
        self.storage = .boolean(keyPath)
    }

    /// The parameter's value in `feel`.
    public func value(in feel: Feel) -> Double {
        switch storage {
        case let .real(path): feel[keyPath: path]
        case let .integer(path): Double(feel[keyPath: path])
        case let .boolean(path): feel[keyPath: path] ? 1 : 0
        }
    }

    /// Stores `value` in `feel` without checking it (integers are rounded to the nearest whole).
    package func set(_ value: Double, in feel: inout Feel) {
        switch storage {
        case let .real(path): feel[keyPath: path] = value
        case let .integer(path): feel[keyPath: path] = Int(value.rounded())
        case let .boolean(path): feel[keyPath: path] = value >= 0.5
        }
    }

    /// Why `value` is not allowed here, or nil when it is.
    package func problem(with value: Double) -> String? {
        if !value.isFinite { return "\(FeelNumber.text(value)) is not a finite number (\(range))" }
        if isInteger, value != value.rounded() { return "\(FeelNumber.text(value)) is not a whole number (\(range))" }
        if isBoolean, value != 0, value != 1 { return "expected true or false" }
        if !range.contains(value) { return "\(FeelNumber.text(value)) is out of range (\(range))" }
        return nil
    }

    /// `value` moved by `steps` coarse or fine steps, rounded to the fine step's decimals and kept
    /// inside the range (an open end stops one fine step short of it).
    package func adjusted(_ value: Double, steps: Int, fine: Bool) -> Double {
        let moved = value + Double(steps) * (fine ? fineStep : coarseStep)
        return clamped(rounded(moved))
    }

    /// `value` rounded to the number of decimals of the fine step (0.005 → 3 places), so that
    /// repeated steps print as the numbers a person typed (0.45 + 0.05 = 0.5, not 0.5000000000000001).
    public func rounded(_ value: Double) -> Double {
        if isInteger || isBoolean { return value.rounded() }
        var scale = 1.0
        var places = 0
        while places < 12, ((fineStep * scale) - (fineStep * scale).rounded()).magnitude > 1e-9 {
            scale *= 10
            places += 1
        }
        return (value * scale).rounded() / scale
    }

    /// The nearest allowed value to `value`.
    package func clamped(_ value: Double) -> Double {
        let margin = isInteger || isBoolean ? 1 : fineStep
        var v = value.isFinite ? value : range.lower
        let low = range.lowerIncluded ? range.lower : range.lower + margin
        let high = range.upperIncluded ? range.upper : range.upper - margin
        if v < low { v = low }
        if v > high { v = high }
        return v
    }

    /// The value with its unit, as the panel shows it: "0.45 s", "150 pt", "20".
    package func formatted(_ value: Double) -> String {
        if isBoolean { return value >= 0.5 ? "on" : "off" }
        let number = FeelNumber.text(value)
        return unit.isEmpty ? number : unit == "×" ? number + "×" : number + " " + unit
    }

    public var description: String {
        isBoolean ? "\(key) (true or false)" : "\(key) (\(unit.isEmpty ? "ratio" : unit), \(range))"
    }
}

/// How PhotoZoom prints numbers for people: feel files' messages, the panel, the decision overlay,
/// summaries, comparisons and exported code. (The state log and JSON have their own exact forms:
/// `StateLogFormat.number`, `JSONText.number`.)
public enum FeelNumber {
    /// Whole numbers without a decimal point ("150", "0"), others in Swift's shortest round-trip
    /// form ("0.45", "0.998"); non-finite ones as `nonFinite` prints them.
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return nonFinite(value) }
        if value == value.rounded(), value.magnitude < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// The value rounded to `places` decimals, always showing them ("0.62", "-1.40", "150.0");
    /// a value that rounds to zero prints without a sign; non-finite ones as `text` prints them.
    package static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite, value.magnitude < 1e15 else { return text(value) }
        let places = min(max(places, 0), 6)
        var power = 1.0
        for _ in 0..<places { power *= 10 }
        let units = (value.magnitude * power).rounded()
        let whole = Int64(units / power)
        let fraction = Int64(units - Double(whole) * power)
        var digits = places > 0 ? String(fraction) : ""
        while digits.count < places { digits = "0" + digits }
        let sign = value < 0 && units > 0 ? "-" : ""
        return sign + String(whole) + (places > 0 ? "." + digits : "")
    }

    /// Up to `places` decimals, trailing zeros and a bare point dropped ("194.96", "1", "0.4").
    package static func trimmed(_ value: Double, places: Int) -> String {
        var text = fixed(value, places: places)
        guard value.isFinite, text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// "∞", "-∞" or "nan": how every printed number shows a value that is not finite.
    package static func nonFinite(_ value: Double) -> String {
        value.isNaN ? "nan" : value > 0 ? "∞" : "-∞"
    }
}
