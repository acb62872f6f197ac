import Geometry
import Gestures
import Viewing
import Events
import JSON

/// The event lines of a gesture trace (`.trace.jsonl`, docs/design.md "Gesture trace"): one JSON object
/// per `InputEvent`, keys in a fixed order, numbers written so they read back bit for bit.
///
/// Beyond the contract's list, two event types carry what the shell learns while running:
/// - `{"t":1.5,"type":"feel","feel":{…}}`: feel parameters changed live (a feel file layer: the keys
///   given override the defaults);
/// - `{"t":0.2,"type":"photo","index":3,"w":600,"h":400}`: photo 3's oriented pixel size became known;
/// - `{"t":3.2,"type":"photos","removed":[4],"added":[{"index":7,"name":"new.jpg","w":0,"h":0}]}`: photos
///   vanished from or appeared in the watched folders (`PhotoListChange`: `removed` indices of the
///   list before, `added` indices of the list after, both ascending; a size of 0 × 0 is not known yet;
///   an optional `"order":[2,0,1]` sorts the list after those: the `k`th photo shown is the one at `order[k]`);
/// - `{"t":2.1,"type":"effect","effect":…}`: the result of an effect (`EffectResult`), one of
///   `"feelSaved"` with `"path"` and `"message"`, `"feelSaveFailed"` with `"message"`,
///   `"feelReloaded"` with `"name"`, `"feel"` (the file's object) and `"fixed"` (an array of
///   parameter keys), `"feelReloadFailed"` with `"message"`, `"again"` with `"from"` (the press
///   time of the gesture re-run by the again key), `"photoFile"` with `"message"` and `"error"`
///   (`true` when the file action failed and nothing changed on disk), `"photoTrashed"` with
///   `"photo"` (the index of the photo Delete moved to the trash) and `"message"`, `"dropped"`
///   with `"message"` and, when one file was dropped, `"open"` (the index of the photo to open),
///   `"photoRestored"` with `"photo"` (the index of the photo Ctrl+Z put back) and `"message"`,
///   `"photoTurned"` with `"photo"`, `"turns"` (quarter turns clockwise, negative anticlockwise),
///   `"message"` and `"asks"` (`true` when the turn waits for `w` to be written to the file),
///   `"folderChoices"` with `"folder"` (the folder Ctrl+O's chooser looks from) and `"choices"`
///   (an array of `{"kind":"home"|"pictures"|"recent"|"parent"|"subfolder","path":…}`, in the
///   order listed).
///
/// - `{"t":0.5,"type":"touchpad","gesture":"pinch","phase":"update","fingers":2,"x":640,"y":400,"dx":1.5,"dy":0,"scale":1.25,"angle":-2}`:
///   a touchpad gesture (`TouchpadGesture`): `gesture` pinch or swipe, `phase` begin, update, end
///   or cancel, the finger count, the pointer's position, the centre's travel since the last event,
///   and for a pinch its cumulative scale and its turn since the last event in degrees (a swipe
///   has neither).
///
/// - `{"t":4.2,"type":"horizon","seconds":0.0125}`: the frames from this instant on reach the screen
///   `seconds` after their own instant (the live loop's estimate, written when it changes): where
///   pointer prediction draws a held photo (`Session.drawnViewer`); 0 to 1 s.
///
/// A pointer `move` with no button held has no `button` key; `mods` may be omitted when empty.
public enum TraceEventFormat {
    /// The type names this version writes and reads.
    package static let knownTypes: Set<String> = ["frame", "pointer", "wheel", "key", "touch", "touchpad", "resize", "feel", "photo", "photos", "effect",
                                                  "horizon"]

    /// What a line holds: an event, or an event of a type this version does not know (skipped).
    public enum Decoded: Hashable, Sendable {
        case event(InputEvent)
        case unknown(type: String)
    }

    // MARK: - Writing

