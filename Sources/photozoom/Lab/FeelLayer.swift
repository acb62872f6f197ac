import Foundation
import FeelFiles
import Trace
import Viewing
import FeelModel
import JSON

/// What `replay --feel` and `compare --feel` lay over a trace's feel: a feel file's keys, or a
/// preset's whole set of parameters, with the name to show for it.
struct FeelLayer {
    var object: JSONObject
    /// The file's name or the preset's.
    var name: String
    /// True for a preset (its whole set), false for a file (its keys).
    var isPreset = false

    /// `argument` read as `FeelFile.resolve` reads `run --feel`: an existing file, else a preset name;
    /// neither is bad input naming both. A file is read by `FeelFile.read(path:)`, the reader of the
    /// live feel file too, so a bad file gives the same one line here as on a live reload.
    static func resolve(_ argument: String) throws -> FeelLayer {
        switch try FeelFile.resolve(argument) {
        case let .file(path):
            return FeelLayer(object: try FeelFile.read(path: path).layer, name: (path as NSString).lastPathComponent)
        case let .preset(preset):
            return FeelLayer(object: FeelCoding.object(of: Feel.preset(named: preset) ?? .defaults), name: preset, isPreset: true)
        }
    }
}
