import JSON
/// Feel parameters in layers: a trace header's `feel`, a `feel` event, a reloaded feel file and
/// `--feel FILE` are each a JSON object of some of the parameters (a layer). Layers resolve over the
/// defaults in order (`defaults ⊕ header ⊕ --feel`): the keys a layer gives override what lies
/// under it, the rest keep their values. Decoding goes through the feel file's reader
/// (`Feel(json:)`), so its validation applies: this is the one place JSON becomes a `Feel`.
extension Feel {
    /// The defaults as a JSON object, keys sorted at every level.
    package static let defaultsObject: JSONObject = Feel.defaults.sortedJSONObject

    /// The full JSON object of this feel, keys sorted at every level (the form a trace header records).
    public var sortedJSONObject: JSONObject {
        guard case let .object(o) = jsonValue else { preconditionFailure("Feel must write a JSON object") }
        return Self.sortedByKey(o)
    }

    /// The defaults with each layer laid over in turn, decoded. Nil layers are skipped. A field of
    /// the wrong kind, or one out of range, throws naming its dotted key.
    package init(layers: [JSONObject?]) throws(FeelError) {
        var merged = Feel.defaultsObject
        for layer in layers {
            if let layer { merged = merged.merging(layer) }
        }
        try self.init(json: .object(merged))
    }

    /// `object` with its members sorted by key, at every level.
    private static func sortedByKey(_ object: JSONObject) -> JSONObject {
        JSONObject(object.members.sorted { $0.key < $1.key }.map { member in
            guard case let .object(inner) = member.value else { return member }
            return JSONMember(member.key, .object(sortedByKey(inner)))
        })
    }
}
