import Foundation
import Geometry
import ImageFormats
import JSON

/// `state.json`'s text, read and written with the project's JSON reader and writer (issue 31: no
/// Foundation JSON beside it).
///
/// The text written is byte for byte what `JSONSerialization` with `.sortedKeys` wrote before (so a
/// file does not change for nothing, and older builds read it): no spaces, keys sorted as
/// Foundation's `sortedKeys` sorted them (numeric, case-insensitive: `/p/img2` before `/p/img10`
/// before `/P/Upper`), whole numbers, `/` written `\/`.
extension WindowState {
    /// Reads `state.json`'s `bytes` (named `file` in messages). What can be read is kept; each
    /// fault is said through `warn` in one line, `FILE:LINE: field: what was expected`, and marks
    /// the state as read from a damaged file, which the next write keeps aside (`isFromDamagedFile`).
    init(jsonBytes bytes: [UInt8], file: String, warn: (String) -> Void) {
        self.init()
        var isDamaged = false
        defer { if isDamaged { isFromDamagedFile = true } }
        func damaged(_ line: String) {
            warn("photozoom: " + line)
            isDamaged = true
        }
        let kept = "; nothing remembered is used (at quit the file is kept under a new name beside it, not overwritten)"
        let document: (value: JSONValue, position: JSONPosition)
        do throws(JSONSyntaxError) {
            document = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONReader.parseDocument(buffer) }
        } catch {
            if let field = error.field {
                damaged("\(file):\(error.line): \(field): \(error.message) (column \(error.column))" + kept)
            } else {
                damaged("\(file):\(error.line):\(error.column): \(error.message)" + kept)
            }
            return
        }
        guard case let .object(object) = document.value else {
            damaged("\(file):\(document.position.line): expected an object {\"window\":…,\"lastFolder\":…,\"folders\":…}, "
                    + "found \(document.value.kindDescription)" + kept)
            return
        }
        func problem(_ field: String, _ position: JSONPosition?, _ expected: String, _ outcome: String) {
            damaged("\(file)" + (position.map { ":\($0.line)" } ?? "") + ": \(field): expected \(expected); \(outcome)")
        }
        for member in object.members {
            switch member.key {
            case "window":
                if case let .object(window) = member.value, case let .number(w)? = window["w"], case let .number(h)? = window["h"],
                   w.isFinite, h.isFinite, w >= 64, h >= 64, w <= 16384, h <= 16384 {
                    windowSize = Size(w, h)
                } else {
                    problem("window", member.valuePosition, "{\"w\":…,\"h\":…}, each 64 to 16384 points", "the default size is used")
                }
            case "helpHintShown":
                if case let .bool(shown) = member.value { helpHintShown = shown }
                else { problem("helpHintShown", member.valuePosition, "true or false", "the hint is shown again") }
            case "lastFolder":
                if case let .string(folder) = member.value, folder.hasPrefix("/") { lastFolder = folder }
                else { problem("lastFolder", member.valuePosition, "an absolute path", "left out") }
            case "recentFolders":
                guard case let .array(items) = member.value else {
                    problem("recentFolders", member.valuePosition, "an array of absolute paths", "left out")
                    continue
                }
                for (i, item) in items.enumerated() {
                    if case let .string(folder) = item, folder.hasPrefix("/") {
                        if recentFolders.count < FolderOpening.recentLimit, !recentFolders.contains(folder) { recentFolders.append(folder) }
                    } else {
                        problem("recentFolders[\(i)]", member.valuePosition, "an absolute path", "left out")
                    }
                }
            case "folders":
                guard case let .object(folders) = member.value else {
                    problem("folders", member.valuePosition, "an object of folders", "left out")
                    continue
                }
                for entry in folders.members {
                    let name = "folders[\"\(entry.key)\"]"
                    guard entry.key.hasPrefix("/") else {
                        problem(name, entry.keyPosition, "an absolute path as the key", "left out")
                        continue
                    }
                    self.folders[entry.key] = FolderMemory(entry.value, at: entry.valuePosition) { field, position, expected in
                        problem(name + (field.isEmpty ? "" : "." + field), position, expected, "left at its default")
                    }
                }
            default:
                continue            // a key this version does not know (a later one's) is left out
            }
        }
    }

    /// The file's text (no final newline), as `JSONSerialization` with `.sortedKeys` wrote it.
    var jsonText: String {
        var members: [JSONMember] = []
        if !folders.isEmpty {
            let sorted = folders.sorted { Self.foundationSortedKeysPrecedes($0.key, $1.key) }
            members.append(JSONMember("folders", .object(JSONObject(sorted.map { JSONMember($0.key, $0.value.jsonValue) }))))
        }
        if helpHintShown { members.append(JSONMember("helpHintShown", .bool(true))) }
        if let lastFolder { members.append(JSONMember("lastFolder", .string(lastFolder))) }
        if !recentFolders.isEmpty { members.append(JSONMember("recentFolders", .array(recentFolders.map { .string($0) }))) }
        if let windowSize {
            members.append(JSONMember("window", .object(JSONObject([JSONMember("h", .number(windowSize.height.rounded())),
                                                                    JSONMember("w", .number(windowSize.width.rounded()))]))))
        }
        // `/` occurs only inside strings in JSON text: Foundation escaped each one.
        return JSONText.value(.object(JSONObject(members))).replacingOccurrences(of: "/", with: "\\/")
    }

    /// The order `JSONSerialization`'s `.sortedKeys` put keys in on Linux: numeric, case-insensitive,
    /// forced (two keys that differ only in case still have an order), in the system locale.
    static func foundationSortedKeysPrecedes(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
                  locale: NSLocale.system) == .orderedAscending
    }
}
