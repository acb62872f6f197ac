import Foundation
import Motion
import Viewing
import PhotoFiles
import Diagnostics
import FeelModel

extension FeelFile {
    /// Writes `spring` as the spring `key` (`openSpring`, …) into the feel file at `path`, keeping
    /// every other parameter the file holds (defaults when it does not exist yet), by the rule every
    /// output follows: a file that exists is replaced only with `force` (atomically, as Ctrl+S
    /// does), else the feel goes to a fresh name beside it (`feel-2.json`); a path that is one of
    /// `inputs` is refused. Returns where it wrote and what it did, as a line to print.
    package static func writeSpring(_ spring: Spring, as key: String, into path: String, force: Bool,
                             inputs: [String]) throws(CommandLineError) -> (path: String, message: String) {
        let keys = FeelExport.allSpringRoles.map(\.key)
        guard keys.contains(key) else {
            throw CommandLineError.badInput("--spring \(key): not a spring of the feel (\(keys.joined(separator: ", ")))")
        }
        return try writeParameters([("\(key).responseSeconds", spring.responseSeconds), ("\(key).dampingRatio", spring.dampingRatio)],
                                   naming: key, into: path, force: force, inputs: inputs)
    }

    /// Writes `values` (a parameter's key, `Feel.parameter`, and its value) into the feel file at
    /// `path` by `writeSpring`'s rule, keeping every other parameter; `naming` is what the message
    /// calls them. A value a parameter refuses is bad input naming it; nothing is written then.
    package static func writeParameters(_ values: [(key: String, value: Double)], naming: String, into path: String,
                                        force: Bool, inputs: [String]) throws(CommandLineError) -> (path: String, message: String) {
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path == target {
            throw CommandLineError.badInput("--into \(path): that is an input of this command; outputs never replace inputs")
        }
        let exists = FileManager.default.fileExists(atPath: path)
        var feel = exists ? try read(path: path).feel : Feel.defaults
        for (key, value) in values {
            guard let parameter = Feel.parameter(key) else {
                throw CommandLineError.badInput("\(key): not a parameter of the feel; not written")
            }
            if let problem = parameter.problem(with: value) {
                throw CommandLineError.badInput("\(key): the fitted \(problem); not written")
            }
            parameter.set(value, in: &feel)
        }
        let written = exists && !force ? freshPath(beside: path) : path
        try save(feel, to: written)
        let message: String
        if written != path {
            message = "\(path) exists (kept); wrote \(naming) with its other parameters to \(written) (--force replaces)"
        } else {
            message = exists ? "replaced \(naming) in \(path)" : "wrote \(path) (\(naming); every other parameter the default)"
        }
        return (written, message)
    }
}
