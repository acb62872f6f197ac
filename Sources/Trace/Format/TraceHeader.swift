import Geometry
import Viewing
import Drawing
import JSON

/// Line 1 of a gesture trace: what the session started with.
///
/// `{"trace":"photozoom","version":1,"window":{"w":1280,"h":800},"scale":1,
///   "photos":[{"name":"coffee.jpg","w":600,"h":400},…],"open":3,"feel":{…}}`
///
/// The layout depends only on the window and the photos' sizes, so a trace replays on the sizes it
/// carries whatever folder is at hand. `feel` is optional and may hold only some keys: the defaults
/// fill in the rest. `open` is optional: the photo the session starts on (`photozoom photo.jpg`),
/// flown from its cell on the first frames. `scroll` and `focus` are optional: where the last
/// session on the folder left the grid (`"scroll":1840,"focus":12`), restored before the first frame.
public struct TraceHeader: Hashable, Sendable {
    /// The version this code writes and the highest it reads.
    public static let currentVersion = 1

    public var version: Int
    /// Window size at the start, points.
    public var windowSize: Size
    /// Drawable pixels per point at the start (2 on HiDPI); replayed frames are drawn at this scale.
    public var scale: Double
    /// The photo set in grid order: names and oriented pixel sizes (0 × 0 while unknown).
    public var photos: [Photo]
    /// The feel parameters in force at the start, as a feel-file object; nil when the trace has none.
    public var feel: JSONObject?
    /// The photo the session opens at its start (an index into `photos`); nil starts on the grid.
    public var openPhoto: Int?
    /// Where the last session on the folder left off (issue 32), restored before the first frame:
    /// the grid's scroll offset (points) and the photo the focus ring shows on (an index into `photos`).
    public var scroll: Double?
    public var focus: Int?

    public init(windowSize: Size, scale: Double = 1, photos: [Photo], feel: JSONObject?, openPhoto: Int? = nil,
                scroll: Double? = nil, focus: Int? = nil, version: Int = TraceHeader.currentVersion) {
        self.openPhoto = openPhoto
        self.scroll = scroll
        self.focus = focus
        self.version = version
        self.windowSize = windowSize
        self.scale = scale
        self.photos = photos
        self.feel = feel
    }

    /// The header line (no newline), keys in the contract's order.
    public var line: String {
        var out = "{\"trace\":\"photozoom\",\"version\":\(version),\"window\":{\"w\":"
        out += JSONText.number(windowSize.width) + ",\"h\":" + JSONText.number(windowSize.height) + "},"
        out += "\"scale\":" + JSONText.number(scale) + ",\"photos\":["
        for (i, photo) in photos.enumerated() {
            if i > 0 { out += "," }
            out += "{\"name\":" + JSONText.string(photo.name) + ",\"w\":" + JSONText.number(photo.pixelSize.width)
            out += ",\"h\":" + JSONText.number(photo.pixelSize.height) + "}"
        }
        out += "]"
        if let openPhoto { out += ",\"open\":\(openPhoto)" }
        if let scroll { out += ",\"scroll\":" + JSONText.number(scroll) }
        if let focus { out += ",\"focus\":\(focus)" }
        if let feel { out += ",\"feel\":" + JSONText.value(.object(feel)) }
        return out + "}"
    }

    /// Reads a parsed header line. Unknown fields are ignored.
    public init(_ o: JSONObject) throws(FieldError) {
        guard case .string("photozoom")? = o["trace"] else {
            let found = o["trace"]?.kindDescription ?? (o["type"] != nil ? "an event line" : "nothing")
            throw FieldError(field: "trace", message: "expected \"photozoom\" (line 1 must be the trace header), found \(found)")
        }
        let version = try o.integer("version", in: 1...Int(Int32.max))
        guard version <= Self.currentVersion else {
            throw FieldError(field: "version", message: "expected \(Self.currentVersion) (this photozoom reads version \(Self.currentVersion) traces), found \(version)")
        }
        let window: JSONObject
        do throws(FieldError) {
            window = try o.object("window")
            windowSize = Size(try window.number("w", from: 0, inclusive: false, through: TraceBounds.windowPoints),
                              try window.number("h", from: 0, inclusive: false, through: TraceBounds.windowPoints))
        } catch {
            throw error.field == "window" ? error : error.nested(under: "window")
        }
        scale = try o["scale"] == nil ? 1 : o.number("scale", from: 0, inclusive: false, through: TraceBounds.scale)
        var photos: [Photo] = []
        for (i, item) in try o.array("photos").enumerated() {
            guard case let .object(p) = item else {
                throw FieldError(field: "photos[\(i)]", message: "expected an object {\"name\":…,\"w\":…,\"h\":…}, found \(item.kindDescription)")
            }
            do throws(FieldError) {
                photos.append(Photo(name: try p.string("name"), pixelSize: Size(try p.number("w", from: 0, through: TraceBounds.photoPixels),
                                                                                 try p.number("h", from: 0, through: TraceBounds.photoPixels))))
            } catch {
                throw error.nested(under: "photos[\(i)]")
            }
        }
        self.photos = photos
        openPhoto = o["open"] == nil ? nil : try o.integer("open", in: 0...max(0, photos.count - 1))
        scroll = o["scroll"] == nil ? nil : try o.number("scroll", from: 0, through: 1e9)
        focus = o["focus"] == nil ? nil : try o.integer("focus", in: 0...max(0, photos.count - 1))
        switch o["feel"] {
        case nil, .null?: feel = nil
        case let .object(f)?: feel = f
        case let other?: throw FieldError(field: "feel", message: "expected an object of feel parameters, found \(other.kindDescription)")
        }
        self.version = version
    }
}
