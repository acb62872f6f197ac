import CSDL2
import Foundation
import Events

/// The files of drops on the window, collected as SDL sends them, by an SDL event filter that
/// keeps the files' events out of SDL's queue (issue 43): SDL's X11 driver sends one event per file
/// within one pump, and its queue holds 65,535 events, so a drop of 200,000 files lost most of its
/// files and its end, and was ignored without a word. Collected here, a drop of any size arrives
/// whole. The drop's begin and end pass into the queue (SDL sends no file of a drop whose begin it
/// could not queue, and starts no new drop until its end was queued; the event source skips
/// them); every other event passes untouched.
///
/// The filter runs on the thread that sends an event (SDL's pump, on the frame loop's thread, for
/// drops; any thread for the app's own wake events), so what it collects is kept under a lock.
final class DropCollector: @unchecked Sendable {
    private let lock = NSLock()
    /// Paths of the drop under way (SDL_DROPBEGIN … SDL_DROPCOMPLETE), nil between drops.
    private var current: [String]?
    /// Drops completed and not yet taken, each its paths in the order sent.
    private var completed: [[String]] = []

    /// Installs the filter (SDL has one: the last installed is the one that runs).
    init() {
        SDL_SetEventFilter({ context, event in
            guard let context, let event else { return 1 }
            return Unmanaged<DropCollector>.fromOpaque(context).takeUnretainedValue().filter(event) ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        var filter: SDL_EventFilter?
        var context: UnsafeMutableRawPointer?
        if SDL_GetEventFilter(&filter, &context) == SDL_TRUE, context == Unmanaged.passUnretained(self).toOpaque() {
            SDL_SetEventFilter(nil, nil)
        }
    }

    /// The drops completed since the last call, oldest first.
    func take() -> [[String]] {
        lock.withLock {
            defer { completed.removeAll() }
            return completed
        }
    }

    /// True to let `event` into the queue; a dropped file's event is kept here instead (its path
    /// freed as SDL would after reading it).
    private func filter(_ event: UnsafeMutablePointer<SDL_Event>) -> Bool {
        let type = event.pointee.type
        guard type == SDL_DROPBEGIN.rawValue || type == SDL_DROPFILE.rawValue || type == SDL_DROPCOMPLETE.rawValue else { return true }
        lock.withLock {
            if type == SDL_DROPBEGIN.rawValue {
                current = []
            } else if type == SDL_DROPFILE.rawValue {
                if let file = event.pointee.drop.file {
                    // The path's bytes, spelled the `PhotoName` way: a name that is not UTF-8 opens.
                    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(file).assumingMemoryBound(to: UInt8.self), count: strlen(file))
                    if current == nil { current = [] }
                    current?.append(PhotoName.spelling(bytes))
                }
            } else {
                if let paths = current, !paths.isEmpty { completed.append(paths) }
                current = nil
            }
        }
        guard type == SDL_DROPFILE.rawValue else { return true }
        if let file = event.pointee.drop.file {
            SDL_free(file)
            event.pointee.drop.file = nil
        }
        return false
    }

    /// True for the drop events the filter lets into the queue (its begin and end), which the
    /// event source skips: the drop itself comes from `take`.
    static func isDropMark(_ event: SDL_Event) -> Bool {
        event.type == SDL_DROPBEGIN.rawValue || event.type == SDL_DROPCOMPLETE.rawValue || event.type == SDL_DROPFILE.rawValue
    }
}
