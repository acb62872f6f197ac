import ArgumentParser
import Foundation
import FeelFiles
import ImageFormats
import PhotoFiles
import Viewing
import Diagnostics
import FeelModel

/// `photozoom feel`: prints feel files (the defaults, a preset), lists the presets and parameters,
/// and checks a file without opening a window.
struct FeelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feel",
        abstract: "Print the default feel file or a preset, list presets and parameters, or check a feel file.",
        discussion: """
            A feel file is a JSON object of parameters; missing keys keep the defaults. Start from \
            `photozoom feel --defaults > feel.json`, then `photozoom run --feel feel.json` and edit it \
            while the app runs (it reloads on save), or tune it in the window (Tab) and save with Ctrl+S. \
            `--export FORMAT [--feel FILE|PRESET]` prints the feel as code for SwiftUI, UIKit, Jetpack Compose, \
            Android's SpringForce, CSS (linear() easings sampled from the springs) or the web (stiffness, \
            damping and mass), every spring named after its role, with the thresholds as constants. \
            `--import KIND VALUES… [--label TIME]` reads a spring as another tool writes it (figma STIFFNESS DAMPING MASS, \
            swiftui DURATION BOUNCE, swiftui-response RESPONSE DAMPINGFRACTION, compose DAMPINGRATIO STIFFNESS, \
            motion VISUALDURATION BOUNCE, motion-physical STIFFNESS DAMPING MASS, react-spring TENSION FRICTION MASS, \
            uikit DAMPINGRATIO DURATION, m3 TOKEN) and prints it as PhotoZoom's response and ζ with its true settle time \
            and how far the tool's own label (its duration, or --label: Figma's "400 ms") is from it.
            """
    )

    @Flag(help: "Print the default feel file.")
    var defaults = false
    @Option(help: "Print the preset NAME as a feel file (default, ios, material, photoswipe, snappy, soft).")
    var preset: String?
    @Flag(help: "List the presets with what sets them apart.")
    var list = false
    @Flag(help: "List every parameter with its unit, range, steps and default.")
    var parameters = false
    @Option(help: "Check a feel file: exit 0 and say what it changes, or exit 2 naming the line and key at fault.")
    var check: String?
    @Option(help: "Print the feel as code: swiftui, uikit, compose, android, css or web.")
    var export: FeelExport.Format?
    @Option(help: "With --export, the feel to export: a feel file or a preset name (default: the defaults).")
    var feel: String?
    @Option(name: .customLong("import"),
            help: "Read a spring as another tool writes it: figma, swiftui, swiftui-response, compose, motion, motion-physical, react-spring, uikit or m3, followed by its values.")
    var importKind: ImportedSpring.Kind?
    @Option(help: "With --import, the length the tool shows for the spring (400ms, 0.4s or 0.4), set against its settle time.")
    var label: String?
    @Argument(parsing: .allUnrecognized, help: "With --import, the spring's values in the tool's order (an m3 token's name).")
    var values: [String] = []

    func validate() throws {
        let chosen = [defaults, preset != nil, list, parameters, check != nil, export != nil, importKind != nil].filter { $0 }.count
        if chosen != 1 {
            throw ValidationError("choose one of --defaults, --preset NAME, --list, --parameters, --check FILE, --export FORMAT, --import KIND VALUES…")
        }
        if feel != nil, export == nil { throw ValidationError("--feel: only with --export FORMAT") }
        if importKind == nil, !values.isEmpty { throw ValidationError("unexpected argument '\(values[0])' (values follow --import KIND)") }
        if importKind == nil, label != nil { throw ValidationError("--label: only with --import KIND VALUES…") }
        if let label, Self.seconds(label) == nil {
            throw ValidationError("--label: expected a time such as 400ms, 0.4s or 0.4 (seconds), got '\(label)'")
        }
        if let preset, Feel.preset(named: preset) == nil {
            throw ValidationError("--preset: no preset named '\(preset)' (\(Feel.presets.map(\.name).joined(separator: ", ")))")
        }
    }

    func run() throws {
        try reportingErrors {
            if let importKind {
                let imported: ImportedSpring
                do { imported = try ImportedSpring(kind: importKind, arguments: values) } catch let error as FeelError {
                    throw CommandLineError.badInput(error.description)
                }
                print(imported.explanation(labelSeconds: label.flatMap(Self.seconds)).joined(separator: "\n"))
            } else if let export {
                let source = try feel.map { argument throws(CommandLineError) in try FeelFile.resolve(argument) } ?? .preset(name: "default")
                let name: String
                switch source {
                case let .file(path): name = (path as NSString).lastPathComponent
                case let .preset(preset): name = preset
                }
                print(FeelExport(feel: try FeelFile.load(source), name: name).code(export), terminator: "")
            } else if defaults {
                print(Feel.defaults.jsonText(), terminator: "")
            } else if let preset, let feel = Feel.preset(named: preset) {
                print(feel.jsonText(), terminator: "")
            } else if list {
                // The summaries in one column, two spaces after the longest name.
                let width = (Feel.presets.map(\.name.count).max() ?? 0) + 2
                for p in Feel.presets {
                    print(p.name.padding(toLength: width, withPad: " ", startingAt: 0) + p.summary)
                }
            } else if parameters {
                for p in Feel.parameters {
                    let value = p.formatted(p.value(in: .defaults))
                    if p.isBoolean {
                        print("\(p.key)  \(value)  [true or false]  \(p.summary)")
                        continue
                    }
                    let steps = "step \(FeelNumber.text(p.coarseStep)) / \(FeelNumber.text(p.fineStep))"
                    print("\(p.key)  \(value)  [\(p.range)]  \(steps)  \(p.summary)")
                }
            } else if let check {
                let feel = try FeelFile.read(path: check).feel
                let changed = feel.differences(from: .defaults)
                if changed.isEmpty {
                    print("\(PrintablePath.escaped(check)): ok, the defaults")
                } else {
                    let list = changed.map { key in
                        let p = Feel.parameter(key)!
                        return "\(key) \(p.formatted(p.value(in: feel)))"
                    }
                    print("\(PrintablePath.escaped(check)): ok, \(changed.count) of \(Feel.parameters.count) differ from the defaults: "
                          + list.joined(separator: ", "))
                }
            }
        }
    }
}

extension FeelCommand {
    /// "400ms", "0.4s" or "0.4" in seconds; nil for anything else.
    static func seconds(_ text: String) -> Double? {
        let value: Double?
        if text.hasSuffix("ms") { value = Double(text.dropLast(2)).map { $0 / 1000 } }
        else if text.hasSuffix("s") { value = Double(text.dropLast()) }
        else { value = Double(text) }
        return value.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }
}

extension FeelExport.Format: ExpressibleByArgument {}
extension ImportedSpring.Kind: ExpressibleByArgument {}
