import Events
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells which files in the photos' folders changed since the last call (inotify): written or
/// moved into place, deleted or moved away. What became of each is for the caller to read on
/// disk (`PhotoPipeline`): several events for one name in one frame come to what is there now.
///
/// One watch per folder for `IN_CLOSE_WRITE` (a file written: its writer closed it, so it is
/// whole; a file being written is not reported until then), `IN_MOVED_TO` (a file renamed into
/// place, as editors and `mv` save), `IN_CREATE` for a name made as a link (`ln -s`, `ln`: nothing
/// follows its creation, issue 43; a new file with one name is left to its `IN_CLOSE_WRITE`),
/// `IN_DELETE` and `IN_MOVED_FROM`. Polling reads whatever events
/// are queued without blocking: nothing when nothing changed.
package final class PhotoFolderWatcher {
    /// Folders watched at most (each costs one of the user's inotify watches, 8,192 by default).
    static let maximumFolders = 1024

    /// The inotify queue, non-blocking: readable when a change waits (the frame loop's wake watches it).
    package let descriptor: Int32
    private var folders: [Int32: String] = [:]

    /// Watches the folders of `paths` and the `folders` named (a folder shown while it holds no
    /// photo: issue 42); nil when inotify is not available or there are too many folders.
    package init?(paths: [String], folders named: [String] = []) {
        let distinct = Self.folders(of: paths, named: named)
        // With no folder yet (nothing shown) the queue is made all the same: the frame loop waits on
        // it from the start, and a folder shown later is watched through it.
        guard distinct.count <= Self.maximumFolders else { return nil }
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        for folder in distinct.sorted() { add(folder) }
        if folders.isEmpty, !distinct.isEmpty {
            close(descriptor)
            return nil
        }
    }

    /// The folders of `paths` and those `named`, each once (without a final slash).
    static func folders(of paths: [String], named: [String]) -> Set<String> {
        Set(paths.map { ($0 as NSString).deletingLastPathComponent } + named.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
    }

    private func add(_ folder: String) {
        let wd = FileSystemPath.withCString(folder) {
            inotify_add_watch(descriptor, $0, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM))
        }
        if wd >= 0 { folders[wd] = folder }
    }

    /// Watches the folders of `paths` and the `folders` named from now on, and no other (the list
    /// was replaced: a folder chosen or dropped); the events of the folders left that are still
    /// queued are dropped.
    package func watchOnly(paths: [String], folders named: [String]) {
        let wanted = Self.folders(of: paths, named: named)
        for (wd, folder) in folders where !wanted.contains(folder) {
            inotify_rm_watch(descriptor, wd)
            folders[wd] = nil
        }
        let kept = Set(folders.values)
        for folder in wanted.sorted() where !kept.contains(folder) && folders.count < Self.maximumFolders { add(folder) }
    }

    deinit { close(descriptor) }

    /// True when `path` was made as a link: a symbolic link, or a file with a second name (a hard
    /// link). A file just created with one name is being written: its close reports it.
    static func isLink(_ path: String) -> Bool {
        guard let info = FileSystemPath.linkStatus(path) else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFLNK || (kind == S_IFREG && info.st_nlink > 1)
    }

    /// Events read from the queue and not yet handed out: the queue is read whole at every call
    /// (the kernel's holds 16,384 events and drops the rest), the events handed out at most
    /// `eventsPerCall` at a time (issue 43: 20,000 files moved in at once are taken over several
    /// frames, each well inside its time).
    private var backlog: [(wd: Int32, mask: UInt32, name: [UInt8])] = []
    private var backlogStart = 0

    /// True when the kernel's queue overflowed since `takeOverflow` was last asked: events were lost.
    private var overflowed = false

    /// True (once) when events were lost since the last call (IN_Q_OVERFLOW: more changes at once
    /// than the queue holds): the caller lists `watchedFolders` again (issue 43).
    package func takeOverflow() -> Bool {
        defer { overflowed = false }
        return overflowed
    }

    /// The folders watched.
    package var watchedFolders: [String] { folders.values.sorted() }

    /// Events handed out by one `changedPaths` call at most.
    static let eventsPerCall = 250

    /// True while events read from the queue wait to be handed out (the caller should call again
    /// at its next frame, without waiting for the descriptor).
    package var hasBacklog: Bool { backlogStart < backlog.count }

    /// The paths (folder + "/" + name, as `paths` spelled the folders) written, moved into place,
    /// made as links, deleted or moved away since the last call (at most `eventsPerCall` events'
    /// worth; the rest at the next calls), each once, in the order they first changed.
    package func changedPaths() -> [String] {
        drain()
        var out: [String] = []
        var seen: Set<String> = []
        let end = min(backlog.count, backlogStart + Self.eventsPerCall)
        for (wd, mask, nameBytes) in backlog[backlogStart..<end] {
            guard let folder = folders[wd] else { continue }
            // ASCII names (most) are spelled as they are, without decoding them byte by byte.
            let name = nameBytes.allSatisfy { $0 < 0x80 } ? String(decoding: nameBytes, as: UTF8.self) : PhotoName.spelling(nameBytes)
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if mask & UInt32(IN_CREATE) != 0, !Self.isLink(path) { continue }
            if seen.insert(path).inserted { out.append(path) }
        }
        backlogStart = end
        if backlogStart == backlog.count {
            backlog.removeAll(keepingCapacity: true)
            backlogStart = 0
        }
        return out
    }

    /// Reads every event queued into the backlog.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (e.wd, e.mask, Int(e.len))
                }
                let nameBytes = buffer[(offset + header)..<min(n, offset + header + length)].prefix { $0 != 0 }
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                if !nameBytes.isEmpty, folders[wd] != nil { backlog.append((wd, mask, Array(nameBytes))) }
            }
        }
    }
}