    /// The line (no newline) for `event`. A `.feel` event's layer is written compact, its members in
    /// their order (as it was read, so a trace read and written again is the same text).
    public static func line(_ event: InputEvent) -> String {
        var out = "{\"t\":"
        out += JSONText.number(event.time)
        switch event.kind {
        case .frame:
            out += ",\"type\":\"frame\"}"
        case let .pointer(phase, position, button, modifiers):
            out += ",\"type\":\"pointer\",\"phase\":\"" + phase.rawValue + "\""
            appendPoint(position, to: &out)
            if let button { out += ",\"button\":\"" + button.rawValue + "\"" }
            appendModifiers(modifiers, to: &out)
            out += "}"
        case let .wheel(position, delta, modifiers):
            out += ",\"type\":\"wheel\""
            appendPoint(position, to: &out)
            out += ",\"dx\":" + JSONText.number(delta.x) + ",\"dy\":" + JSONText.number(delta.y)
            appendModifiers(modifiers, to: &out)
            out += "}"
        case let .key(phase, key, modifiers):
            out += ",\"type\":\"key\",\"phase\":\"" + phase.rawValue + "\",\"key\":" + JSONText.string(key)
            appendModifiers(modifiers, to: &out)
            out += "}"
        case let .touch(phase, id, position):
            out += ",\"type\":\"touch\",\"phase\":\"" + phase.rawValue + "\",\"id\":" + String(id)
            appendPoint(position, to: &out)
            out += "}"
        case let .touchpad(g):
            out += ",\"type\":\"touchpad\",\"gesture\":\"" + g.gesture.rawValue + "\",\"phase\":\"" + g.phase.rawValue
            out += "\",\"fingers\":" + String(g.fingers)
            appendPoint(g.position, to: &out)
            out += ",\"dx\":" + JSONText.number(g.delta.x) + ",\"dy\":" + JSONText.number(g.delta.y)
            if g.gesture == .pinch {
                out += ",\"scale\":" + JSONText.number(g.scale) + ",\"angle\":" + JSONText.number(g.angleDelta)
            }
            out += "}"
        case let .horizon(seconds):
            out += ",\"type\":\"horizon\",\"seconds\":" + JSONText.number(seconds) + "}"
        case let .resize(size):
            out += ",\"type\":\"resize\",\"w\":" + JSONText.number(size.width) + ",\"h\":" + JSONText.number(size.height) + "}"
        case let .feel(layer):
            out += ",\"type\":\"feel\",\"feel\":" + JSONText.value(.object(layer)) + "}"
        case let .photoSize(index, size):
            out += ",\"type\":\"photo\",\"index\":" + String(index)
            out += ",\"w\":" + JSONText.number(size.width) + ",\"h\":" + JSONText.number(size.height) + "}"
        case let .photos(change):
            out += ",\"type\":\"photos\",\"removed\":[" + change.removed.map { String($0) }.joined(separator: ",") + "],\"added\":["
            out += change.added.map { a in
                "{\"index\":" + String(a.index) + ",\"name\":" + JSONText.string(a.name)
                    + ",\"w\":" + JSONText.number(a.size.width) + ",\"h\":" + JSONText.number(a.size.height) + "}"
            }.joined(separator: ",")
            out += "]"
            if let order = change.order { out += ",\"order\":[" + order.map { String($0) }.joined(separator: ",") + "]" }
            out += "}"
        case let .effect(result):
            out += ",\"type\":\"effect\""
            switch result {
            case let .feelSaved(path, message):
                out += ",\"effect\":\"feelSaved\",\"path\":" + JSONText.string(path) + ",\"message\":" + JSONText.string(message)
            case let .feelSaveFailed(message):
                out += ",\"effect\":\"feelSaveFailed\",\"message\":" + JSONText.string(message)
            case let .feelReloaded(name, layer, fixed):
                out += ",\"effect\":\"feelReloaded\",\"name\":" + JSONText.string(name) + ",\"feel\":" + JSONText.value(.object(layer))
                out += ",\"fixed\":[" + fixed.map(JSONText.string).joined(separator: ",") + "]"
            case let .feelReloadFailed(message):
                out += ",\"effect\":\"feelReloadFailed\",\"message\":" + JSONText.string(message)
            case let .again(from):
                out += ",\"effect\":\"again\",\"from\":" + JSONText.number(from)
            case let .dropped(open, message):
                out += ",\"effect\":\"dropped\"" + (open.map { ",\"open\":\($0)" } ?? "") + ",\"message\":" + JSONText.string(message)
            case let .photoRestored(photo, message):
                out += ",\"effect\":\"photoRestored\",\"photo\":\(photo),\"message\":" + JSONText.string(message)
            case let .photoTrashed(photo, message):
                out += ",\"effect\":\"photoTrashed\",\"photo\":\(photo),\"message\":" + JSONText.string(message)
            case let .photoTurned(photo, turns, message, asks):
                out += ",\"effect\":\"photoTurned\",\"photo\":\(photo),\"turns\":\(turns),\"message\":" + JSONText.string(message)
                out += ",\"asks\":" + (asks ? "true" : "false")
            case let .photoFile(message, isError):
                out += ",\"effect\":\"photoFile\",\"message\":" + JSONText.string(message) + ",\"error\":" + (isError ? "true" : "false")
            case let .folderChoices(folder, choices):
                out += ",\"effect\":\"folderChoices\",\"folder\":" + JSONText.string(folder) + ",\"choices\":["
                    + choices.map { "{\"kind\":\"\($0.kind.rawValue)\",\"path\":" + JSONText.string($0.path) + "}" }.joined(separator: ",") + "]"
            }
            out += "}"
        }
        return out
    }

