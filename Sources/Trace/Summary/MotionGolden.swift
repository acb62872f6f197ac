import JSON
import Viewing
import Geometry

/// What a trace's replay decides and draws, saved to check later feels against
/// (`photozoom check`, docs/goldens.md): the decisions (opens, closes, releases with their
/// verdicts, pages turned, interruptions, grabs), each release's gesture velocity, and the drawn
/// quantities at every frame.
///
/// Written as JSON with one decision, release or frame a line and a fixed field order and rounding
/// (the state log's, `StateLogFormat`), so the same trace and feel write the same bytes every time.
package struct MotionGolden: Hashable, Sendable {
    /// The format's version: a golden of another version is refused, not misread.
    package static let version = 1

    /// One decision: when, on which photo, what (`opened by click`, `released pan: close`, …).
    package struct Decision: Hashable, Sendable {
        package var time: Double
        package var photo: Int?
        package var what: String
    }

    /// One release: the gesture's velocity the decision was made with.
    package struct Release: Hashable, Sendable {
        package var time: Double
        package var photo: Int
        package var gesture: String
        package var decision: String
        /// pt/s.
        package var velocity: Point
    }

    /// One frame's drawn quantities.
    package struct Frame: Hashable, Sendable {
        package var time: Double
        package var phase: String
        package var photo: Int?
        package var image: StateSnapshot.Image?
        package var backdrop: Double
        package var progress: Double
        package var scroll: Double
    }

    /// The trace's file name, for messages.
    package var trace: String
    package var decisions: [Decision] = []
    package var releases: [Release] = []
    package var frames: [Frame] = []

    package init(trace: String) { self.trace = trace }

    // MARK: - Recording

    /// Replays `reader` (with `feelOverride` laid over its feel) and keeps what it decides and draws.
    package static func record(_ reader: TraceReader, trace: String, feelOverride: JSONObject? = nil,
                               onFrame: (Session) throws -> Void = { _ in }) throws -> MotionGolden {
        var golden = MotionGolden(trace: trace)
        let session = try TraceReplay.session(for: reader, feelOverride: feelOverride, replaysPanelEdits: feelOverride == nil, summarize: true)
        try TraceReplay.run(reader, through: session) { session in
            try onFrame(session)
            let s = session.viewer.snapshot
            golden.frames.append(Frame(time: s.time, phase: s.phase.rawValue, photo: s.photo, image: s.image,
                                       backdrop: s.backdrop, progress: s.progress, scroll: s.scroll))
        }
        for entry in session.summary?.entries ?? [] {
            let what: String
            switch entry.kind {
            case let .opened(trigger): what = "opened by \(trigger.rawValue)"
            case let .closing(trigger): what = "closing by \(trigger.rawValue)"
            case let .grabbed(gesture, from): what = "grabbed \(gesture.rawValue) from \(from.rawValue)"
            case let .released(r):
                what = "released \(r.gesture.rawValue): \(r.decision.rawValue)"
                golden.releases.append(Release(time: r.time, photo: r.photo, gesture: r.gesture.rawValue, decision: r.decision.rawValue,
                                               velocity: r.velocity))
            case let .interrupted(from, to): what = "interrupted \(from.rawValue) → \(to.rawValue)"
            case let .paged(from, to): what = "paged \(from) → \(to)"
            // An input that had no effect is an outcome too: a change that makes it act, or drop it
            // silently, differs.
            case let .ignored(i): what = "\(i.input) ignored while \(i.phase.rawValue): \(i.reason.rawValue)"
            // When a motion comes to rest depends on its spring: a drift, not a decision.
            case .settled: continue
            }
            golden.decisions.append(Decision(time: entry.time, photo: entry.photo, what: what))
        }
        return golden
    }

    // MARK: - Text

    /// The golden file's text, ending with a newline.
    package var jsonText: String {
        let n = { (v: Double, p: Int) in StateLogFormat.number(v, places: p) }
        let photo = { (p: Int?) in p.map(String.init) ?? "null" }
        var lines = ["{\"golden\":\"photozoom motion\",\"version\":\(Self.version),\"trace\":\(JSONText.string(trace)),"]
        lines.append("\"decisions\":[")
        lines += decisions.map { "{\"t\":\(n($0.time, 6)),\"photo\":\(photo($0.photo)),\"what\":\(JSONText.string($0.what))}" }.commaSeparated
        lines.append("],\"releases\":[")
        lines += releases.map {
            "{\"t\":\(n($0.time, 6)),\"photo\":\($0.photo),\"gesture\":\"\($0.gesture)\",\"decision\":\"\($0.decision)\","
                + "\"velocity\":{\"x\":\(n($0.velocity.x, 3)),\"y\":\(n($0.velocity.y, 3))}}"
        }.commaSeparated
        lines.append("],\"frames\":[")
        lines += frames.map { f in
            let image = f.image.map { i in
                "{\"x\":\(n(i.center.x, 3)),\"y\":\(n(i.center.y, 3)),\"w\":\(n(i.size.width, 3)),\"h\":\(n(i.size.height, 3)),\"rotation\":\(n(i.rotation, 5))}"
            } ?? "null"
            return "{\"t\":\(n(f.time, 6)),\"phase\":\"\(f.phase)\",\"photo\":\(photo(f.photo)),\"image\":\(image),"
                + "\"backdrop\":\(n(f.backdrop, 4)),\"progress\":\(n(f.progress, 4)),\"scroll\":\(n(f.scroll, 3))}"
        }.commaSeparated
        lines.append("]}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A golden file read back; bad input names the file, the line and the field.
    package init(jsonText text: String, file: String) throws(GoldenError) {
        let root: JSONValue
        do { root = try JSONReader.parse(text) } catch { throw GoldenError("\(file):\(error.position.line): \(error.message)") }
        guard case let .object(top) = root else { throw GoldenError("\(file):1: expected a golden (a JSON object)") }
        guard case let .number(version)? = top["version"], Int(version) == Self.version else {
            throw GoldenError("\(file):1: version: expected \(Self.version) (this photozoom's golden format); re-write it with photozoom check --update")
        }
        trace = top["trace"].flatMap { if case let .string(s) = $0 { s } else { nil } } ?? file
        func list(_ key: String) throws(GoldenError) -> [JSONObject] {
            guard case let .array(items)? = top[key] else { throw GoldenError("\(file): \(key): expected a list") }
            var out: [JSONObject] = []
            for (i, item) in items.enumerated() {
                guard case let .object(o) = item else { throw GoldenError("\(file): \(key)[\(i)]: expected an object") }
                out.append(o)
            }
            return out
        }
        func field(_ o: JSONObject, _ key: String, in list: String, _ i: Int) -> GoldenError {
            let line = o.members.first?.keyPosition?.line
            return GoldenError("\(file)\(line.map { ":\($0)" } ?? ""): \(list)[\(i)].\(key): missing or of the wrong kind")
        }
        func number(_ o: JSONObject, _ key: String, _ list: String, _ i: Int) throws(GoldenError) -> Double {
            guard case let .number(v)? = o[key] else { throw field(o, key, in: list, i) }
            return v
        }
        func string(_ o: JSONObject, _ key: String, _ list: String, _ i: Int) throws(GoldenError) -> String {
            guard case let .string(v)? = o[key] else { throw field(o, key, in: list, i) }
            return v
        }
        func photo(_ o: JSONObject) -> Int? { if case let .number(v)? = o["photo"] { Int(v) } else { nil } }
        for (i, o) in try list("decisions").enumerated() {
            decisions.append(Decision(time: try number(o, "t", "decisions", i), photo: photo(o), what: try string(o, "what", "decisions", i)))
        }
        for (i, o) in try list("releases").enumerated() {
            guard case let .object(v)? = o["velocity"], case let .number(x)? = v["x"], case let .number(y)? = v["y"] else {
                throw field(o, "velocity", in: "releases", i)
            }
            releases.append(Release(time: try number(o, "t", "releases", i), photo: photo(o) ?? -1, gesture: try string(o, "gesture", "releases", i),
                                    decision: try string(o, "decision", "releases", i), velocity: Point(x: x, y: y)))
        }
        for (i, o) in try list("frames").enumerated() {
            var image: StateSnapshot.Image?
            if case let .object(m)? = o["image"] {
                let q = try ["x", "y", "w", "h", "rotation"].map { (k: String) throws(GoldenError) -> Double in
                    guard case let .number(v)? = m[k] else { throw field(o, "image.\(k)", in: "frames", i) }
                    return v
                }
                image = StateSnapshot.Image(center: Point(x: q[0], y: q[1]), size: Size(width: q[2], height: q[3]), rotation: q[4])
            }
            frames.append(Frame(time: try number(o, "t", "frames", i), phase: try string(o, "phase", "frames", i), photo: photo(o), image: image,
                                backdrop: try number(o, "backdrop", "frames", i), progress: try number(o, "progress", "frames", i),
                                scroll: try number(o, "scroll", "frames", i)))
        }
    }

    // MARK: - Comparing

    /// How far a replay may drift from its golden before the check fails.
    package struct Tolerance: Hashable, Sendable {
        /// Positions, sizes and the grid's scroll, pt.
        package var points = 1.0
        /// The photo's rotation, radians (1 pt at the edge of a 1000 pt photo is 0.002 rad).
        package var radians = 0.001
        /// Backdrop opacity and transition progress (a half of one 8-bit level is 0.002).
        package var fraction = 0.002
        /// A release's gesture velocity, pt/s.
        package var pointsPerSecond = 1.0
        package init(points: Double = 1) { self.points = points }
    }

    /// What differs between `self` (a replay) and `golden`, as lines a person reads: empty when the
    /// decisions are the same and every drawn quantity at every common instant is within `tolerance`.
    package func differences(from golden: MotionGolden, tolerance: Tolerance = Tolerance()) -> [String] {
        var out: [String] = []
        let t = { (v: Double) in StateLogFormat.number(v, places: 3) + " s" }
        // Decisions: the same list, in order.
        let count = max(decisions.count, golden.decisions.count)
        if let i = (0..<count).first(where: { i in
            i >= decisions.count || i >= golden.decisions.count
                || decisions[i].what != golden.decisions[i].what || decisions[i].photo != golden.decisions[i].photo
        }) {
            let expected = i < golden.decisions.count ? "'\(golden.decisions[i].what)' on photo \(golden.decisions[i].photo.map(String.init) ?? "none") at \(t(golden.decisions[i].time))" : "nothing"
            let got = i < decisions.count ? "'\(decisions[i].what)' on photo \(decisions[i].photo.map(String.init) ?? "none") at \(t(decisions[i].time))" : "nothing"
            out.append("decision \(i + 1) differs: expected \(expected), replayed \(got) (\(golden.decisions.count) expected, \(decisions.count) replayed)")
        }
        for (i, (mine, theirs)) in zip(releases, golden.releases).enumerated() {
            let d = (mine.velocity - theirs.velocity).length
            if d > tolerance.pointsPerSecond {
                out.append("release \(i + 1) (\(theirs.gesture) at \(t(theirs.time))): velocity (\(StateLogFormat.number(mine.velocity.x)), \(StateLogFormat.number(mine.velocity.y))) pt/s, "
                           + "expected (\(StateLogFormat.number(theirs.velocity.x)), \(StateLogFormat.number(theirs.velocity.y))), \(StateLogFormat.number(d)) pt/s apart")
            }
        }
        // Drawn quantities at the instants both have.
        let expected = Dictionary(golden.frames.map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
        struct Drift { var worst = 0.0; var at = 0.0; var expected = 0.0; var got = 0.0; var frames = 0 }
        var drifts: [String: Drift] = [:]
        var order: [String] = []
        var imageMismatch: [Double] = []
        var common = 0
        func note(_ name: String, _ got: Double, _ want: Double, _ bound: Double, _ time: Double) {
            if drifts[name] == nil { drifts[name] = Drift(); order.append(name) }
            let d = abs(got - want)
            guard d > bound else { return }
            drifts[name]!.frames += 1
            if d > drifts[name]!.worst { drifts[name]!.worst = d; drifts[name]!.at = time; drifts[name]!.expected = want; drifts[name]!.got = got }
        }
        for f in frames {
            guard let g = expected[f.time] else { continue }
            common += 1
            switch (f.image, g.image) {
            case let (a?, b?):
                note("x", a.center.x, b.center.x, tolerance.points, f.time)
                note("y", a.center.y, b.center.y, tolerance.points, f.time)
                note("width", a.size.width, b.size.width, tolerance.points, f.time)
                note("height", a.size.height, b.size.height, tolerance.points, f.time)
                note("rotation", a.rotation, b.rotation, tolerance.radians, f.time)
            case (nil, nil): break
            default: imageMismatch.append(f.time)
            }
            note("backdrop", f.backdrop, g.backdrop, tolerance.fraction, f.time)
            note("progress", f.progress, g.progress, tolerance.fraction, f.time)
            note("scroll", f.scroll, g.scroll, tolerance.points, f.time)
        }
        if common < golden.frames.count || common < frames.count {
            out.append("frames: \(golden.frames.count) expected, \(frames.count) replayed; compared at the \(common) instants both have")
        }
        if let first = imageMismatch.first {
            out.append("image: drawn in one and not the other at \(imageMismatch.count) frames, first at \(t(first))")
        }
        let units = ["rotation": " rad", "backdrop": "", "progress": ""]
        for name in order {
            let d = drifts[name]!
            guard d.frames > 0 else { continue }
            let unit = units[name] ?? " pt"
            out.append("\(name): drifts \(StateLogFormat.number(d.worst, places: 4))\(unit) at \(t(d.at)) (expected \(StateLogFormat.number(d.expected, places: 4)), "
                       + "replayed \(StateLogFormat.number(d.got, places: 4))); \(d.frames) of \(common) frames beyond the tolerance")
        }
        return out
    }
}

/// A golden file that cannot be read: the file, line and field, and what to do.
package struct GoldenError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

private extension Array where Element == String {
    /// Each but the last followed by a comma.
    var commaSeparated: [String] { enumerated().map { $0.offset < count - 1 ? $0.element + "," : $0.element } }
}
