import Viewing
import FeelModel
import JSON

/// Feel layers as the trace sees them: the trace header's `feel` and `feel` events, with errors as
/// the trace's (`FieldError`). A feel file on disk (`--feel FILE`) is read by `FeelFile.read(path:)`
/// in FeelFiles, the one reader of feel files, live and on the command line alike. Decoding is
/// `Feel(layers:)`, the one feel decoder (Feel), so live and replay cannot differ: a header
/// without `feel` or with some keys replays on the defaults for the rest, and `--feel` overrides both.
package enum FeelCoding {
    /// The defaults as a JSON object, keys sorted.
    package static var defaultsObject: JSONObject { Feel.defaultsObject }

    /// The full JSON object of `feel`, keys sorted at every level (the form a trace header records).
    package static func object(of feel: Feel) -> JSONObject { feel.sortedJSONObject }

    /// The defaults with each layer laid over in turn, decoded by `Feel(layers:)`. Nil layers are
    /// skipped. A field of the wrong kind, or one that `Feel` rejects, throws naming its path.
    package static func resolve(_ layers: [JSONObject?]) throws(FieldError) -> Feel {
        do throws(FeelError) {
            return try Feel(layers: layers)
        } catch {
            throw FieldError(field: error.key ?? "", message: error.reason)
        }
    }
}