    private static func appendPoint(_ p: Point, to out: inout String) {
        out += ",\"x\":"
        out += JSONText.number(p.x)
        out += ",\"y\":"
        out += JSONText.number(p.y)
    }

    private static func appendModifiers(_ m: Modifiers, to out: inout String) {
        out += ",\"mods\":["
        var first = true
        for (name, flag) in Modifiers.names where m.contains(flag) {
            if !first { out += "," }
            out += "\"" + name + "\""
            first = false
        }
        out += "]"
    }

    // MARK: - Reading

    /// The event of one parsed line. Unknown fields are ignored; an unknown `type` is reported as
    /// `.unknown` for the caller to skip; anything missing or malformed throws naming the field.
    public static func decode(_ o: JSONObject) throws(FieldError) -> Decoded {
        let time = try o.number("t")
        guard time >= 0, time <= TraceBounds.seconds else {
            throw FieldError(field: "t", message: "expected a time in 0…\(JSONText.number(TraceBounds.seconds)) s, found \(JSONText.number(time))")
        }
        let type = try o.string("type")
        let kind: InputEvent.Kind
        switch type {
        case "frame":
            kind = .frame
        case "pointer":
            let phase = PressPhase(rawValue: try o.choice("phase", ["down", "move", "up"]))!
            let button: PointerButton?
            if phase == .move, o["button"] == nil || o["button"] == .null {
                button = nil
            } else {
                button = PointerButton(rawValue: try o.choice("button", PointerButton.allCases.map(\.rawValue)))
            }
            kind = .pointer(phase: phase, position: try point(o), button: button, modifiers: try modifiers(o))
        case "wheel":
            kind = .wheel(position: try point(o), delta: Point(try coordinate(o, "dx"), try coordinate(o, "dy")), modifiers: try modifiers(o))
        case "key":
            let phase = PressPhase(rawValue: try o.choice("phase", ["down", "up"]))!
            let key = try o.string("key")
            guard !key.isEmpty else { throw FieldError(field: "key", message: "expected a key name (SDL's, lower-cased), found the empty string") }
            kind = .key(phase: phase, key: key, modifiers: try modifiers(o))
        case "touch":
            let phase = TouchPhase(rawValue: try o.choice("phase", ["down", "move", "up", "cancel"]))!
            // Ids are exact in a Double up to 2^53, which is what the text can carry.
            kind = .touch(phase: phase, id: try o.integer("id", in: -(1 << 53)...(1 << 53)), position: try point(o))
        case "touchpad":
            kind = .touchpad(try touchpadGesture(o))
        case "resize":
            kind = .resize(Size(try o.number("w", from: 0, inclusive: false, through: TraceBounds.windowPoints),
                                try o.number("h", from: 0, inclusive: false, through: TraceBounds.windowPoints)))
        case "feel":
            kind = .feel(layer: try o.object("feel"))
        case "horizon":
            kind = .horizon(seconds: try o.number("seconds", from: 0, through: TraceBounds.horizonSeconds))
        case "photo":
            kind = .photoSize(index: try o.integer("index", in: 0...Int(Int32.max)),
                              size: Size(try o.number("w", from: 0, through: TraceBounds.photoPixels),
                                         try o.number("h", from: 0, through: TraceBounds.photoPixels)))
        case "photos":
            kind = .photos(try photoListChange(o))
        case "effect":
            kind = .effect(try effect(o))
        default:
            return .unknown(type: type)
        }
        return .event(InputEvent(time: time, kind: kind))
    }

