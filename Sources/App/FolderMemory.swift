import ImageFormats
/// What PhotoZoom remembers of a folder it showed (issue 32): the order its photos were shown in,
/// the photo last open or focused (by its name in the folder) and the grid's scroll, kept in
/// `state.json` (`WindowState.folders`) and restored at the next launch on that folder.
///
/// `{"sort":"dateTaken","photo":"IMG_0412.jpg","scroll":1840}`
package struct FolderMemory: Sendable, Equatable {
    public var order: PhotoOrder
    /// The photo's name as the trace names it (its path under the folder with `-r`).
    public var photo: String?
    /// The grid's scroll offset, points (the same window width gives the same rows).
    public var scroll: Double

    package init(order: PhotoOrder = .name, photo: String? = nil, scroll: Double = 0) {
        self.order = order
        self.photo = photo
        self.scroll = scroll
    }

    /// The JSON object written for it.
    var object: [String: Any] {
        var out: [String: Any] = ["sort": order.rawValue, "scroll": scroll.rounded()]
        if let photo { out["photo"] = photo }
        return out
    }

    /// Reads an object written by `object`; a field that is missing keeps its default, one of the
    /// wrong kind is reported through `problem` (its name and what was expected) and left at its default.
    init(_ value: Any, problem: (_ field: String, _ expected: String) -> Void) {
        self.init()
        guard let o = value as? [String: Any] else {
            problem("", "an object {\"sort\":…,\"photo\":…,\"scroll\":…}")
            return
        }
        if let v = o["sort"] {
            if let s = v as? String, let order = PhotoOrder(rawValue: s) { self.order = order }
            else { problem("sort", "one of " + PhotoOrder.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")) }
        }
        if let v = o["photo"] {
            if let s = v as? String, !s.isEmpty { photo = s } else { problem("photo", "a file name") }
        }
        if let v = o["scroll"] {
            if let d = v as? Double, d.isFinite, d >= 0, d <= 1e9 { scroll = d } else { problem("scroll", "a number of points, 0 or more") }
        }
    }
}
