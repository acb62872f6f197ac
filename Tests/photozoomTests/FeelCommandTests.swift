import Foundation
import Testing

@Suite("photozoom feel and run --feel: print, check, and refuse bad feel files with exit status 2")
struct FeelCommandTests {
    @Test("--defaults prints a feel file that --check accepts as the defaults")
    func defaults() async throws {
        let r = try await PhotoZoomProcess.run(["feel", "--defaults"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("{\n  \"openSpring\": {\"responseSeconds\": 0.45, \"dampingRatio\": 0.85},\n"))
        let dir = try PhotoZoomProcess.freshFolder("feel-defaults")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("feel.json")
        try r.stdout.write(to: file, atomically: true, encoding: .utf8)
        let check = try await PhotoZoomProcess.run(["feel", "--check", file.path])
        #expect(check.status == 0)
        #expect(check.stdout == "\(file.path): ok, the defaults\n")
    }

    @Test("--list sets every preset's name apart from its summary by at least two spaces, the summaries in one column")
    func list() async throws {
        let r = try await PhotoZoomProcess.run(["feel", "--list"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.contains { $0.hasPrefix("photoswipe  PhotoSwipe") }, "\(r.stdout)")
        // Every summary starts in the same column: the longest name and two spaces.
        let columns = Set(lines.map { line in line.distance(from: line.startIndex, to: line.firstIndex(of: " ")!) + (line.drop { $0 != " " }.prefix { $0 == " " }.count) })
        #expect(columns == ["photoswipe".count + 2], "\(r.stdout)")
    }

    @Test("--preset prints a preset; --check lists what it changes")
    func preset() async throws {
        let r = try await PhotoZoomProcess.run(["feel", "--preset", "snappy"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("\"openSpring\": {\"responseSeconds\": 0.28, \"dampingRatio\": 0.9}"))
        let dir = try PhotoZoomProcess.freshFolder("feel-preset")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("snappy.json")
        try r.stdout.write(to: file, atomically: true, encoding: .utf8)
        let check = try await PhotoZoomProcess.run(["feel", "--check", file.path])
        #expect(check.status == 0)
        #expect(check.stdout.contains("openSpring.responseSeconds 0.28 s"))
    }

    @Test("--export prints each platform's code for a preset or a file; a bad format or a stray --feel exits 2")
    func export() async throws {
        for format in ["swiftui", "uikit", "compose", "android", "css", "web"] {
            let r = try await PhotoZoomProcess.run(["feel", "--export", format, "--feel", "snappy"])
            #expect(r.status == 0, "\(format): \(r.stderr)")
            #expect(r.stdout.contains("PhotoZoom feel \"snappy\""), "\(format)")
            // snappy's open spring: 0.28 s, ζ 0.9; k = 4π²/0.28² = 503.55, c = 4π·0.9/0.28 = 40.39.
            #expect(r.stdout.contains("response 0.28 s, ζ 0.9 → stiffness 503.55, damping 40.39 at mass 1"), "\(format)")
        }
        let dir = try PhotoZoomProcess.freshFolder("feel-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("mine.json")
        try "{\"closeSpring\": {\"responseSeconds\": 0.5, \"dampingRatio\": 0.5}}\n".write(to: file, atomically: true, encoding: .utf8)
        let mine = try await PhotoZoomProcess.run(["feel", "--export", "uikit", "--feel", file.path])
        #expect(mine.status == 0)
        // k = 4π²/0.25 = 157.91, c = 4π·0.5/0.5 = 12.57.
        #expect(mine.stdout.contains("static func closeSpring(initialVelocity: CGVector = .zero) -> UISpringTimingParameters {\n"
                                     + "        UISpringTimingParameters(mass: 1, stiffness: 157.91, damping: 12.57, initialVelocity: initialVelocity)"))
        let bad = try await PhotoZoomProcess.run(["feel", "--export", "flutter"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("flutter"))
        let stray = try await PhotoZoomProcess.run(["feel", "--defaults", "--feel", "ios"])
        #expect(stray.status == 2)
        #expect(stray.stderr == "photozoom: --feel: only with --export FORMAT\n")
    }

    @Test("an unknown preset is a bad argument naming the presets")
    func unknownPreset() async throws {
        let r = try await PhotoZoomProcess.run(["feel", "--preset", "bouncy"])
        #expect(r.status == 2)
        #expect(r.stderr == "photozoom: --preset: no preset named 'bouncy' (default, ios, material, photoswipe, snappy, soft)\n")
    }

    @Test("a feel file out of range: --check and run --feel exit 2 naming file, line, key and range")
    func badFile() async throws {
        let dir = try PhotoZoomProcess.freshFolder("feel-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("feel.json")
        try "{\n  \"openSpring\": {\"responseSeconds\": 0.45, \"dampingRatio\": 0}\n}\n".write(to: file, atomically: true, encoding: .utf8)
        let expected = "photozoom: \(file.path):2: openSpring.dampingRatio: 0 is out of range (0 < value ≤ 10)\n"
        let check = try await PhotoZoomProcess.run(["feel", "--check", file.path])
        #expect(check.status == 2)
        #expect(check.stderr == expected)
        let run = try await PhotoZoomProcess.run(["run", "--feel", file.path, "--quit-after", "0"])
        #expect(run.status == 2)
        #expect(run.stderr == expected)
    }

    @Test("run --feel with neither a file nor a preset exits 2 saying both")
    func runUnknown() async throws {
        let run = try await PhotoZoomProcess.run(["run", "--feel", "nosuch-\(getpid()).json", "--quit-after", "0"])
        #expect(run.status == 2)
        #expect(run.stderr == "photozoom: nosuch-\(getpid()).json: no such feel file, and not a preset name (default, ios, material, photoswipe, snappy, soft)\n")
    }
}

@Suite("photozoom feel --import: another tool's spring, its true settle time and its label")
struct FeelImportCommandTests {
    @Test("Figma's 80/30/1 shown as 400 ms: the output gives its real 1e-3 settle time and the label's gap")
    func figma() async throws {
        let r = try await PhotoZoomProcess.run(["feel", "--import", "figma", "80", "30", "1", "--label", "400ms"])
        #expect(r.status == 0, "\(r.stderr)")
        // Over-damped: ω₀ = √80, ζ = 30/(2√80); x(t) = −(f·e^{−st} − s·e^{−ft})/(f − s) with
        // s, f = ω₀(ζ ∓ √(ζ² − 1)); the settle is where |x| falls to 1e-3 (bisection on the formula).
        let w0 = 80.0.squareRoot(), z = 30 / (2 * w0), root = (z * z - 1).squareRoot()
        let s = w0 * (z - root), f = w0 * (z + root)
        var lo = 0.0, hi = 60.0
        while hi - lo > 1e-9 {
            let mid = (lo + hi) / 2
            if (f * exp(-s * mid) - s * exp(-f * mid)) / (f - s) > 1e-3 { lo = mid } else { hi = mid }
        }
        let settle = (hi * 1000).rounded() / 1000
        #expect(r.stdout.contains("settles in \(settle) s"), "\(r.stdout)")
        let gap = ((hi - 0.4) * 1000).rounded() / 1000
        #expect(r.stdout.contains("label 400 ms is \(gap) s short of the settle"), "\(r.stdout)")
        #expect(r.stdout.contains("feel file: {\"responseSeconds\": 0.7025, \"dampingRatio\": 1.6771}"), "\(r.stdout)")
    }

    @Test("a negative SwiftUI bounce is read, not taken for an option; bad values exit 2 naming the figure")
    func negativeAndBad() async throws {
        let r = try await PhotoZoomProcess.run(["feel", "--import", "swiftui", "0.5", "-0.25"])
        #expect(r.status == 0, "\(r.stderr)")
        // ζ = 1/(1 − 0.25) = 1.3333.
        #expect(r.stdout.contains("ζ 1.3333 (over-damped, no overshoot)"), "\(r.stdout)")
        let bad = try await PhotoZoomProcess.run(["feel", "--import", "figma", "80", "30", "0"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "photozoom: --import figma: mass must be above 0, got 0\n", "\(bad.stderr)")
        let token = try await PhotoZoomProcess.run(["feel", "--import", "m3", "expressive-spatial-fast"])
        #expect(token.status == 0 && token.stdout.contains("Material 3 Expressive: token expressive-spatial-fast"), "\(token.stdout)")
    }
}