    /// The `PhotoListChange` of a `photos` line: indices within 0…2^31−1 and ascending, names not
    /// empty, sizes within `TraceBounds.photoPixels`. Whether the indices fit the list is the
    /// viewer's to judge (a change that does not fit changes nothing).
    private static func photoListChange(_ o: JSONObject) throws(FieldError) -> PhotoListChange {
        var change = PhotoListChange()
        for (i, item) in try o.array("removed").enumerated() {
            guard case let .number(n) = item, n >= 0, n <= Double(Int32.max), n.rounded() == n,
                  change.removed.last.map({ Double($0) < n }) ?? true else {
                throw FieldError(field: "removed[\(i)]", message: "expected a photo index above the one before it (0…\(Int32.max)), found \(item.kindDescription)")
            }
            change.removed.append(Int(n))
        }
        for (i, item) in try o.array("added").enumerated() {
            guard case let .object(a) = item else {
                throw FieldError(field: "added[\(i)]", message: "expected an object {\"index\":…,\"name\":…,\"w\":…,\"h\":…}, found \(item.kindDescription)")
            }
            do throws(FieldError) {
                let index = try a.integer("index", in: 0...Int(Int32.max))
                if let last = change.added.last?.index, index <= last {
                    throw FieldError(field: "index", message: "expected an index above the one before it (\(last)), found \(index)")
                }
                let name = try a.string("name")
                guard !name.isEmpty else { throw FieldError(field: "name", message: "expected a file name, found the empty string") }
                change.added.append(.init(index: index, name: name,
                                          size: Size(try a.number("w", from: 0, through: TraceBounds.photoPixels),
                                                     try a.number("h", from: 0, through: TraceBounds.photoPixels))))
            } catch {
                throw FieldError(field: "added[\(i)].\(error.field)", message: error.message)
            }
        }
        // A sort (Shift+S): the new order, each index once; whether it fits the list is the viewer's to judge.
        if o["order"] != nil {
            var order: [Int] = []
            for (i, item) in try o.array("order").enumerated() {
                guard case let .number(n) = item, n >= 0, n <= Double(Int32.max), n.rounded() == n else {
                    throw FieldError(field: "order[\(i)]", message: "expected a photo index (0…\(Int32.max)), found \(item.kindDescription)")
                }
                order.append(Int(n))
            }
            change.order = order
        }
        return change
    }

    /// The `TouchpadGesture` of a `touchpad` line: 1…15 fingers, coordinates and deltas within
    /// `TraceBounds.coordinatePoints`; a pinch's scale above 0 (at most 1000) and its turn within
    /// ±360°; a swipe has scale 1 and no turn.
    private static func touchpadGesture(_ o: JSONObject) throws(FieldError) -> TouchpadGesture {
        let gesture = TouchpadGesture.Gesture(rawValue: try o.choice("gesture", TouchpadGesture.Gesture.allCases.map(\.rawValue)))!
        let phase = TouchpadGesture.Phase(rawValue: try o.choice("phase", TouchpadGesture.Phase.allCases.map(\.rawValue)))!
        var g = TouchpadGesture(gesture: gesture, phase: phase, fingers: try o.integer("fingers", in: 1...15), position: try point(o),
                                delta: Point(try coordinate(o, "dx"), try coordinate(o, "dy")))
        if gesture == .pinch {
            g.scale = try o.number("scale", from: 0, inclusive: false, through: 1_000)
            g.angleDelta = try o.number("angle", from: -360, through: 360)
        }
        return g
    }

