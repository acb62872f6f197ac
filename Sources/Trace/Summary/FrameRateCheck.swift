import Continuity
import Geometry
import Gestures
import JSON
import Viewing
import DrawnBounds
import Events

/// Frame-rate independence as a checked property: one trace's input replayed at several frame
/// rates, and the drawn quantities compared at the instants all of them draw.
///
/// Every motion in PhotoZoom is meant to be a closed form of time, so where a photo is at a viewer
/// instant cannot depend on how often frames were drawn before it. The check keeps a trace's input
/// events (presses, moves, wheel, keys, resizes, photo-list changes, feel changes) at their own
/// times, drops its frames, and draws new ones at each cadence: 30, 60, 120, 144 and 240 frames a
/// second, and a 60 Hz display in slow motion (0.25× draws a frame every 1/240 s of viewer time,
/// 0.1× every 1/600 s). Every cadence also draws at the common instants, every 1/30 s, where the
/// backdrop and every photo quad's centre, drawn size, rotation, crop and opacity
/// (`Viewer.motionSample`) are compared: the spread, largest minus smallest over the cadences, per
/// component, is the difference. A quad drawn under one cadence and not another counts by how far it
/// is from disappearing unseen (its distance to its own cell, its depth into the window, its opacity).
///
/// Pure: a header and events in, a report out. `photozoom replay TRACE --rates` prints it; the golden
/// traces and the property test assert it (docs/continuity.md).
package enum FrameRateCheck {
    /// How often frames are drawn, in viewer time.
    package struct Cadence: Hashable, Sendable {
        /// As people say it: "30 fps", "0.25× at 60 fps".
        package var name: String
        /// Frames per second of viewer time.
        package var framesPerSecond: Double

        package init(name: String, framesPerSecond: Double) {
            self.name = name
            self.framesPerSecond = framesPerSecond
        }

        /// A display's refresh rate.
        package static func display(_ fps: Double) -> Cadence {
            Cadence(name: "\(JSONText.number(fps)) fps", framesPerSecond: fps)
        }

        /// A 60 Hz display in slow motion at `factor` (viewer time runs at `factor` of wall time).
        package static func slowMotion(_ factor: Double, displayFPS: Double = 60) -> Cadence {
            Cadence(name: "\(JSONText.number(factor))× at \(JSONText.number(displayFPS)) fps", framesPerSecond: displayFPS / factor)
        }

        /// 30, 60, 120, 144 and 240 fps, and slow motion 0.25× and 0.1× on a 60 Hz display.
        package static let standard: [Cadence] = [display(30), display(60), display(120), display(144), display(240),
                                                 slowMotion(0.25), slowMotion(0.1)]
    }

    /// The largest difference allowed per kind of quantity: 0.5 pt for centres and sizes, 0.001 rad,
    /// 0.002 of backdrop and opacity, 0.002 of the unit crop.
    package static func bound(_ kind: DrawnQuantity.Kind) -> Double {
        switch kind {
        case .center, .size: 0.5
        case .rotation: 0.001
        case .backdrop, .alpha, .crop: 0.002
        }
    }

    /// The largest difference seen in one kind of quantity (of one photo, or the backdrop).
    package struct Difference: Hashable, Sendable {
        package var kind: DrawnQuantity.Kind
        /// The photo whose quad it is; nil for the backdrop.
        package var photo: Int?
        /// The spread over the cadences, in the quantity's unit (a quad drawn under some cadences
        /// only: how far it was from vanishing unseen, pt).
        package var size: Double
        /// The viewer instant where it was largest, seconds.
        package var time: Double
        /// True when the quad was drawn under some cadences and not others.
        package var isPresence: Bool
        /// The two cadences whose values there lay farthest apart (for a quad drawn under some
        /// cadences only: one that did not draw it, and the one that drew it farthest from vanishing).
        package var low: String
        package var high: String

        package var isWithinBound: Bool { size <= FrameRateCheck.bound(kind) }

        /// "photo 3 center: 15.312 pt at 1.234 s (30 fps vs 240 fps)".
        package var description: String {
            let what = kind == .backdrop ? "backdrop" : "photo \(photo ?? -1) \(isPresence ? "presence" : kind.rawValue)"
            let unit = isPresence ? " pt" : kind.unit.isEmpty ? "" : " " + kind.unit
            return "\(what): \(figure(size))\(unit) at \(figure(time)) s (\(low) vs \(high)); allowed \(figure(FrameRateCheck.bound(kind)))\(unit)"
        }
    }

    /// What the check found.
    package struct Report: Sendable {
        package var cadences: [Cadence]
        /// The instants compared.
        package var instants: Int
        /// The largest difference per quantity and photo, largest share of its bound first.
        package var differences: [Difference]

        /// The differences beyond their bounds.
        package var failures: [Difference] { differences.filter { !$0.isWithinBound } }

        /// The largest difference per kind of quantity, over all photos.
        package func largest(_ kind: DrawnQuantity.Kind) -> Double {
            differences.filter { $0.kind == kind }.map(\.size).max() ?? 0
        }

        /// Lines for people: the cadences, the largest difference per kind, each one out of bounds.
        package var text: String {
            var lines = ["rates: \(cadences.map(\.name).joined(separator: ", ")); \(instants) instants compared, every 1/30 s of viewer time"]
            for kind in DrawnQuantity.Kind.allCases {
                let worst = differences.filter { $0.kind == kind }.max { $0.size < $1.size }
                let unit = kind.unit.isEmpty ? "" : " " + kind.unit
                let figureText = worst.flatMap { w in
                    w.size == 0 ? nil : "\(figure(w.size))\(unit) (\(w.kind == .backdrop ? "" : "photo \(w.photo ?? -1), ")at \(figure(w.time)) s, \(w.low) vs \(w.high))"
                } ?? "0"
                lines.append("rates: largest \(kind.rawValue) difference \(figureText); allowed \(figure(bound(kind)))\(unit)")
            }
            for f in failures { lines.append("rates: out of bounds: \(f.description)") }
            lines.append(failures.isEmpty ? "rates: every quantity within its bound"
                                          : "rates: \(failures.count) \(failures.count == 1 ? "quantity" : "quantities") out of bounds")
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// The common instants' spacing, seconds of viewer time.
    package static let commonStep = 1.0 / 30

    /// The longest a run draws on past `settleSeconds` after its last input while something still
    /// moves (a spring, a fade, the slideshow's timer), seconds.
    package static let restLimitSeconds = 30.0

    /// Replays `events` (frames among them are dropped) from `header` under each cadence, drawing on
    /// for `settleSeconds` after the last event and then until every spring, timer and fade has
    /// come to rest (at most `restLimitSeconds` more), and compares the drawn quantities at the
    /// common instants (a run at rest before another reads the same from then on).
    ///
    /// Throws what starting a session throws (a header feel that does not decode).
    package static func run(header: TraceHeader, events: [InputEvent], feelOverride: JSONObject? = nil, replaysPanelEdits: Bool = true,
                           cadences: [Cadence] = Cadence.standard, settleSeconds: Double = 2.5) throws(Session.Failure) -> Report {
        let input = events.filter { if case .frame = $0.kind { false } else { true } }
        let end = (input.last?.time ?? 0) + settleSeconds
        var runs: [[Int: MotionSample]] = []
        for cadence in cadences {
            let session = try Session(header: header, feelOverride: feelOverride, replaysPanelEdits: replaysPanelEdits)
            runs.append(try samples(cadence: cadence, inputTimes: input.map(\.time), end: end,
                                    feed: { (i: Int) throws(Session.Failure) in try session.handle(input[i]) },
                                    frame: { (time: Double) throws(Session.Failure) in
                                        try session.handle(InputEvent(time: time, kind: .frame))
                                        _ = session.takeRequests()
                                    }, sample: { session.viewer.motionSample },
                                    isActive: { !session.viewer.isAtRest || session.viewer.isSlideshowRunning }))
        }
        return compare(padded(runs), cadences: cadences, instantCount: instantCount(runs))
    }

    /// The check over any input that drives a `Viewer` at its own instants, trace or not: `start`
    /// makes the viewer as it stood before the first input, `apply` hands it one input (which
    /// must act at its own `time`, as input events and recognizer output do), and frames are
    /// `.frame` events. The property test replays its sequences this way, recognizer output
    /// among them (a gesture event carries its instant, so it replays at any cadence as a trace's
    /// events do).
    package static func run<Input>(input: [Input], time: (Input) -> Double, start: () -> Viewer,
                                  apply: (inout Viewer, Input) -> Void,
                                  cadences: [Cadence] = Cadence.standard, settleSeconds: Double = 2.5,
                                  restLimit: Double = restLimitSeconds) -> Report {
        let end = (input.last.map(time) ?? 0) + settleSeconds
        var runs: [[Int: MotionSample]] = []
        for cadence in cadences {
            var viewer = start()
            runs.append(samples(cadence: cadence, inputTimes: input.map(time), end: end,
                                feed: { (i: Int) in apply(&viewer, input[i]) },
                                frame: { (t: Double) in
                                    viewer.handle(InputEvent(time: t, kind: .frame))
                                    _ = viewer.takeNotes()
                                    _ = viewer.takeRequests()
                                }, sample: { viewer.motionSample },
                                isActive: { !viewer.isAtRest || viewer.isSlideshowRunning }, restLimit: restLimit))
        }
        return compare(padded(runs), cadences: cadences, instantCount: instantCount(runs))
    }

    /// The common instants the runs reach together: up to the last any of them drew.
    static func instantCount(_ runs: [[Int: MotionSample]]) -> Int {
        (runs.compactMap { $0.keys.max() }.max() ?? -1) + 1
    }

    /// Each run read at every common instant up to the last any run drew: a run that came to rest
    /// sooner reads from then on as it did when it stopped drawing.
    static func padded(_ runs: [[Int: MotionSample]]) -> [[Int: MotionSample]] {
        let count = instantCount(runs)
        return runs.map { run in
            var out = run, last: MotionSample?
            for i in 0..<count {
                if let s = run[i] { last = s } else if let last { out[i] = last }
            }
            return out
        }
    }

    /// One cadence's samples at the common instants: the inputs (`inputTimes`, rising) fed at
    /// their times, each before the frame at or after it, frames drawn up to `end` and on while
    /// `isActive` (at most `restLimitSeconds` more), `sample` read at the common instants.
    static func samples<E: Error>(cadence: Cadence, inputTimes: [Double], end: Double, feed: (Int) throws(E) -> Void,
                                  frame: (Double) throws(E) -> Void, sample: () -> MotionSample,
                                  isActive: () -> Bool = { false }, restLimit: Double = restLimitSeconds) throws(E) -> [Int: MotionSample] {
        var samples: [Int: MotionSample] = [:]
        var next = 0
        for (time, instant) in frameTimes(cadence: cadence, end: end + restLimit) {
            if time > end, next >= inputTimes.count, !isActive() { break }
            while next < inputTimes.count, inputTimes[next] <= time {
                try feed(next)
                next += 1
            }
            try frame(time)
            if let instant { samples[instant] = sample() }
        }
        return samples
    }

    /// Compares the samples each cadence drew at the common instants (`runs[c][i]`: cadence `c` at
    /// instant `i`, at `i/30` s).
    static func compare(_ runs: [[Int: MotionSample]], cadences: [Cadence], instantCount: Int) -> Report {
        var worst: [DrawnQuantity.Key: Difference] = [:]
        func note(_ d: Difference) {
            let key = DrawnQuantity.Key(kind: d.kind, photo: d.photo)
            if (worst[key]?.size ?? -1) < d.size { worst[key] = d }
        }
        for instant in 0..<instantCount {
            let time = Double(instant) * commonStep
            let samples = runs.map { $0[instant] }
            let perRun = samples.map { sample in
                var byKey: [DrawnQuantity.Key: DrawnQuantity] = [:]
                for q in sample?.quantities ?? [] { byKey[q.key] = q }
                return byKey
            }
            var keys = Set<DrawnQuantity.Key>()
            for r in perRun { keys.formUnion(r.keys) }
            for key in keys {
                let present = perRun.indices.filter { perRun[$0][key] != nil }
                if present.count < perRun.count {
                    guard let photo = key.photo, key.kind == .center else { continue }
                    // Drawn under some cadences only: how far it was from leaving unseen.
                    var far = 0.0, who = present.first ?? 0
                    for i in present {
                        guard let p = samples[i]?.quads[photo] else { continue }
                        let d = p.alpha <= 0.002 ? 0 : min(p.cellDistance, p.depth)
                        if d > far { far = d; who = i }
                    }
                    let absent = perRun.indices.first { perRun[$0][key] == nil } ?? 0
                    note(Difference(kind: .center, photo: photo, size: far, time: time, isPresence: true,
                                    low: cadences[absent].name, high: cadences[who].name))
                    continue
                }
                let values = present.map { perRun[$0][key]!.value }
                guard let width = values.first?.count, values.allSatisfy({ $0.count == width }) else { continue }
                var spread = 0.0, low = 0, high = 0
                for i in values.indices {
                    for j in values.indices where j > i {
                        let d = key.kind == .rotation && width == 1 ? abs(wrapAngle(values[i][0] - values[j][0]))
                            : DrawnQuantity.distance(values[i], values[j])
                        if d > spread { spread = d; low = i; high = j }
                    }
                }
                note(Difference(kind: key.kind, photo: key.photo, size: spread, time: time, isPresence: false,
                                low: cadences[present[low]].name, high: cadences[present[high]].name))
            }
        }
        let differences = worst.values.sorted {
            let a = $0.size / bound($0.kind), b = $1.size / bound($1.kind)
            return a != b ? a > b : ($0.kind.rawValue, $0.photo ?? -1) < ($1.kind.rawValue, $1.photo ?? -1)
        }
        return Report(cadences: cadences, instants: instantCount, differences: differences)
    }

    /// The frame times of `cadence` up to `end`, each with the index of the common instant it is
    /// (nil for the cadence's own frames between them). A cadence frame within a microsecond of a
    /// common instant is that instant.
    static func frameTimes(cadence: Cadence, end: Double) -> [(Double, Int?)] {
        var out: [(Double, Int?)] = []
        let step = 1 / cadence.framesPerSecond
        var k = 1, instant = 1
        while true {
            let own = Double(k) * step
            let common = Double(instant) * commonStep
            let t = min(own, common)
            if t > end { break }
            if abs(own - common) < 1e-6 {
                out.append((common, instant)); k += 1; instant += 1
            } else if own < common {
                out.append((own, nil)); k += 1
            } else {
                out.append((common, instant)); instant += 1
            }
        }
        return out
    }
}

private func figure(_ v: Double) -> String {
    guard v.isFinite else { return "\(v)" }
    let r = (v * 1000).rounded() / 1000
    return r == 0 ? "0" : "\(r)"
}
