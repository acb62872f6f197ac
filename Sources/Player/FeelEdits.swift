import FeelModel
import JSON
import Trace
import Viewing

/// The feel parameters edited in the trace player, as one layer laid over every feel the played
/// trace applies: `play --feel`'s layer (the base), then each parameter changed in the panel with
/// its latest value. Only the parameters edited are in it, so the trace's own live feel changes
/// still apply to the rest.
public struct FeelEdits: Hashable, Sendable {
    /// `play --feel`'s layer.
    package let base: JSONObject?
    /// The edited parameters' values, by the panel's dotted key ("openSpring.dampingRatio").
    public private(set) var values: [String: JSONValue] = [:]

    package init(base: JSONObject?) {
        self.base = base
    }

    /// Records the parameters in which `feel` differs from `current` (the feel in force), with
    /// `feel`'s values; a parameter brought back to its value in `unedited` (what it has with no
    /// edit: a reset in the panel, a step there and back) is no longer an edit.
    package mutating func record(_ feel: Feel, over current: Feel, unedited: Feel? = nil) {
        let object = FeelCoding.object(of: feel)
        let plain = unedited.map(FeelCoding.object(of:))
        for key in feel.differences(from: current) {
            let path = key.split(separator: ".").map(String.init)
            guard let value = Self.value(at: path, in: object) else { continue }
            values[key] = plain.flatMap { Self.value(at: path, in: $0) } == value ? nil : value
        }
    }

    /// The layer: the base with every edited parameter over it (nil when there is neither).
    package var layer: JSONObject? {
        guard !values.isEmpty else { return base }
        var edits = JSONObject()
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            edits = edits.merging(Self.object(path: key.split(separator: ".").map(String.init), value: value))
        }
        return (base ?? JSONObject()).merging(edits)
    }

    /// The keys edited, sorted.
    package var keys: [String] { values.keys.sorted() }

    private static func value(at path: [String], in object: JSONObject) -> JSONValue? {
        guard let first = path.first, let value = object[first] else { return nil }
        if path.count == 1 { return value }
        guard case let .object(inner) = value else { return nil }
        return Self.value(at: Array(path.dropFirst()), in: inner)
    }

    private static func object(path: [String], value: JSONValue) -> JSONObject {
        var value = value
        for key in path.dropFirst().reversed() { value = .object(JSONObject([JSONMember(key, value)])) }
        return JSONObject([JSONMember(path[0], value)])
    }
}
