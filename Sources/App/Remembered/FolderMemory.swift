import ImageFormats
import JSON
/// What PhotoZoom remembers of a folder it showed (issue 32): the order its photos were shown in,
/// the photo last open or focused (by its name in the folder) and the grid's scroll, kept in
/// `state.json` (`WindowState.folders`) and restored at the next launch on that folder.
///
/// `{"sort":"dateTaken","photo":"IMG_0412.jpg","scroll":1840}`
package struct FolderMemory: Sendable, Equatable {
    package var order: PhotoOrder
    /// The photo's name as the trace names it (its path under the folder with `-r`).
    package var photo: String?
    /// The grid's scroll offset, points (the same window width gives the same rows).
    package var scroll: Double

    package init(order: PhotoOrder = .name, photo: String? = nil, scroll: Double = 0) {
        self.order = order
        self.photo = photo
        self.scroll = scroll
    }

    /// The JSON object written for it, keys in the order the file has always had them (sorted).
    var jsonValue: JSONValue {
        var members: [JSONMember] = []
        if let photo { members.append(JSONMember("photo", .string(photo))) }
        members.append(JSONMember("scroll", .number(scroll.rounded())))
        members.append(JSONMember("sort", .string(order.rawValue)))
        return .object(JSONObject(members))
    }

    /// Reads an object written by `jsonValue` (which starts at `position`, when known); a field that
    /// is missing keeps its default, one of the wrong kind is reported through `problem` (its name,
    /// where its value starts and what was expected) and left at its default.
    init(_ value: JSONValue, at position: JSONPosition?,
         problem: (_ field: String, _ position: JSONPosition?, _ expected: String) -> Void) {
        self.init()
        guard case let .object(o) = value else {
            problem("", position, "an object {\"sort\":…,\"photo\":…,\"scroll\":…}")
            return
        }
        for member in o.members {
            switch member.key {
            case "sort":
                if case let .string(s) = member.value, let order = PhotoOrder(rawValue: s) { self.order = order }
                else { problem("sort", member.valuePosition, "one of " + PhotoOrder.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")) }
            case "photo":
                if case let .string(s) = member.value, !s.isEmpty { photo = s }
                else { problem("photo", member.valuePosition, "a file name") }
            case "scroll":
                if case let .number(d) = member.value, d.isFinite, d >= 0, d <= 1e9 { scroll = d }
                else { problem("scroll", member.valuePosition, "a number of points, 0 or more") }
            default:
                continue            // a key this version does not know (a later one's) is left out
            }
        }
    }
}
