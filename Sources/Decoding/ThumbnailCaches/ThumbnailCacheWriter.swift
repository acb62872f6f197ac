import CSDL2
import Foundation
import ImageFormats
import PhotoFiles
#if canImport(Glibc)
import Glibc
#endif

/// Writes freedesktop thumbnail-cache entries from thumbnails the pipeline has already decoded, on
/// one thread of its own at the lowest priority (nice 19), so the decoder threads and the frame
/// loop always come first. The pipeline hands thumbnails over only once the visible ones are on
/// screen.
///
/// Each thumbnail becomes a `large` entry and, when it is big enough (HiDPI cells), an `x-large`
/// one: downscaled to the class's box when it is larger, never decoded again. The thumbnail fitted
/// to the cells' side goes to PhotoZoom's own cache of pixels too (`PixelThumbnailCache`, when
/// given), first: it is what the next visit reads; a thumbnail read from the shared cache is
/// written there alone. The pixel cache is trimmed to its budget before the first write of a
/// session and whenever the session's writes take it past the budget. Nothing is stored for a
/// photo whose file is no longer the version decoded (`Item.source`): its next decode stores its
/// own. A cache that cannot be written (read-only, full, not ours) is a quiet
/// fallback: after three failures in a row the writer stops trying for the session, and nothing is
/// ever shown to the user.
package final class ThumbnailCacheWriter: @unchecked Sendable {
    /// A thumbnail to store: the photo's path and its upright pixels.
    package struct Item {
        package var path: String
        package var image: DecodedImage
        /// The version of the file the image was decoded from: nothing is stored once the file
        /// is another (replaced after the decode; its next decode stores its own).
        package var source: FileIdentity
        /// False for a thumbnail read from the shared cache: only PhotoZoom's own entry is written.
        package var writesShared = true
        /// The side the cells showed (`DecodeJob.shownSide`): PhotoZoom's own entry is the
        /// thumbnail at that side (nil: at the image's own).
        package var shownSide: Int? = nil

        /// The memberwise initializer, for the other modules of the package.
        package init(path: String, image: DecodedImage, source: FileIdentity, writesShared: Bool = true, shownSide: Int? = nil) {
            self.path = path
            self.image = image
            self.source = source
            self.writesShared = writesShared
            self.shownSide = shownSide
        }
    }

    /// Failures in a row after which the writer gives up for the session.
    static let failuresBeforeGivingUp = 3

    package let cache: FreedesktopThumbnailCache
    package let pixels: PixelThumbnailCache?
    /// The pixel cache's bytes as last counted plus those written since (nil before the first count).
    private var pixelBytes: Int?
    private var pixelWritten = 0
    private let condition = NSCondition()
    private var items: [Item] = []
    private var busy = false
    private var stopping = false
    private var started = false
    private var failuresInARow = 0
    private var givenUp = false
    private var written = 0
    private var failed = 0

    package init(cache: FreedesktopThumbnailCache, pixels: PixelThumbnailCache? = nil) {
        self.cache = cache
        self.pixels = pixels
    }

    /// Entries written to the pixel cache so far (one a thumbnail).
    package var pixelEntriesWritten: Int { locked { pixelWritten } }

    /// Entries written so far (each size class counts once).
    package var entriesWritten: Int { locked { written } }
    /// Writes that failed (quietly).
    package var writesFailed: Int { locked { failed } }
    /// True when nothing is queued or being written.
    package var isIdle: Bool { locked { items.isEmpty && !busy } }

    /// Queues `items` for writing (dropped when the writer has given up or stopped).
    package func enqueue(_ new: [Item]) {
        guard !new.isEmpty else { return }
        condition.lock()
        defer { condition.unlock() }
        guard !givenUp, !stopping else { return }
        items += new
        if !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "photozoom-thumbnail-writer"
            thread.stackSize = 1 << 20
            thread.start()
        }
        condition.broadcast()
    }

    /// Drops what is queued for `path` (its file was replaced: those pixels are the old picture's).
    package func forget(path: String) {
        locked { items.removeAll { $0.path == path } }
    }

    /// Stops the thread after the entry being written, dropping the rest.
    package func stop() {
        locked {
            stopping = true
            items.removeAll()
            condition.broadcast()
        }
    }

    private func run() {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        while true {
            condition.lock()
            while items.isEmpty && !stopping { condition.wait() }
            if stopping { condition.unlock(); return }
            let item = items.removeFirst()
            busy = true
            condition.unlock()
            let (ok, bad) = store(item)
            locked {
                busy = false
                written += ok
                failed += bad
                failuresInARow = bad > 0 ? failuresInARow + bad : 0
                if failuresInARow >= Self.failuresBeforeGivingUp {
                    givenUp = true
                    items.removeAll()
                }
            }
        }
    }

    /// Writes the entries `item` can make; returns how many were written and how many failed.
    func store(_ item: Item) -> (written: Int, failed: Int) {
        // Gone or replaced since the decode: nothing to store for it.
        guard let file = try? PhotoFile(path: item.path), file.identity == item.source else { return (0, 0) }
        let image = item.image
        var ok = 0, bad = 0
        if let pixels {
            if pixelBytes == nil { pixelBytes = pixels.trim() }
            if let bytes = storePixels(item, file, pixels) {
                locked { pixelWritten += 1 }
                pixelBytes = (pixelBytes ?? 0) + bytes
                if let total = pixelBytes, total > pixels.budgetBytes { pixelBytes = pixels.trim() }
            }
        }
        for sizeClass in [FreedesktopThumbnailCache.SizeClass.xLarge, .large] where item.writesShared {
            let short = FreedesktopThumbnailCache.entryShortSide(sizeClass, width: image.fullWidth, height: image.fullHeight)
            guard min(image.width, image.height) >= short else { continue }
            var surface = image.surface
            var owned = false
            if max(image.width, image.height) > sizeClass.rawValue {
                // Fitted into the box: the longer side the box's, the shorter one `short`.
                let (w, h) = image.width >= image.height ? (sizeClass.rawValue, short) : (short, sizeClass.rawValue)
                guard let smaller = SurfaceOps.downscaled(image.surface, toWidth: w, height: h) else { bad += 1; continue }
                surface = smaller
                owned = true
            }
            defer { if owned { SDL_FreeSurface(surface) } }
            do {
                try cache.write(surface, forFile: item.path, source: file.identity, sizeClass: sizeClass)
                ok += 1
            } catch {
                bad += 1
            }
        }
        return (ok, bad)
    }

    /// Writes `item`'s thumbnail at the side the cells showed to `pixels`; its byte count, or nil
    /// (quietly: a failure does not count towards giving up, the shared entries still serve).
    private func storePixels(_ item: Item, _ file: PhotoFile, _ pixels: PixelThumbnailCache) -> Int? {
        let image = item.image
        let imageShort = min(image.width, image.height)
        let side = item.shownSide ?? imageShort
        // The thumbnail for `side`: the image fitted so its shorter side is `side`, or whole when
        // it is the whole photo and smaller (a thumbnail capped below both is not stored).
        let short = min(side, imageShort)
        guard short == min(side, image.fullWidth, image.fullHeight) else { return nil }
        let scale = Double(short) / Double(imageShort)
        let w = max(1, Int((Double(image.width) * scale).rounded())), h = max(1, Int((Double(image.height) * scale).rounded()))
        // Within what the reader takes (a thumbnail of an extreme panorama may be longer).
        guard w <= PixelThumbnailCache.sideLimit, h <= PixelThumbnailCache.sideLimit,
              w * h <= FreedesktopThumbnailCache.entryPixelLimit else { return nil }
        var surface = image.surface
        if w != image.width || h != image.height {
            guard let smaller = SurfaceOps.downscaled(image.surface, toWidth: w, height: h) else { return nil }
            surface = smaller
        }
        defer { if surface != image.surface { SDL_FreeSurface(surface) } }
        return try? pixels.write(surface, forFile: item.path, source: file.identity,
                                 fullWidth: image.fullWidth, fullHeight: image.fullHeight, hasTransparency: image.hasTransparency, side: side)
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
