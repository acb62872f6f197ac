import FeelModel
import Foundation
import Motion
import Testing

/// The CSS and web exports run in a real browser (Debian's headless Chromium): each spring's
/// `linear()` easing moves an element by 1000 px, as the CSS custom properties and the Web
/// Animations timing are meant to be used, and the element's computed transform at sampled
/// instants (the animation paused, its `currentTime` set) is PhotoZoom's spring within 0.5 % of
/// the travel, overshoot included.
@Suite("CSS and web exports in headless Chromium: the element's transform follows PhotoZoom's spring within 0.5 % of the travel")
struct BrowserParityTests {
    static let chromium = URL(fileURLWithPath: "/usr/bin/chromium")
    static let travel = 1000.0
    static let bound = 0.005

    /// A page that animates one element per spring from the CSS export (its custom properties in
    /// the `animation` shorthand) and one per spring from the web export (`element.animate` with its
    /// `timing`), samples each at `samples + 1` instants from 0 to its duration, and writes
    /// "css|web NAME milliseconds px" lines into `<pre id="out">`.
    static func page(css: String, web: String, samples: Int) -> String {
        let names = css.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "--pz-"), let end = line.range(of: "-duration:") else { return nil }
            return String(line[start.upperBound..<end.lowerBound])
        }
        let rules = names.map { "#css-\($0) { animation: pz-travel var(--pz-\($0)-duration) var(--pz-\($0)-easing) both paused; }" }
        let divs = names.map { "<div id=\"css-\($0)\"></div>" }
        return """
            <!doctype html><html><head><meta charset="utf-8"><style>
            \(css)
            @keyframes pz-travel { from { transform: translateX(0px); } to { transform: translateX(\(Int(travel))px); } }
            \(rules.joined(separator: "\n"))
            </style></head><body>
            \(divs.joined(separator: "\n"))
            <pre id="out"></pre>
            <script type="module">
            \(web)
            const lines = [];
            const x = el => new DOMMatrixReadOnly(getComputedStyle(el).transform).m41;
            for (const el of document.querySelectorAll('div[id^="css-"]')) {
              const animation = el.getAnimations()[0];
              const duration = animation.effect.getComputedTiming().duration;
              for (let i = 0; i <= \(samples); i++) {
                const t = duration * i / \(samples);
                animation.currentTime = t;
                lines.push(`css ${el.id.slice(4)} ${t} ${x(el)}`);
              }
            }
            for (const [name, spring] of Object.entries(PhotoZoomFeel)) {
              if (!spring.timing) continue;
              const el = document.createElement('div');
              document.body.appendChild(el);
              const animation = el.animate([{ transform: 'translateX(0px)' }, { transform: 'translateX(\(Int(travel))px)' }],
                                           { ...spring.timing, fill: 'both' });
              animation.pause();
              for (let i = 0; i <= \(samples); i++) {
                const t = spring.timing.duration * i / \(samples);
                animation.currentTime = t;
                lines.push(`web ${name} ${t} ${x(el)}`);
              }
            }
            document.getElementById('out').textContent = lines.join('\\n');
            </script></body></html>
            """
    }

    /// One sampled instant: which export, the spring's key, milliseconds, progress (px / travel).
    struct Sample { var source: String; var key: String; var milliseconds: Double; var progress: Double }

    /// Runs `html` in headless Chromium and reads back the samples.
    static func sample(_ html: String, in dir: URL) async throws -> [Sample] {
        let file = dir.appendingPathComponent("parity.html")
        try html.write(to: file, atomically: true, encoding: .utf8)
        let r = try await PhotoZoomProcess.runProgram(chromium, ["--headless", "--no-sandbox", "--disable-gpu",
                                                                  "--user-data-dir=" + dir.appendingPathComponent("profile").path,
                                                                  "--dump-dom", file.absoluteString], timeout: 120)
        try #require(r.status == 0, "chromium: \(r.stderr.suffix(600))")
        guard let start = r.stdout.range(of: "<pre id=\"out\">"), let end = r.stdout.range(of: "</pre>", range: start.upperBound..<r.stdout.endIndex) else {
            Issue.record("no samples in the page: \(r.stdout.prefix(400))"); return []
        }
        return r.stdout[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let w = line.split(separator: " ")
            guard w.count == 4, let t = Double(w[2]), let px = Double(w[3]) else { return nil }
            return Sample(source: String(w[0]), key: w[0] == "css" ? camel(w[1]) : String(w[1]), milliseconds: t, progress: px / travel)
        }
    }

    /// A CSS name as the feel file's key: open-spring → openSpring.
    static func camel(_ kebab: Substring) -> String {
        var key = "", upper = false
        for c in kebab { if c == "-" { upper = true } else { key += upper ? c.uppercased() : String(c); upper = false } }
        return key
    }

    /// The worst |browser − PhotoZoom| per source, and the highest progress each source reached per key.
    static func compare(_ samples: [Sample], feel: Feel) -> (worst: [String: Double], peaks: [String: Double]) {
        var worst: [String: Double] = [:], peaks: [String: Double] = [:]
        let springs = Dictionary(uniqueKeysWithValues: FeelExport.allSpringRoles.map { ($0.key, feel[keyPath: $0.path]) })
        for s in samples {
            guard let spring = springs[s.key] else { Issue.record("\(s.source): no spring \(s.key)"); continue }
            let error = abs(s.progress - spring.value(at: s.milliseconds / 1000, from: 0, to: 1))
            worst[s.source] = max(worst[s.source] ?? 0, error)
            peaks[s.source + " " + s.key] = max(peaks[s.source + " " + s.key] ?? 0, s.progress)
        }
        return (worst, peaks)
    }

    @Test("every spring of the default, ios and soft feels, played by Chromium from the CSS and the web export", arguments: ["default", "ios", "soft"])
    func chromiumPlaysTheSprings(preset: String) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.chromium.path), "Chromium is missing: scripts/ensure-deps installs it")
        let feel = try #require(Feel.preset(named: preset))
        let css = try await PhotoZoomProcess.run(["feel", "--export", "css", "--feel", preset])
        let web = try await PhotoZoomProcess.run(["feel", "--export", "web", "--feel", preset])
        try #require(css.status == 0 && web.status == 0)
        let dir = try PhotoZoomProcess.freshFolder("browser-parity")
        defer { try? FileManager.default.removeItem(at: dir) }
        let samples = try await Self.sample(Self.page(css: css.stdout, web: web.stdout, samples: 240), in: dir)
        let springs = FeelExport(feel: feel, name: preset).springs
        #expect(samples.count == 2 * springs.count * 241, "\(samples.count) samples")
        let (worst, peaks) = Self.compare(samples, feel: feel)
        for source in ["css", "web"] {
            #expect((worst[source] ?? .infinity) <= Self.bound, "\(preset) \(source): \(worst[source] ?? .nan) of the travel off")
        }
        // Overshoot is not clipped: the element goes past the target as far as the spring does.
        for s in springs where s.overshootPercent > 0.5 {
            for source in ["css", "web"] {
                let peak = peaks[source + " " + s.role.key] ?? 0
                #expect(peak >= 1 + s.overshootPercent / 100 - Self.bound, "\(preset) \(source) \(s.role.key): peak \(peak)")
            }
        }
    }

    @Test("Chromium's samples catch a planted fault: the overshoot clipped at 1 and the easing's duration cut to the response")
    func chromiumCatchesPlantedFaults() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.chromium.path), "Chromium is missing: scripts/ensure-deps installs it")
        let feel = try #require(Feel.preset(named: "ios"))
        let css = try await PhotoZoomProcess.run(["feel", "--export", "css", "--feel", "ios"])
        try #require(css.status == 0)
        // Clipped: every stop's progress above 1 written as 1; the durations: the response, not the time to rest.
        var faulty = css.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.contains("-easing: linear(") else { return String(line) }
            return line.split(separator: ",", omittingEmptySubsequences: false).map { part -> String in
                var w = part.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                if let i = w.firstIndex(where: { Double($0) != nil }), Double(w[i])! > 1 { w[i] = "1" }
                return w.joined(separator: " ")
            }.joined(separator: ",")
        }.joined(separator: "\n")
        #expect(faulty != css.stdout)
        let dir = try PhotoZoomProcess.freshFolder("browser-parity-planted")
        defer { try? FileManager.default.removeItem(at: dir) }
        var (worst, _) = Self.compare(try await Self.sample(Self.page(css: faulty, web: "const PhotoZoomFeel = {};", samples: 120), in: dir), feel: feel)
        #expect((worst["css"] ?? 0) > Self.bound, "clipped: \(worst["css"] ?? .nan)")
        let springs = Dictionary(uniqueKeysWithValues: FeelExport.allSpringRoles.map { ($0.key, feel[keyPath: $0.path]) })
        faulty = css.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let start = line.range(of: "--pz-"), let end = line.range(of: "-duration: "),
                  let spring = springs[Self.camel(line[start.upperBound..<end.lowerBound])] else { return String(line) }
            return line[..<end.upperBound] + "\(spring.responseSeconds * 1000)ms;"
        }.joined(separator: "\n")
        #expect(faulty != css.stdout)
        (worst, _) = Self.compare(try await Self.sample(Self.page(css: faulty, web: "const PhotoZoomFeel = {};", samples: 120), in: dir), feel: feel)
        #expect((worst["css"] ?? 0) > Self.bound, "cut short: \(worst["css"] ?? .nan)")
    }
}
