import Dispatch
import Foundation
import Geometry
import Drawing

/// The photo set the viewer is given: each file's name, format, stored size and EXIF orientation,
/// read from the file headers without decoding pixels.
///
/// Start-up reads headers only within a time budget (`startupHeaderBudgetSeconds`), a measured
/// decision: 10,000 JPEG headers take 0.14 s from the page cache but 0.9 s after the cache is
/// dropped (`scripts/bench pipeline`), and a spinning or network disk is slower still, so reading
/// them all first would break "first frame in well under a second". What the budget leaves unread
/// stays `.zero` (laid out as a square) and `PhotoPipeline` reads it on a thread, screen first,
/// handing each size to the viewer as a `photoSize` event, which the trace records.
///
/// A file that cannot be shown (empty, unreadable, not an image, corrupt header, above the pixel
/// limit) gets one warning line when its header is read and a zero size; the pipeline draws it as
/// a broken placeholder. Content without a parser here (PCX, LBM, …) is sized when it is decoded,
/// in a decoder helper; such files are rare in photo folders.
public struct PhotoCatalog: Sendable {
    /// How long start-up spends reading headers before leaving the rest to the pipeline: 50 ms
    /// reads about 3,500 headers from the page cache, 500 from a cold SSD — always the first screens.
    public static let startupHeaderBudgetSeconds = 0.05

    /// Decoding refuses images with more pixels than this (100 MP: a 400 MB decode). Camera photos
    /// are 12–60 MP; a larger header is a decompression bomb or damage.
    public static let defaultPixelLimit = 100_000_000

    /// One file of the set.
    public struct Entry: Sendable {
        package var url: URL
        /// The photo's name for the viewer and traces: its path relative to the folder opened
        /// (`a/x.jpg` under `-r`), else the file's own name.
        public var name: String
        /// The header when the file can be shown.
        package var header: ImageHeader?
        /// Why the file cannot be shown (already warned about).
        package var problem: ImageProblem?
        /// True when the header was read but is in no format parsed here (PCX, LBM, …, or not an
        /// image at all): the size comes from decoding it, in a decoder helper.
        package var sizedByDecode = false

        /// True when the file cannot be shown.
        public var isBroken: Bool { problem != nil }
        /// True once the header was read (or found unreadable, or left to the decode).
        package var isKnown: Bool { header != nil || problem != nil || sizedByDecode }
        /// True when the viewer has the photo's size or will never have one (broken).
        package var hasSize: Bool { header != nil || problem != nil }

        /// The memberwise initializer, for the other modules of the package.
        package init(url: URL, name: String, header: ImageHeader? = nil, problem: ImageProblem? = nil, sizedByDecode: Bool = false) {
            self.url = url
            self.name = name
            self.header = header
            self.problem = problem
            self.sizedByDecode = sizedByDecode
        }
    }

    public let entries: [Entry]
    public let pixelLimit: Int

    /// The set as read (`PhotoCatalog+Reading.swift` reads it: in a decoder helper or here).
    package init(entries: [Entry], pixelLimit: Int) {
        self.entries = entries
        self.pixelLimit = pixelLimit
    }

    /// Files whose header is not read yet.
    public var unknownCount: Int { entries.reduce(0) { $0 + ($1.isKnown ? 0 : 1) } }

    /// The photos in grid order: names and upright pixel sizes (`.zero` for files that cannot be shown).
    public var photos: [Photo] {
        entries.map { entry in
            let size = entry.header.map { Size(Double($0.uprightSize.width), Double($0.uprightSize.height)) } ?? .zero
            return Photo(name: entry.name, pixelSize: size)
        }
    }

    /// The entry for one file: its header, or the problem that keeps it from being shown.
    package static func entry(for url: URL, name: String? = nil, pixelLimit: Int,
                      open: (String) throws(ImageProblem) -> PhotoFile = PhotoFile.init(path:)) -> Entry {
        let name = name ?? url.lastPathComponent
        do throws(ImageProblem) {
            guard let header = try readHeader(url, open: open) else { return Entry(url: url, name: name, sizedByDecode: true) }
            try header.checkPixels(limit: pixelLimit)
            return Entry(url: url, name: name, header: header)
        } catch {
            return Entry(url: url, name: name, problem: error)
        }
    }

    /// The header from the file's bytes; nil for content in no format parsed here, which only a
    /// decode can size; `ImageSignature.unknown` for content in no image format at all (never in this process: a damaged file of a rare format is where image
    /// libraries crash).
    static func readHeader(_ url: URL, open: (String) throws(ImageProblem) -> PhotoFile = PhotoFile.init(path:)) throws(ImageProblem) -> ImageHeader? {
        let file = try open(url.path)
        let fileExtension = url.pathExtension.lowercased()
        if let header = try ImageHeader.read(file, fileExtension: fileExtension) { return header }
        // No decoder reads what has no image's first bytes (issue 43: nor is it handed to one).
        guard ImageSignature.isImage(try file.bytes(at: 0, count: ImageSignature.prefixLength), fileExtension: fileExtension) else {
            throw ImageSignature.unknown
        }
        return nil
    }
}
