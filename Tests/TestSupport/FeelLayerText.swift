import JSON

/// A feel layer written as JSON text in a test, parsed by the project's JSON reader as a trace line's
/// `feel` object is: what a `feel` event or a reloaded feel file carries.
public func feelLayer(_ text: String) -> JSONObject {
    guard case let .object(layer)? = try? JSONReader.parse(text) else { preconditionFailure("not a JSON object: \(text)") }
    return layer
}
