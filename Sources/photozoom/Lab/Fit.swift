import ArgumentParser
import Foundation
import Viewing
import DecoderSandbox
import FeelFiles
import PhotoFiles
import Plotting
import Diagnostics
import Motion

/// `photozoom fit REFERENCE`: the spring that best fits a recorded motion.
struct Fit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fit a spring to a recorded motion (a CSV or a state log) by least squares; --gesture: a dismissal's threshold, projection and knee.",
        discussion: """
            A CSV has a header of column names, a time column in seconds (named t, time, seconds or \
            time_s, else the first; or --time NAME) and one or more quantities (all but the time, or \
            --quantity NAME ...). A state log (.states.jsonl) gives the photo's left, top, right and bottom \
            edges (or --quantity x, y, width, height, scale, rotation, backdrop) over its first opening or \
            closing flight (--flight N, or --from/--to). Every quantity shares one spring (response and \
            damping ratio) and each has its own start and target; the samples' own times are used, so \
            dropped frames do not bias the fit. Prints the spring (--form response, duration, physical or \
            all), the RMS and largest error, and per quantity the times of 50 % and 90 % of the travel in \
            the reference and in the fit. --into FILE --spring openSpring writes the spring into a feel \
            file: a new file, or beside an existing one (FILE-2.json) unless --force.

            --gesture --window-height H reads a session of drags to dismiss instead (a state log, or a \
            CSV with the columns t, y, w and held): the drag radius a release's travel plus projected \
            momentum must pass to close, the deceleration rate of that projection, and the held scale's \
            slope, floor and rubber-band knee, each with the range every recorded release allows; \
            --into FILE writes those the recording bounds as a feel layer.
            """
    )

    @Argument(help: "The recorded motion: a .csv or a .states.jsonl.")
    var reference: String
    @Option(name: .customLong("quantity"), help: "A quantity to fit (a CSV column, or a state log's left, top, …); repeat for several.")
    var quantities: [String] = []
    @Option(help: "The CSV's time column (seconds).")
    var time: String?
    @Option(help: "A state log's Nth opening or closing flight (from 1).")
    var flight: Int?
    @Option(help: "Fit from this time, seconds.")
    var from: Double?
    @Option(help: "Fit up to this time, seconds.")
    var to: Double?
    @Flag(help: "Fit each quantity's initial velocity (else the motion starts at rest).")
    var fitVelocity = false
    @Flag(inversion: .prefixedNo, help: "Fit the instant the spring was let go (else the sample before the first that moved). Default: on for a state log's flight, whose first frame is already under way; off otherwise.")
    var fitStart: Bool?
    @Option(help: "How to print the spring: response (response, ζ), duration (SwiftUI duration, bounce), physical (stiffness, damping, mass) or all.")
    var form: String = "response"
    @Option(help: "The mass for --form physical, kg.")
    var mass: Double = 1
    @Option(help: "Write the spring into this feel file.")
    var into: String?
    @Option(help: "The spring --into sets: openSpring, closeSpring, cancelSpring, pagingSpring, zoomSpring, scrollSpring.")
    var spring: String?
    @Flag(help: "--into replaces an existing file (else the spring goes to a new file beside it).")
    var force = false
    @Flag(help: "Fit the dismissal gesture (threshold, deceleration rate, knee) instead of a spring.")
    var gesture = false
    @Option(help: "With --gesture: the window's height, points (the knee is a fraction of it).")
    var windowHeight: Double?

    func validate() throws {
        if gesture {
            if spring != nil || !quantities.isEmpty || flight != nil || from != nil {
                throw ValidationError("--gesture reads every hold of the session: no --spring, --quantity, --flight or --from/--to")
            }
            guard let windowHeight, windowHeight.isFinite, windowHeight > 0 else {
                throw ValidationError("--gesture needs --window-height H (points, above 0)")
            }
            return
        }
        if windowHeight != nil { throw ValidationError("--window-height goes with --gesture") }
        if into != nil, spring == nil { throw ValidationError("--into needs --spring (openSpring, closeSpring, …)") }
        if spring != nil, into == nil { throw ValidationError("--spring needs --into FILE") }
        if form != "all", SpringForm(rawValue: form) == nil { throw ValidationError("--form \(form): response, duration, physical or all") }
        if !(mass.isFinite && mass > 0) { throw ValidationError("--mass must be above 0 kg") }
        if flight != nil, from != nil || to != nil { throw ValidationError("--flight and --from/--to: give one") }
        if (from == nil) != (to == nil) { throw ValidationError("--from and --to go together") }
    }

    func run() throws {
        if gesture { return try fitGesture(windowHeight: windowHeight ?? 0) }
        try reportingErrors {
            let span: ReferenceMotion.Span = flight.map { .flight($0) }
                ?? from.map { .between(from: $0, to: to ?? .infinity) } ?? .whole
            let motion = try ReferenceMotion.read(path: reference, names: quantities.isEmpty ? nil : quantities,
                                                  timeColumn: time, span: span, warn: printError)
            // A state log's flight starts moving before its first frame (the click comes between frames).
            let options = SpringFit.Options(fitsInitialVelocity: fitVelocity, fitsStartTime: fitStart ?? motion.beginsInMotion)
            guard let fit = SpringFit.fit(motion, options: options) else {
                throw CommandLineError.badInput("\(reference): nothing moves by more than 1 pt (or 2 % of its travel) in the span read")
            }
            let forms = form == "all" ? SpringForm.allCases : [SpringForm(rawValue: form)!]
            for line in SpringFitReport.lines(fit, of: motion, name: reference, forms: forms, mass: mass, options: options) {
                print(line)
            }
            if let into, let spring {
                let written = try FeelFile.writeSpring(fit.spring, as: spring, into: into, force: force, inputs: [reference])
                print(written.message)
            }
        }
    }

    /// `--gesture`: the dismissal's threshold, projection and knee, and the feel layer.
    func fitGesture(windowHeight: Double) throws {
        try reportingErrors {
            let recording = try ReferenceMotion.dismissals(path: reference, windowHeight: windowHeight, warn: printError)
            let fit = DismissalFit.fit(recording)
            for line in DismissalFitReport.lines(fit, name: reference, windowHeight: windowHeight) { print(line) }
            if let into {
                let values = DismissalFitReport.parameters(fit)
                guard !values.isEmpty else {
                    throw CommandLineError.badInput("\(reference): the recording bounds no parameter; \(into) not written")
                }
                let written = try FeelFile.writeParameters(values, naming: values.map(\.key).joined(separator: ", "),
                                                           into: into, force: force, inputs: [reference])
                print(written.message)
            }
        }
    }
}
