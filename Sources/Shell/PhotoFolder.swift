import Foundation

/// The image files of a folder, in natural name order (`img2` before `img10`).
public struct PhotoFolder: Sendable {
    /// File extensions taken as photos (lower-case); other files (CREDITS, notes) are not photos.
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "png", "webp", "bmp", "gif", "tif", "tiff", "tga", "pnm", "ppm", "pgm",
        "pbm", "xpm", "xcf", "pcx", "lbm", "qoi", "svg", "avif", "jxl",
    ]

    public var directory: URL
    public var files: [URL]

    /// Lists `path`; throws a bad-input error naming the folder when it is missing, unreadable,
    /// not a folder, or holds no images.
    public init(path: String) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
            throw ShellError.badInput("\(path): no such folder")
        }
        guard isDir.boolValue else { throw ShellError.badInput("\(path): not a folder") }
        guard fm.isReadableFile(atPath: path), let names = try? fm.contentsOfDirectory(atPath: path) else {
            throw ShellError.badInput("\(path): folder cannot be read (permission denied)")
        }
        let url = URL(fileURLWithPath: path, isDirectory: true)
        let images = Self.naturallySorted(names
            .filter { !$0.hasPrefix(".") && Self.imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) })
        guard !images.isEmpty else {
            throw ShellError.badInput("\(path): folder holds no images (looked for \(Self.imageExtensions.sorted().prefix(8).joined(separator: ", ")), …)")
        }
        directory = url
        files = images.map { url.appendingPathComponent($0) }
    }

    /// Natural order: runs of digits compare by value, the rest case-insensitively; ties by bytes.
    public static func naturalOrder(_ a: String, _ b: String) -> Bool {
        naturalOrder(a, naturalKey(a), b, naturalKey(b))
    }

    /// `names` in natural order, each name's key computed once rather than at every comparison
    /// (listing 10,000 photos went from 0.59 s to 0.13 s, `scripts/bench pipeline`).
    public static func naturallySorted(_ names: [String]) -> [String] {
        names.map { ($0, naturalKey($0)) }.sorted { naturalOrder($0.0, $0.1, $1.0, $1.1) }.map(\.0)
    }

    private static func naturalOrder(_ a: String, _ ka: [Chunk], _ b: String, _ kb: [Chunk]) -> Bool {
        for (x, y) in zip(ka, kb) where x != y {
            switch (x, y) {
            case let (.number(p), .number(q)): return p.count != q.count ? p.count < q.count : p < q
            case let (.text(p), .text(q)): return p < q
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
        return ka.count != kb.count ? ka.count < kb.count : a < b
    }

    private enum Chunk: Equatable { case text(String), number(String) }

    private static func naturalKey(_ s: String) -> [Chunk] {
        var out: [Chunk] = []
        var current = "", inDigits = false
        for ch in s.lowercased() {
            let digit = ch.isASCII && ch.isNumber
            if !current.isEmpty && digit != inDigits {
                out.append(inDigits ? .number(trimZeros(current)) : .text(current))
                current = ""
            }
            inDigits = digit
            current.append(ch)
        }
        if !current.isEmpty { out.append(inDigits ? .number(trimZeros(current)) : .text(current)) }
        return out
    }

    private static func trimZeros(_ s: String) -> String {
        let t = s.drop { $0 == "0" }
        return t.isEmpty ? "0" : String(t)
    }
}
