import CSDL2
import Dispatch
import Foundation
import Geometry
import Viewer

/// The photo set the viewer is given: each file's name, format, stored size and EXIF orientation,
/// read from the file headers at start-up without decoding pixels.
///
/// Reading sizes synchronously is a measured decision: 10,000 JPEG headers (EXIF included) take
/// about 0.1 s on two threads from the page cache (`scripts/bench pipeline`), well inside the
/// "first frame in well under a second" target, so the trace header carries every size and no
/// `photoSize` events are needed. Formats without a parser here (SVG, XPM, PCX, …) are sized by an
/// SDL_image decode; they are rare in photo folders.
///
/// A file that cannot be shown (empty, unreadable, not an image, corrupt header, above the pixel
/// limit) gets one warning line here and a zero size; the pipeline draws it as a broken placeholder.
public struct PhotoCatalog: Sendable {
    /// Decoding refuses images with more pixels than this (100 MP: a 400 MB decode). Camera photos
    /// are 12–60 MP; a larger header is a decompression bomb or damage.
    public static let defaultPixelLimit = 100_000_000

    /// One file of the set.
    public struct Entry: Sendable {
        public var url: URL
        /// The header when the file can be shown.
        var header: ImageHeader?
        /// Why the file cannot be shown (already warned about).
        var problem: ImageProblem?

        /// True when the file cannot be shown.
        public var isBroken: Bool { problem != nil }
    }

    public let entries: [Entry]
    public let pixelLimit: Int

    /// Reads the headers of `folder`'s files; one warning line per file that cannot be shown.
    public init(folder: PhotoFolder, pixelLimit: Int = defaultPixelLimit, warn: (String) -> Void) {
        self.init(files: folder.files, pixelLimit: pixelLimit, warn: warn)
    }

    /// Reads the headers of `files` (in this order) on up to `threads` threads.
    public init(files: [URL], pixelLimit: Int = defaultPixelLimit, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                warn: (String) -> Void) {
        self.pixelLimit = pixelLimit
        var results = [Entry](repeating: Entry(url: URL(fileURLWithPath: "/")), count: files.count)
        let workers = max(1, min(threads, files.count / 64 + 1))
        results.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var i = worker
                while i < files.count {
                    out[i] = Self.entry(for: files[i], pixelLimit: pixelLimit)
                    i += workers
                }
            }
        }
        for entry in results {
            if let problem = entry.problem { warn(problem.warning(path: entry.url.path)) }
        }
        entries = results
    }

    /// The photos in grid order: names and upright pixel sizes (`.zero` for files that cannot be shown).
    public var photos: [Photo] {
        entries.map { entry in
            let size = entry.header.map { Size(Double($0.uprightSize.width), Double($0.uprightSize.height)) } ?? .zero
            return Photo(name: entry.url.lastPathComponent, pixelSize: size)
        }
    }

    /// The entry for one file: its header, or the problem that keeps it from being shown.
    static func entry(for url: URL, pixelLimit: Int) -> Entry {
        do throws(ImageProblem) {
            let header = try readHeader(url)
            guard header.pixelCount <= pixelLimit else {
                throw .tooManyPixels(width: header.storedWidth, height: header.storedHeight, limit: pixelLimit)
            }
            return Entry(url: url, header: header)
        } catch {
            return Entry(url: url, problem: error)
        }
    }

    /// The header from the file's bytes, or from an SDL_image decode for formats not parsed here.
    static func readHeader(_ url: URL) throws(ImageProblem) -> ImageHeader {
        let file = try PhotoFile(path: url.path)
        if let header = try ImageHeader.read(file, fileExtension: url.pathExtension.lowercased()) { return header }
        guard let surface = IMG_Load(url.path) else {
            throw .notAnImage("content in no format PhotoZoom reads; SDL_image: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        return try ImageHeader.make(.other, Int(surface.pointee.w), Int(surface.pointee.h))
    }
}