    /// The `EffectResult` of an `effect` line.
    private static func effect(_ o: JSONObject) throws(FieldError) -> EffectResult {
        switch try o.choice("effect", ["feelSaved", "feelSaveFailed", "feelReloaded", "feelReloadFailed", "again", "photoFile", "photoTrashed", "dropped", "photoRestored", "photoTurned", "folderChoices"]) {
        case "feelSaved":
            return .feelSaved(path: try o.string("path"), message: try o.string("message"))
        case "feelSaveFailed":
            return .feelSaveFailed(message: try o.string("message"))
        case "feelReloaded":
            guard case let .array(items)? = o["fixed"] else {
                throw FieldError(field: "fixed", message: "expected an array of parameter keys, found \(o["fixed"]?.kindDescription ?? "nothing")")
            }
            var fixed: [String] = []
            for (i, item) in items.enumerated() {
                guard case let .string(key) = item else {
                    throw FieldError(field: "fixed[\(i)]", message: "expected a parameter key, found \(item.kindDescription)")
                }
                fixed.append(key)
            }
            return .feelReloaded(name: try o.string("name"), layer: try o.object("feel"), fixed: fixed)
        case "again":
            return .again(from: try o.number("from", from: 0, through: TraceBounds.seconds))
        case "dropped":
            let open: Int? = o["open"] == nil ? nil : try o.integer("open", in: 0...Int(Int32.max))
            return .dropped(open: open, message: try o.string("message"))
        case "photoRestored":
            return .photoRestored(photo: try o.integer("photo", in: 0...Int(Int32.max)), message: try o.string("message"))
        case "photoTrashed":
            return .photoTrashed(photo: try o.integer("photo", in: 0...Int(Int32.max)), message: try o.string("message"))
        case "photoTurned":
            guard case let .bool(asks)? = o["asks"] else {
                throw FieldError(field: "asks", message: "expected true or false, found \(o["asks"]?.kindDescription ?? "nothing")")
            }
            return .photoTurned(photo: try o.integer("photo", in: 0...Int(Int32.max)), quarterTurns: try o.integer("turns", in: -3...3),
                                message: try o.string("message"), asksToWrite: asks)
        case "photoFile":
            guard case let .bool(isError)? = o["error"] else {
                throw FieldError(field: "error", message: "expected true or false, found \(o["error"]?.kindDescription ?? "nothing")")
            }
            return .photoFile(message: try o.string("message"), isError: isError)
        case "folderChoices":
            var choices: [FolderChoice] = []
            for (i, item) in try o.array("choices").enumerated() {
                guard case let .object(choice) = item else {
                    throw FieldError(field: "choices[\(i)]", message: "expected an object {\"kind\":…,\"path\":…}, found \(item.kindDescription)")
                }
                do throws(FieldError) {
                    let kind = try choice.choice("kind", FolderChoice.Kind.allCases.map(\.rawValue))
                    choices.append(FolderChoice(kind: FolderChoice.Kind(rawValue: kind)!, path: try choice.string("path")))
                } catch {
                    throw FieldError(field: "choices[\(i)].\(error.field)", message: error.message)
                }
            }
            return .folderChoices(folder: try o.string("folder"), choices: choices)
        default:
            return .feelReloadFailed(message: try o.string("message"))
        }
    }

    private static func point(_ o: JSONObject) throws(FieldError) -> Point {
        Point(try coordinate(o, "x"), try coordinate(o, "y"))
    }

    /// A coordinate or delta within ±`TraceBounds.coordinatePoints`.
    private static func coordinate(_ o: JSONObject, _ key: String) throws(FieldError) -> Double {
        try o.number(key, from: -TraceBounds.coordinatePoints, through: TraceBounds.coordinatePoints)
    }

    private static func modifiers(_ o: JSONObject) throws(FieldError) -> Modifiers {
        guard let value = o["mods"] else { return [] }
        guard case let .array(items) = value else {
            throw FieldError(field: "mods", message: "expected an array of \"shift\", \"ctrl\", \"alt\", \"gui\", found \(value.kindDescription)")
        }
        var m = Modifiers()
        for (i, item) in items.enumerated() {
            guard case let .string(name) = item, let flag = Modifiers.names.first(where: { $0.0 == name })?.1 else {
                throw FieldError(field: "mods[\(i)]", message: "expected one of \"shift\", \"ctrl\", \"alt\", \"gui\", found \(item.kindDescription)")
            }
            m.insert(flag)
        }
        return m
    }
}
