import CSDL2
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes freedesktop thumbnail-cache entries from thumbnails the pipeline has already decoded, on
/// one thread of its own at the lowest priority (nice 19), so the decoder threads and the frame
/// loop always come first. The pipeline hands thumbnails over only once the visible ones are on
/// screen.
///
/// Each thumbnail becomes a `large` entry and, when it is big enough (HiDPI cells), an `x-large`
/// one: downscaled to the class's box when it is larger, never decoded again. The photo's
/// modification time is read just before writing; a photo replaced meanwhile is left for the
/// pipeline's next decode. A cache that cannot be written (read-only, full, not ours) is a quiet
/// fallback: after three failures in a row the writer stops trying for the session, and nothing is
/// ever shown to the user.
final class ThumbnailCacheWriter: @unchecked Sendable {
    /// A thumbnail to store: the photo's path and its upright pixels.
    struct Item {
        var path: String
        var image: DecodedImage
    }

    /// Failures in a row after which the writer gives up for the session.
    static let failuresBeforeGivingUp = 3

    let cache: FreedesktopThumbnailCache
    private let condition = NSCondition()
    private var items: [Item] = []
    private var busy = false
    private var stopping = false
    private var started = false
    private var failuresInARow = 0
    private var givenUp = false
    private var written = 0
    private var failed = 0

    init(cache: FreedesktopThumbnailCache) {
        self.cache = cache
    }

    /// Entries written so far (each size class counts once).
    var entriesWritten: Int { locked { written } }
    /// Writes that failed (quietly).
    var writesFailed: Int { locked { failed } }
    /// True when nothing is queued or being written.
    var isIdle: Bool { locked { items.isEmpty && !busy } }

    /// Queues `items` for writing (dropped when the writer has given up or stopped).
    func enqueue(_ new: [Item]) {
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
    func forget(path: String) {
        locked { items.removeAll { $0.path == path } }
    }

    /// Stops the thread after the entry being written, dropping the rest.
    func stop() {
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
        guard let file = try? PhotoFile(path: item.path) else { return (0, 0) }  // gone: nothing to cache
        let image = item.image
        var ok = 0, bad = 0
        for sizeClass in [FreedesktopThumbnailCache.SizeClass.xLarge, .large] {
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
                try cache.write(surface, forFile: item.path, modificationTime: file.modificationTime, sizeClass: sizeClass)
                ok += 1
            } catch {
                bad += 1
            }
        }
        return (ok, bad)
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
