import CSDL2
import Foundation
import Geometry
import Testing
@testable import PhotoFiles
@testable import Plotting
import LabUI
import Viewing
import Diagnostics

/// A state-log line as `run --states` writes it.
func stateLine(frame: Int, t: Double, phase: String, image: (x: Double, y: Double, w: Double, rotation: Double)?,
               backdrop: Double, gesture: String = "none") -> String {
    let imageText = image.map { #"{"x":\#($0.x),"y":\#($0.y),"w":\#($0.w),"h":\#($0.w * 2 / 3),"rotation":\#($0.rotation)}"# } ?? "null"
    return #"{"frame":\#(frame),"t":\#(t),"phase":"\#(phase)","photo":\#(image == nil ? "null" : "0"),"image":\#(imageText),"backdrop":\#(backdrop),"progress":\#(backdrop),"scroll":0,"gesture":"\#(gesture)"}"#
}

/// An opening on a critically damped spring of `response` seconds, then a pan at `panSpeed` pt/s and a
/// release, then a close.
func syntheticLog(response: Double, panSpeed: Double = 200) -> String {
    var lines: [String] = []
    for i in 0...150 {
        let t = Double(i) / 60
        let w = 2 * Double.pi / response
        // Critically damped step response: 1 − e^{−ωt}(1 + ωt)
        let p = t < 0.1 ? 0 : 1 - exp(-w * (t - 0.1)) * (1 + w * (t - 0.1))
        if t < 0.1 {
            lines.append(stateLine(frame: i, t: t, phase: "grid", image: nil, backdrop: 0))
        } else if t < 1.5 {
            lines.append(stateLine(frame: i, t: t, phase: p > 0.999 ? "presented" : "opening",
                                   image: (100 + 540 * p, 100 + 300 * p, 150 + 750 * p, 0), backdrop: p))
        } else if t < 2 {
            let d = (t - 1.5) * panSpeed
            lines.append(stateLine(frame: i, t: t, phase: "interacting", image: (640, 400 + d, 900 - d, 0.1 * d / 100),
                                   backdrop: 1 - d / 150, gesture: "pan"))
        } else {
            lines.append(stateLine(frame: i, t: t, phase: "closing", image: (640, 500 - (t - 2) * 400, 800, 0), backdrop: 0.3))
        }
    }
    return lines.joined(separator: "\n") + "\n"
}

/// The message of the bad-input error `body` throws, or nil when it succeeds or fails otherwise.
func failure<T>(_ body: () throws(CommandLineError) -> T) -> String? {
    do {
        _ = try body()
        return nil
    } catch {
        return error.exitStatus == 2 ? error.message : "exit \(error.exitStatus): \(error.message)"
    }
}

@Suite("Plots of state logs: expected size, curves drawn in each log's colour, marks found")
struct PlotRendererTests {
    /// Pixels of exactly `color` inside `rect` of an ARGB8888 surface.
    func count(_ color: (r: UInt8, g: UInt8, b: UInt8), in rect: Rect, of surface: UnsafeMutablePointer<SDL_Surface>) -> Int {
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let stride = Int(surface.pointee.pitch) / 4
        let want = 0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        var n = 0
        for y in Int(rect.minY)...Int(rect.maxY) {
            for x in Int(rect.minX)...Int(rect.maxX) where pixels[y * stride + x] == want { n += 1 }
        }
        return n
    }

    @Test("two logs: the image has the requested size and each panel shows both logs' curves")
    func curvesDrawn() throws {
        let a = try PlotLog.parse(syntheticLog(response: 0.45), name: "a", file: "a")
        let b = try PlotLog.parse(syntheticLog(response: 0.25, panSpeed: 320), name: "b", file: "b")
        let surface = try PlotRenderer.render([a, b], width: 1000, height: 800)
        defer { SDL_FreeSurface(surface) }
        #expect(surface.pointee.w == 1000 && surface.pointee.h == 800)
        let layout = PlotRenderer.layout(width: 1000, height: 800)
        for (i, panel) in layout.panels.enumerated() {
            for log in 0..<2 {
                let n = count(PlotRenderer.color(ofLog: log), in: panel, of: surface)
                // Each log's curve differs from the other's (so is not drawn over) for at least 0.5 s of the
                // 2.5 s axis, the opening or the pan: a fifth of the width, drawn two pixels thick.
                #expect(Double(n) > panel.width / 5, "panel \(PlotRenderer.panels[i].title), log \(log): \(n) pixels")
            }
        }
    }

    @Test("a blank plot (no samples with a photo) has no curve pixels in the photo panels")
    func blankFails() throws {
        let grid = try PlotLog.parse((0..<30).map { stateLine(frame: $0, t: Double($0) / 60, phase: "grid", image: nil, backdrop: 0) }
            .joined(separator: "\n"), name: "g", file: "g")
        let surface = try PlotRenderer.render([grid], width: 600, height: 500)
        defer { SDL_FreeSurface(surface) }
        let layout = PlotRenderer.layout(width: 600, height: 500)
        #expect(count(PlotRenderer.color(ofLog: 0), in: layout.panels[0], of: surface) == 0)
        #expect(count(PlotRenderer.color(ofLog: 0), in: layout.panels[4], of: surface) > 0)   // backdrop 0 is still a value
    }

    @Test("the written PNG reads back at the requested size")
    func savesPNG() throws {
        let dir = try temporaryFolder("plot")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let log = try PlotLog.parse(syntheticLog(response: 0.45), name: "a", file: "a")
        try PlotRenderer.save([log], to: dir + "/p.png", width: 640, height: 480)
        let image = try #require(IMG_Load(dir + "/p.png"))
        defer { SDL_FreeSurface(image) }
        #expect(image.pointee.w == 640 && image.pointee.h == 480)
    }

    @Test("releases and interruptions come from the state: gesture → none, a flight turned")
    func marks() throws {
        let log = try PlotLog.parse(syntheticLog(response: 0.45), name: "a", file: "a")
        #expect(log.marks.map(\.kind) == [.release])
        #expect(abs(log.marks[0].time - 2) < 1.0 / 60)
        let turned = [stateLine(frame: 0, t: 0, phase: "opening", image: (1, 1, 10, 0), backdrop: 0.2),
                      stateLine(frame: 1, t: 0.1, phase: "closing", image: (1, 1, 10, 0), backdrop: 0.2)].joined(separator: "\n")
        #expect(try PlotLog.parse(turned, name: "t", file: "t").marks == [CurveMark(kind: .interruption, time: 0.1)])
    }

    @Test("scale is the width over the width when first presented")
    func scale() throws {
        let log = try PlotLog.parse(syntheticLog(response: 0.45), name: "a", file: "a")
        // The first presented frame: the first i with p = 1 − e^{−ω(t−0.1)}(1 + ω(t−0.1)) > 0.999.
        let w = 2 * Double.pi / 0.45
        func progress(_ t: Double) -> Double { 1 - exp(-w * (t - 0.1)) * (1 + w * (t - 0.1)) }
        let times = (0...150).map { Double($0) / 60 }
        let first = try #require(times.first { $0 >= 0.1 && progress($0) > 0.999 })
        let p = progress(first)
        let presentedWidth = 150 + 750 * p
        // At t = 1.75 s the pan has moved d = 0.25 · 200 = 50 pt and the width is 900 − 50.
        let pan = try #require(log.samples.first { abs($0.time - 1.75) < 1e-9 })
        #expect(abs(pan.scale! - 850 / presentedWidth) < 1e-12)
        #expect(log.samples.first { $0.time == first }?.scale == 1)
    }

    @Test("logs plotted together share each photo's reference width, so equal sizes read as equal scales")
    func sharedScale() throws {
        // A: presented at width 900. B: interrupted before presenting, widest 600.
        let a = try PlotLog.parse([stateLine(frame: 0, t: 0, phase: "opening", image: (1, 1, 450, 0), backdrop: 0.5),
                                   stateLine(frame: 1, t: 0.1, phase: "presented", image: (1, 1, 900, 0), backdrop: 1)]
            .joined(separator: "\n"), name: "a", file: "a")
        let b = try PlotLog.parse([stateLine(frame: 0, t: 0, phase: "opening", image: (1, 1, 600, 0), backdrop: 0.5),
                                   stateLine(frame: 1, t: 0.1, phase: "closing", image: (1, 1, 300, 0), backdrop: 0.2)]
            .joined(separator: "\n"), name: "b", file: "b")
        let alone: [Double?] = [1, 0.5]
        #expect(b.samples.map(\.scale) == alone)                    // alone: against its widest, 600
        let shared = PlotLog.sharingScale([a, b])
        let presented: [Double?] = [0.5, 1]
        #expect(shared[0].samples.map(\.scale) == presented)        // 450/900, 900/900
        let expected: [Double?] = [600.0 / 900, 300.0 / 900]
        #expect(shared[1].samples.map(\.scale) == expected)
    }

    struct BadLine: Sendable, CustomTestStringConvertible {
        var line: String
        var message: String
        var testDescription: String { message }
    }

    @Test("a bad line is bad input naming file:line and field", arguments: [
        BadLine(line: #"{"t":"x","phase":"grid","photo":null,"image":null,"backdrop":0,"gesture":"none"}"#,
                message: "log.jsonl:2: t: expected a number, found a string"),
        BadLine(line: #"{"t":1,"phase":"flying","photo":null,"image":null,"backdrop":0,"gesture":"none"}"#,
                message: "log.jsonl:2: phase: unknown phase \"flying\" (grid, opening, presented, interacting, closing, paging, zoomed)"),
        BadLine(line: #"{"t":1,"phase":"opening","photo":0,"image":{"x":1,"y":2,"w":3,"h":4},"backdrop":0,"gesture":"none"}"#,
                message: "log.jsonl:2: image.rotation: missing"),
        BadLine(line: #"{"t":1,"phase":"grid","photo":null,"image":null,"gesture":"none"}"#,
                message: "log.jsonl:2: backdrop: missing"),
        BadLine(line: #"{"t":-1,"phase":"grid","photo":null,"image":null,"backdrop":0,"gesture":"none"}"#,
                message: "log.jsonl:2: t: -1 is earlier than the previous frame's 0"),
        BadLine(line: #"{"t":1,"phase":"grid","photo":null,"image":null,"backdrop":0,"gesture":"wave"}"#,
                message: "log.jsonl:2: gesture: unknown gesture \"wave\" (none, tap, pan, pinch, rotate, pinch+rotate, page, scroll)"),
        BadLine(line: #"{"t":1,"phase":"grid" "photo":null}"#,
                message: "log.jsonl:2: column 23: expected ',' or '}', found '\"'"),
    ])
    func badLine(_ c: BadLine) {
        let text = stateLine(frame: 0, t: 0, phase: "grid", image: nil, backdrop: 0) + "\n" + c.line + "\n"
        #expect(failure { () throws(CommandLineError) in try PlotLog.parse(text, name: "log", file: "log.jsonl") } == c.message)
    }

    @Test("a last line cut off mid-way is left out with a warning; an empty log is an error")
    func truncated() throws {
        var warnings: [String] = []
        let text = syntheticLog(response: 0.45) + #"{"frame":151,"t":2.5,"pha"#
        let log = try PlotLog.parse(text, name: "a", file: "a.jsonl") { warnings.append($0) }
        #expect(log.samples.count == 151)
        #expect(warnings == ["a.jsonl:152: cut off mid-line; plotting up to line 151"])
        #expect(failure { () throws(CommandLineError) in try PlotLog.parse("\n", name: "e", file: "e.jsonl") } == "e.jsonl: no frames (an empty state log)")
    }

    @Test("ticks are 1, 2 or 5 × 10ⁿ and labels carry the step's decimals")
    func ticks() {
        #expect(PlotRenderer.ticks(0...3, count: 8).values == [0, 0.5, 1, 1.5, 2, 2.5, 3])
        #expect(PlotRenderer.ticks(93...647, count: 4).values == [200, 400, 600])
        #expect(PlotRenderer.tickLabel(0.15, step: 0.05) == "0.15")
        #expect(PlotRenderer.tickLabel(400, step: 200) == "400")
    }
}
