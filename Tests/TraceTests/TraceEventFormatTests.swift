import Geometry
import Gestures
import TestSupport
import Testing
@testable import Trace
import Viewing
import Drawing
import Events
import JSON

@Suite("Trace lines: every event type round-trips exactly; bad fields are named")
struct TraceEventFormatTests {
    static let events: [InputEvent] = [
        .frame(0.0083),
        .frame(0),
        .pointer(.down, 0.0101, 412.5, 300, button: .left),
        .pointer(.move, 0.0189, 414, 331, button: .left, mods: [.alt]),
        .pointer(.move, 0.02, 1.0 / 3, -0.0, button: nil, mods: [.shift, .ctrl, .alt, .gui]),
        .pointer(.up, 0.12, 420, 390, button: .right, mods: [.ctrl]),
        .pointer(.down, 0.13, Double.leastNonzeroMagnitude, 999_999.875, button: .middle),
        .wheel(0.2, 600, 400, dx: 0.1, dy: -1.5, mods: [.ctrl, .shift]),
        .key(.down, 0.3, "escape"),
        .key(.up, 0.31, "left alt", mods: [.alt]),
        .key(.down, 0.32, "\"quoted\\key\""),
        .touch(.down, 0.4, id: 3, 500, 410),
        .touch(.move, 0.41, id: -7, 500.25, 410.125),
        .touch(.up, 0.42, id: 1 << 52, 0, 0),
        .touch(.cancel, 0.43, id: 0, 1, 2),
        .resize(0.5, 1024, 768),
        .resize(0.51, 0.5, 1e-3),
        InputEvent(time: 0.6, kind: .feel(layer: feelLayer(#"{"openSpring":{"responseSeconds":0.5},"dragRadiusPoints":120}"#))),
        InputEvent(time: 0.6, kind: .feel(layer: feelLayer("{}"))),
        InputEvent(time: 0.7, kind: .photoSize(index: 3, size: Size(600, 400))),
        InputEvent(time: 0.71, kind: .photoSize(index: 0, size: .zero)),
        InputEvent(time: 0.8, kind: .effect(.feelSaved(path: "/home/u/feel \"2\".json", message: "saved feel.json (3 of 41 differ)"))),
        InputEvent(time: 0.81, kind: .effect(.feelSaveFailed(message: "feel.json: cannot save the feel file: No space left on device"))),
        InputEvent(time: 0.82, kind: .effect(.feelReloaded(name: "feel.json", layer: feelLayer(#"{"dragRadiusPoints":120}"#), fixed: ["reducedMotion"]))),
        InputEvent(time: 0.83, kind: .effect(.feelReloaded(name: "f", layer: feelLayer("{}"), fixed: []))),
        InputEvent(time: 0.84, kind: .effect(.feelReloadFailed(message: "feel.json:2: dragRadiusPoints: 0 is out of range"))),
        InputEvent(time: 3.217, kind: .effect(.again(from: 1.5))),
        InputEvent(time: 3.217, kind: .effect(.again(from: 0.1 + 0.2))),
        InputEvent(time: 3.5, kind: .effect(.photoTrashed(photo: 4, message: "moved kite \"1\".jpg to the trash (Ctrl+Z puts it back)"))),
        InputEvent(time: 3.6, kind: .effect(.photoFile(message: "put kite.jpg back", isError: false))),
        InputEvent(time: 3.62, kind: .effect(.photoRestored(photo: 0, message: "put kite.jpg back"))),
        InputEvent(time: 3.65, kind: .effect(.dropped(open: 2, message: "opened holiday (12 photos)"))),
        InputEvent(time: 3.66, kind: .effect(.dropped(open: nil, message: "opened 2 photos (2 photos)"))),
        InputEvent(time: 3.67, kind: .effect(.photoTurned(photo: 3, quarterTurns: 1, message: "turned kite.jpg 90° clockwise", asksToWrite: false))),
        InputEvent(time: 3.68, kind: .effect(.photoTurned(photo: 0, quarterTurns: -1, message: "turned a.png for this session", asksToWrite: true))),
        InputEvent(time: 3.7, kind: .effect(.photoFile(message: "cannot move kite.jpg to the trash: Permission denied; the photo stays", isError: true))),
        // Ctrl+O's folders, one named by bytes that are not UTF-8 (`caf\xE9`).
        InputEvent(time: 3.8, kind: .effect(.folderChoices(folder: "/home/me", choices: [
            FolderChoice(kind: .home, path: "/home/me"), FolderChoice(kind: .recent, path: "/mnt/card \"DCIM\""),
            FolderChoice(kind: .parent, path: "/home"), FolderChoice(kind: .subfolder, path: "/home/me/" + PhotoName.spelling([0x63, 0x61, 0x66, 0xE9])),
        ]))),
        InputEvent(time: 3.9, kind: .effect(.folderChoices(folder: "/", choices: []))),
    ]

    @Test("an event written and read back is the same event", arguments: events)
    func roundTrip(event: InputEvent) throws {
        let line = TraceEventFormat.line(event)
        let object = try #require(try JSONReader.parse(line).objectValue, "\(line)")
        #expect(try TraceEventFormat.decode(object) == .event(event), "\(line)")
        #expect(!line.contains("\n"))
    }

    @Test("lines follow the contract's key order")
    func contractText() {
        #expect(TraceEventFormat.line(.frame(0.0083)) == #"{"t":0.0083,"type":"frame"}"#)
        #expect(TraceEventFormat.line(.pointer(.down, 0.0101, 412.5, 300)) ==
            #"{"t":0.0101,"type":"pointer","phase":"down","x":412.5,"y":300,"button":"left","mods":[]}"#)
        #expect(TraceEventFormat.line(.wheel(0.2, 600, 400, dy: -1.5, mods: [.ctrl])) ==
            #"{"t":0.2,"type":"wheel","x":600,"y":400,"dx":0,"dy":-1.5,"mods":["ctrl"]}"#)
        #expect(TraceEventFormat.line(.key(.down, 0.3, "escape")) == #"{"t":0.3,"type":"key","phase":"down","key":"escape","mods":[]}"#)
        #expect(TraceEventFormat.line(.touch(.down, 0.4, id: 3, 500, 410)) == #"{"t":0.4,"type":"touch","phase":"down","id":3,"x":500,"y":410}"#)
        #expect(TraceEventFormat.line(.resize(0.5, 1024, 768)) == #"{"t":0.5,"type":"resize","w":1024,"h":768}"#)
        #expect(TraceEventFormat.line(InputEvent(time: 0.8, kind: .photoSize(index: 3, size: Size(600, 400)))) ==
            #"{"t":0.8,"type":"photo","index":3,"w":600,"h":400}"#)
        #expect(TraceEventFormat.line(InputEvent(time: 0.9, kind: .feel(layer: feelLayer(#"{"dragRadiusPoints":120}"#)))) ==
            #"{"t":0.9,"type":"feel","feel":{"dragRadiusPoints":120}}"#)
    }

    @Test("a feel layer is carried parsed and written back byte for byte, members in the order read", arguments: [
        #"{"t":1.5,"type":"feel","feel":{"dragRadiusPoints":120,"openSpring":{"dampingRatio":0.9,"responseSeconds":0.5}}}"#,
        #"{"t":1.5,"type":"feel","feel":{"openSpring.dampingRatio":0.6,"reducedMotion":true}}"#,
        #"{"t":2,"type":"effect","effect":"feelReloaded","name":"feel.json","feel":{"zoomSpring":{"responseSeconds":0.25},"clickSlopPoints":4},"fixed":["reducedMotion"]}"#,
    ])
    func feelLayerText(line: String) throws {
        let object = try #require(try JSONReader.parse(line).objectValue)
        guard case let .event(event) = try TraceEventFormat.decode(object) else { Issue.record("not an event: \(line)"); return }
        switch event.kind {
        case let .feel(layer), let .effect(.feelReloaded(_, layer, _)):
            // The event holds the line's `feel` object as the JSON reader parsed it, not its text.
            #expect(layer == object["feel"]?.objectValue)
            #expect(layer.members.map(\.key) == object["feel"]?.objectValue?.members.map(\.key))
        default:
            Issue.record("not a feel event: \(line)")
        }
        #expect(TraceEventFormat.line(event) == line)
    }

    @Test("the contract's example lines read, with unknown fields ignored and mods optional")
    func contractExamples() throws {
        let lines = [
            #"{"t":0.0083,"type":"frame","extra":{"deep":[1,2]}}"#,
            #"{"t":0.4000,"type":"touch","phase":"down","id":3,"x":500,"y":410}"#,
            #"{"t":0.3000,"type":"key","phase":"down","key":"escape"}"#,
            #"{"t":0.1,"type":"pointer","phase":"move","x":1,"y":2,"button":null}"#,
        ]
        let expected: [InputEvent] = [.frame(0.0083), .touch(.down, 0.4, id: 3, 500, 410), .key(.down, 0.3, "escape"),
                                      .pointer(.move, 0.1, 1, 2, button: nil)]
        for (line, event) in zip(lines, expected) {
            let object = try #require(try JSONReader.parse(line).objectValue)
            #expect(try TraceEventFormat.decode(object) == .event(event))
        }
    }

    @Test("an unknown type is reported as unknown, not as an error")
    func unknownType() throws {
        let object = try #require(try JSONReader.parse(#"{"t":1,"type":"gyro","x":[]}"#).objectValue)
        #expect(try TraceEventFormat.decode(object) == .unknown(type: "gyro"))
    }

    @Test("a missing or malformed field is named with what was expected", arguments: [
        (#"{"type":"frame"}"#, "t", "expected a number, found nothing (the field is missing)"),
        (#"{"t":"abc","type":"frame"}"#, "t", "expected a number, found the string \"abc\""),
        (#"{"t":-1,"type":"frame"}"#, "t", "expected a time in 0…1000000000 s, found -1"),
        (#"{"t":1}"#, "type", "expected a string, found nothing (the field is missing)"),
        (#"{"t":1,"type":"pointer","phase":"drag","x":1,"y":2}"#, "phase", #"expected one of "down", "move", "up", found the string "drag""#),
        (#"{"t":1,"type":"pointer","phase":"down","x":1,"y":2}"#, "button", #"expected one of "left", "middle", "right", found nothing (the field is missing)"#),
        (#"{"t":1,"type":"pointer","phase":"down","x":true,"y":2,"button":"left"}"#, "x", "expected a number, found true"),
        (#"{"t":1,"type":"pointer","phase":"up","x":1,"y":2,"button":"left","mods":["meta"]}"#, "mods[0]", #"expected one of "shift", "ctrl", "alt", "gui", found the string "meta""#),
        (#"{"t":1,"type":"touch","phase":"down","id":1.5,"x":1,"y":2}"#, "id", "expected a whole number in -9007199254740992…9007199254740992, found 1.5"),
        (#"{"t":1,"type":"key","phase":"move","key":"a"}"#, "phase", #"expected one of "down", "up", found the string "move""#),
        (#"{"t":1,"type":"resize","w":0,"h":5}"#, "w", "expected a number in 0 (excluded)…100000, found 0"),
        (#"{"t":1,"type":"feel","feel":[1]}"#, "feel", "expected an object, found an array"),
        (#"{"t":1,"type":"photo","index":-1,"w":5,"h":5}"#, "index", "expected a whole number in 0…2147483647, found -1"),
        (#"{"t":1,"type":"effect","effect":"feelLost"}"#, "effect", #"expected one of "feelSaved", "feelSaveFailed", "feelReloaded", "feelReloadFailed", "again", "photoFile", "photoTrashed", "dropped", "photoRestored", "photoTurned", "folderChoices", found the string "feelLost""#),
        (#"{"t":1,"type":"effect","effect":"folderChoices","folder":"/","choices":[{"kind":"desk","path":"/d"}]}"#, "choices[0].kind", #"expected one of "home", "pictures", "recent", "parent", "subfolder", found the string "desk""#),
        (#"{"t":1,"type":"effect","effect":"folderChoices","folder":"/","choices":[3]}"#, "choices[0]", #"expected an object {"kind":…,"path":…}, found the number 3"#),
        (#"{"t":1,"type":"effect","effect":"photoFile","message":"put kite.jpg back","error":"no"}"#, "error", #"expected true or false, found the string "no""#),
        (#"{"t":1,"type":"effect","effect":"photoTrashed","photo":1.5,"message":"moved"}"#, "photo", "expected a whole number in 0…2147483647, found 1.5"),
        (#"{"t":1,"type":"effect","effect":"feelSaved","message":"saved"}"#, "path", "expected a string, found nothing (the field is missing)"),
        (#"{"t":1,"type":"effect","effect":"feelReloaded","name":"f","feel":{},"fixed":"all"}"#, "fixed", #"expected an array of parameter keys, found the string "all""#),
        (#"{"t":1,"type":"effect","effect":"feelReloaded","name":"f","feel":{},"fixed":[3]}"#, "fixed[0]", "expected a parameter key, found the number 3"),
        (#"{"t":1,"type":"effect","effect":"again"}"#, "from", "expected a number, found nothing (the field is missing)"),
        (#"{"t":1,"type":"effect","effect":"again","from":-0.5}"#, "from", "expected a number in 0…1000000000, found -0.5"),
    ] as [(String, String, String)])
    func fieldErrors(line: String, field: String, message: String) throws {
        let object = try #require(try JSONReader.parse(line).objectValue)
        do {
            _ = try TraceEventFormat.decode(object)
            Issue.record("\(line) decoded")
        } catch {
            #expect(error.field == field)
            #expect(error.message == message)
        }
    }

    @Test("the header round-trips: window, scale, photos with awkward names, a partial feel")
    func headerRoundTrip() throws {
        let feel = try #require(try JSONReader.parse(#"{"dragRadiusPoints":120}"#).objectValue)
        let header = TraceHeader(windowSize: Size(1280, 800), scale: 2,
                                 photos: [Photo(name: "café \"1\".jpg", pixelSize: Size(600, 400)), Photo(name: "x.png", pixelSize: .zero)],
                                 feel: feel)
        let line = header.line
        #expect(line.hasPrefix(#"{"trace":"photozoom","version":1,"window":{"w":1280,"h":800},"scale":2,"photos":[{"name":"café \"1\".jpg","w":600,"h":400}"#))
        let back = try TraceHeader(try #require(try JSONReader.parse(line).objectValue))
        #expect(back == header)
        let bare = try TraceHeader(try #require(try JSONReader.parse(#"{"trace":"photozoom","version":1,"window":{"w":10,"h":20},"photos":[]}"#).objectValue))
        #expect(bare.scale == 1 && bare.feel == nil && bare.photos.isEmpty)
    }

    @Test("header faults name the field", arguments: [
        (#"{"t":0,"type":"frame"}"#, "trace"),
        (#"{"trace":"photozoom","version":2,"window":{"w":1,"h":1},"photos":[]}"#, "version"),
        (#"{"trace":"photozoom","version":1,"window":{"w":1},"photos":[]}"#, "window.h"),
        (#"{"trace":"photozoom","version":1,"window":{"w":1,"h":1},"photos":[{"name":"a","w":"x","h":1}]}"#, "photos[0].w"),
        (#"{"trace":"photozoom","version":1,"window":{"w":1,"h":1},"photos":[3]}"#, "photos[0]"),
        (#"{"trace":"photozoom","version":1,"window":{"w":1,"h":1}}"#, "photos"),
        (#"{"trace":"photozoom","version":1,"window":{"w":1,"h":1},"photos":[],"feel":7}"#, "feel"),
    ] as [(String, String)])
    func headerErrors(line: String, field: String) throws {
        let object = try #require(try JSONReader.parse(line).objectValue)
        do {
            _ = try TraceHeader(object)
            Issue.record("\(line) read")
        } catch {
            #expect(error.field == field, "\(error.message)")
        }
    }
}

@Suite("Trace lines: touchpad gestures")
struct TouchpadTraceLineTests {
    static let pinch = InputEvent(time: 6.158705, kind: .touchpad(TouchpadGesture(
        gesture: .pinch, phase: .update, fingers: 2, position: Point(400, 300), delta: Point(1.5, -0.25), scale: 1.0625, angleDelta: -2.999969482421875)))
    static let swipe = InputEvent(time: 7, kind: .touchpad(TouchpadGesture(gesture: .swipe, phase: .cancel, fingers: 3, position: Point(10, 20), delta: Point(-30, 0))))

    @Test("a pinch and a swipe are written in the contract's order and read back bit for bit (a swipe has no scale or angle)")
    func roundTrip() throws {
        #expect(TraceEventFormat.line(Self.pinch)
                == #"{"t":6.158705,"type":"touchpad","gesture":"pinch","phase":"update","fingers":2,"x":400,"y":300,"dx":1.5,"dy":-0.25,"scale":1.0625,"angle":-2.999969482421875}"#)
        #expect(TraceEventFormat.line(Self.swipe) == #"{"t":7,"type":"touchpad","gesture":"swipe","phase":"cancel","fingers":3,"x":10,"y":20,"dx":-30,"dy":0}"#)
        for event in [Self.pinch, Self.swipe] {
            let object = try #require(try JSONReader.parse(TraceEventFormat.line(event)).objectValue)
            #expect(try TraceEventFormat.decode(object) == .event(event))
        }
    }

    @Test("a bad touchpad field is named", arguments: [
        (#"{"t":1,"type":"touchpad","gesture":"rotate","phase":"begin","fingers":2,"x":0,"y":0,"dx":0,"dy":0,"scale":1,"angle":0}"#, "gesture"),
        (#"{"t":1,"type":"touchpad","gesture":"pinch","phase":"start","fingers":2,"x":0,"y":0,"dx":0,"dy":0,"scale":1,"angle":0}"#, "phase"),
        (#"{"t":1,"type":"touchpad","gesture":"pinch","phase":"begin","fingers":0,"x":0,"y":0,"dx":0,"dy":0,"scale":1,"angle":0}"#, "fingers"),
        (#"{"t":1,"type":"touchpad","gesture":"pinch","phase":"begin","fingers":2,"x":0,"y":0,"dx":0,"dy":0,"scale":0,"angle":0}"#, "scale"),
        (#"{"t":1,"type":"touchpad","gesture":"pinch","phase":"begin","fingers":2,"x":0,"y":0,"dx":0,"dy":0,"scale":1,"angle":400}"#, "angle"),
        (#"{"t":1,"type":"touchpad","gesture":"swipe","phase":"begin","fingers":3,"x":0,"y":0,"dy":0}"#, "dx"),
    ])
    func badField(line: String, field: String) throws {
        let object = try #require(try JSONReader.parse(line).objectValue)
        #expect(throws: FieldError.self) { try TraceEventFormat.decode(object) }
        do { _ = try TraceEventFormat.decode(object) } catch { #expect(error.field == field, "\(error.message)") }
    }
}
