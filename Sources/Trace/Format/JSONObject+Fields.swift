import Viewing
import JSON

/// Typed access to an object's fields, throwing a `FieldError` that names the field and says what
/// was expected and found.
extension JSONObject {
    /// A finite number.
    package func number(_ key: String) throws(FieldError) -> Double {
        switch self[key] {
        case let .number(n)?: return n
        case let other?: throw FieldError(field: key, message: "expected a number, found \(other.kindDescription)")
        case nil: throw FieldError(field: key, message: "expected a number, found nothing (the field is missing)")
        }
    }

    /// A finite number, or `fallback` when the field is absent.
    package func number(_ key: String, default fallback: Double) throws(FieldError) -> Double {
        self[key] == nil ? fallback : try number(key)
    }

    /// A number at or above `minimum` (`inclusive`) or above it.
    package func number(_ key: String, atLeast minimum: Double, inclusive: Bool = true) throws(FieldError) -> Double {
        let n = try number(key)
        guard inclusive ? n >= minimum : n > minimum else {
            throw FieldError(field: key, message: "expected a number \(inclusive ? "≥" : ">") \(JSONText.number(minimum)), found \(JSONText.number(n))")
        }
        return n
    }

    /// A number in `minimum…maximum` (`minimum` itself excluded unless `inclusive`), such as a
    /// coordinate within `TraceBounds`.
    package func number(_ key: String, from minimum: Double, inclusive: Bool = true, through maximum: Double) throws(FieldError) -> Double {
        let n = try number(key)
        guard inclusive ? n >= minimum : n > minimum, n <= maximum else {
            let lower = inclusive ? "" : " (excluded)"
            throw FieldError(field: key, message: "expected a number in \(JSONText.number(minimum))\(lower)…\(JSONText.number(maximum)), found \(JSONText.number(n))")
        }
        return n
    }

    /// A whole number within `range`.
    package func integer(_ key: String, in range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)) throws(FieldError) -> Int {
        let n = try number(key)
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw FieldError(field: key, message: "expected a whole number in \(range.lowerBound)…\(range.upperBound), found \(JSONText.number(n))")
        }
        return Int(n)
    }

    /// A string.
    package func string(_ key: String) throws(FieldError) -> String {
        switch self[key] {
        case let .string(s)?: return s
        case let other?: throw FieldError(field: key, message: "expected a string, found \(other.kindDescription)")
        case nil: throw FieldError(field: key, message: "expected a string, found nothing (the field is missing)")
        }
    }

    /// One of `choices` (a string), for enumerations like `phase`.
    package func choice(_ key: String, _ choices: [String]) throws(FieldError) -> String {
        let expected = choices.map { "\"\($0)\"" }.joined(separator: ", ")
        switch self[key] {
        case let .string(s)? where choices.contains(s): return s
        case let other?: throw FieldError(field: key, message: "expected one of \(expected), found \(other.kindDescription)")
        case nil: throw FieldError(field: key, message: "expected one of \(expected), found nothing (the field is missing)")
        }
    }

    /// A nested object.
    package func object(_ key: String) throws(FieldError) -> JSONObject {
        switch self[key] {
        case let .object(o)?: return o
        case let other?: throw FieldError(field: key, message: "expected an object, found \(other.kindDescription)")
        case nil: throw FieldError(field: key, message: "expected an object, found nothing (the field is missing)")
        }
    }

    /// An array.
    package func array(_ key: String) throws(FieldError) -> [JSONValue] {
        switch self[key] {
        case let .array(a)?: return a
        case let other?: throw FieldError(field: key, message: "expected an array, found \(other.kindDescription)")
        case nil: throw FieldError(field: key, message: "expected an array, found nothing (the field is missing)")
        }
    }
}
