import Foundation
import Geometry
import Gestures
import DecoderSandbox
import ImageFormats
import PhotoFiles
import Events

/// The photos the pipeline knows: the catalogue read at start-up, the list in the viewer's order,
/// what each file's header says (sizes, embedded previews, broken files), the headers still to read
/// (on threads of their own, screen first), and what the folder watcher sees change on disk.
///
/// Each photo has an id that is never reused (its place in `sources`); the viewer's indices map to
/// ids through `order`, and change only at `takeListChange` (recorded as a `photos` event), so a
/// frame is never drawn with the viewer's list and another one here. It holds no textures and
/// decodes nothing: what becomes of a photo's pictures when its file changes is the pipeline's
/// (`PhotoPipeline`). For the frame loop's thread only.
package final class PhotoLibrary {
    /// A photo's file, as the library knows it.
    package struct Source: Sendable {
        package var path: String
    }

    /// Every photo this library has known, by id (removed ones stay, unused).
    package private(set) var sources: [Source]
    /// The id of the photo at each index of the viewer's list.
    package private(set) var order: [Int]
    /// The index of each id in `order`, −1 for an id not listed (removed). A change renumbers only
    /// the photos from its first removed or added index on (issue 43: the whole map was made again
    /// at every slice of a drop, tens of milliseconds at 50,000 photos).
    private(set) var indexOfID: [Int]
    /// The folder of each id's file, by its number in `folderNames` (where a new photo of the same
    /// folder goes).
    private var folderOfID: [Int]
    /// The folders of the photos, by number, and the number of each.
    private var folderNames: [String] = []
    private var folderNumbers: [String: Int] = [:]
    /// Each folder's photos (ids, by folder number) in the order of the list: where a new photo's
    /// place is found, without a pass over the whole list. Made from the list when a photo joins
    /// and none is known, kept as photos join, forgotten when photos leave or the list is sorted.
    private var membersOfFolder: [Int: [Int]]?
    /// Each id's file name with its natural-order key, made when first needed (`NaturalName`).
    private var naturalNames: [NaturalName?]
    /// The files of the photos of `unscanned`, in turn, made as they join.
    private var unscannedFiles: [URL] = []
    /// Photos added to the list whose headers no scanner reads yet: one scanner takes them all
    /// once no addition waits (a drop's slices would otherwise start a thread each).
    private var unscanned: [Int] = []
    /// The folder the catalog's names are relative to, with a trailing "/" (`-r` names photos
    /// `a/x.jpg`); nil when no name is a tail of its path.
    private let namesRoot: String?
    /// Notices photos replaced, removed or added on disk; nil when the folders cannot be watched.
    private var watcher: PhotoFolderWatcher?
    /// True when folders are watched (a list made later gets a watcher of its own when this one had none).
    private let watchesFolders: Bool
    /// The id of each path in the list.
    private var idOfPath: [PathKey: Int]
    /// Photos gone from disk, not yet taken out of the list (ids).
    private(set) var pendingRemovals: Set<Int> = []
    /// The upright sizes of photos the app took out of the list (`removePhoto(at:)`), by path: put
    /// back (`addPhoto(atPath:)`), a photo joins at its known size, not as one still to be read.
    private var sizesOfRemoved: [String: (width: Int, height: Int)] = [:]
    /// Files new on disk or dropped, not yet put into the list, in the order they came, from
    /// `pendingHead` on (a path listed twice joins once; one listed already, once). Queueing a drop
    /// costs nothing per file: each is looked at when its slice is taken (issue 43: a drop of 50,000
    /// files hashed each into a set in the frame of the drop).
    private var pendingAdditions: [String] = []
    private var pendingHead = 0
    /// Paths reported gone while they waited in `pendingAdditions`: skipped when taken, unless
    /// queued again since (issue 43: a file moved in and out again before it joined).
    private var withdrawn: Set<String> = []
    /// The order asked for (`sort(by:)`), applied at the next `takeListChange`.
    private var pendingSort: PhotoOrder?
    /// The order the list is shown in: photos added later (the folder watched, Ctrl+Z) take their
    /// place in it, not in name order.
    package var shownOrder: PhotoOrder = .name
    /// The photo (its id) whose picture a moved photo's ghost draws, by the ghost's number (−1 −
    /// its index before the last change); the textures stay the photo's own.
    package private(set) var movedPictures: [Int: Int] = [:]
    /// Read the headers the catalog did not (the first), and those of photos added since.
    private var scanners: [HeaderScanner] = []
    private var lastScreen: [Int] = []
    /// Per photo: its size is in the viewer (from the catalog, or handed over since).
    package private(set) var sizeDelivered: [Bool]
    /// Per photo: the upright size the viewer has or will be handed, once known.
    package private(set) var knownSizes: [(width: Int, height: Int)?]
    /// Sizes learned and not yet handed over, in the order learned.
    private var pendingSizes: [(index: Int, size: Size)] = []
    private var sizePending: Set<Int> = []
    /// Per photo: its embedded EXIF preview's upright size, when it has one.
    package private(set) var previewSizes: [(width: Int, height: Int)?]
    /// Photos whose file cannot be decoded (warned about once; never decoded again unless replaced).
    package private(set) var broken: Set<Int>
    /// Why each broken photo cannot be shown (`ImageProblem.message`), by id: its placeholder says it.
    package private(set) var brokenReasons: [Int: String] = [:]
    /// Photos shown in part (a file cut short) and warned about: one warning each.
    private var partlyShown: Set<Int> = []
    /// Quarter turns clockwise the session gave photos whose files were not written: every later
    /// decode of them is turned so.
    package private(set) var sessionTurns: [Int: Int] = [:]
    /// The version of a file PhotoZoom wrote itself (a turn kept): the watcher's news of it is no replacement.
    private var ownWrites: [String: FileIdentity] = [:]
    /// Files PhotoZoom is writing (a turn kept, on a thread of its own): the watcher's news of them waits for the result.
    private var writing: [String: Int] = [:]
    /// Elements of lists visited and names compared by list changes so far (queueing files,
    /// placing new photos, forgetting removed ones): their cost in steps, whatever the machine
    /// (issue 43: a test reads it to check that a change of n photos costs O(n log n)).
    package private(set) var listWork = 0
    private let pixelLimit: Int
    private var addsNewPhotos: Bool
    private let helper: DecoderHelperSettings?

    /// The photos of `catalog`, their folders watched when `watchesFolders`; files the catalog
    /// found broken start broken (already warned), headers it left unread are read on a thread.
    /// `folders`: folders watched besides the photos' own (the folder shown, empty or not).
    package init(catalog: PhotoCatalog, pixelLimit: Int, watchesFolders: Bool, addsNewPhotos: Bool, helper: DecoderHelperSettings?,
                 folders: [String] = []) {
        sources = catalog.entries.map { Source(path: $0.url.path) }
        var index: [PathKey: Int] = [:]
        index.reserveCapacity(sources.count)
        for (i, source) in sources.enumerated() { index[PathKey(source.path)] = i }
        idOfPath = index
        order = Array(sources.indices)
        indexOfID = Array(sources.indices)
        folderOfID = []
        naturalNames = Array(repeating: nil, count: sources.count)
        namesRoot = Self.namesRoot(of: catalog.entries)
        watcher = watchesFolders ? PhotoFolderWatcher(paths: sources.map(\.path), folders: folders) : nil
        self.watchesFolders = watchesFolders
        broken = Set(catalog.entries.indices.filter { catalog.entries[$0].isBroken })
        for (id, entry) in catalog.entries.enumerated() { if let problem = entry.problem { brokenReasons[id] = problem.message } }
        self.pixelLimit = pixelLimit
        self.addsNewPhotos = addsNewPhotos
        self.helper = helper
        sizeDelivered = catalog.entries.map(\.hasSize)
        knownSizes = catalog.entries.map { $0.header?.uprightSize }
        previewSizes = catalog.entries.map { $0.header.flatMap(Self.previewSize) }
        let unknown = catalog.entries.indices.filter { !catalog.entries[$0].isKnown }
        if !unknown.isEmpty {
            scanners = [HeaderScanner(urls: catalog.entries.map(\.url), indices: unknown, pixelLimit: pixelLimit, helper: helper)]
        }
        folderOfID = sources.map { folderNumber(Self.folder(of: $0.path)) }
    }

    /// Stops the header threads.
    package func stop() {
        for scanner in scanners { scanner.stop() }
    }

    // MARK: - The list

    /// The index of photo `id` in the list; nil when it is not listed.
    private func index(of id: Int) -> Int? { indexOfID[id] >= 0 ? indexOfID[id] : nil }

    /// The id of the photo at `index` of the viewer's list, nil outside it.
    package func id(at index: Int) -> Int? { order.indices.contains(index) ? order[index] : nil }

    /// The path of photo `id`'s file.
    package func path(of id: Int) -> String { sources[id].path }

    /// True when photo `id` is in the list and not about to leave it.
    package func isListed(_ id: Int) -> Bool { index(of: id) != nil && !pendingRemovals.contains(id) }

    /// The index in the list of the photo whose file is `path`; nil when none is.
    package func index(ofPath path: String) -> Int? { idOfPath[PathKey(path)].flatMap(index(of:)) }

    /// The folder watcher's inotify queue (nil when the folders are not watched).
    package var folderWatchDescriptor: Int32? { watcher?.descriptor }

    /// True while a header is left to read.
    package var isReadingHeaders: Bool { scanners.contains { $0.isBusy } }

    /// True while a change waits for the next frames: photos still to join (a drop's or a
    /// folder's later slices), or folder events read and not yet sorted out. The frame loop keeps
    /// stepping meanwhile (nothing would wake it: the files were all queued, the events all read).
    package var hasPendingChanges: Bool { hasQueuedAdditions || (watcher?.hasBacklog ?? false) }

    /// True while files wait to join the list.
    private var hasQueuedAdditions: Bool { pendingHead < pendingAdditions.count }

    /// The photo at `index` leaves the list at the next `takeListChange` (its file was moved away
    /// by the app: the trash), as one gone from disk does.
    package func removePhoto(at index: Int) {
        guard let id = id(at: index) else { return }
        pendingRemovals.insert(id)
        if let size = knownSizes[id], sizeDelivered[id] { sizesOfRemoved[sources[id].path] = size }
    }

    /// The list becomes the files at `paths` at the next `takeListChange` (files dropped on the
    /// window): every photo leaves, each file joins where a listing of its folder puts it.
    /// `folder`: the folder now shown; it and the new photos' folders are watched in place of the
    /// old ones, and a photo new in them joins the list only when a folder is shown (as at start).
    package func replaceList(with paths: [String], folder: String? = nil) {
        let named = folder.map { [$0] } ?? []
        addsNewPhotos = folder != nil
        if let watcher {
            watcher.watchOnly(paths: paths, folders: named)
        } else if watchesFolders {
            watcher = PhotoFolderWatcher(paths: paths, folders: named)
        }
        pendingRemovals.formUnion(order)
        if !withdrawn.isEmpty { for path in paths { withdrawn.remove(path) } }
        pendingAdditions += paths
        // Room for every path now, while the map holds only the list that leaves: not regrown
        // (every key moved) in the frames the photos join.
        idOfPath.reserveCapacity(idOfPath.count + paths.count)
    }

    /// The file at `path` joins the list at the next `takeListChange` (put back by the app: undo of
    /// the trash), where a listing of its folder puts it, as one new on disk does.
    package func addPhoto(atPath path: String) {
        queueAddition(path)
    }

    /// `path` joins the list at the next `takeListChange` (once, however often it is queued).
    private func queueAddition(_ path: String) {
        listWork += 1
        withdrawn.remove(path)
        pendingAdditions.append(path)
    }

    /// The list is shown in `order` from the next `takeListChange` on (Shift+S).
    package func sort(by order: PhotoOrder) {
        pendingSort = order
        shownOrder = order
    }

    // MARK: - Headers and sizes

    /// Takes the headers read since the last frame (`screen`: the ids on screen, read first):
    /// sizes and previews are learnt here; returns the photos whose headers say they are broken.
    package func takeHeaders(screen: [Int]) -> [(id: Int, problem: ImageProblem)] {
        guard !scanners.isEmpty else { return [] }
        var problems: [(id: Int, problem: ImageProblem)] = []
        let first = screen != lastScreen ? screen.filter { !sizeDelivered[$0] } : nil
        lastScreen = screen
        for scanner in scanners {
            if let first { scanner.readFirst(first) }
            scanner.start()
            for result in scanner.take() where isListed(result.index) {
                if let problem = result.problem { problems.append((result.index, problem)) }
                if let header = result.header {
                    previewSizes[result.index] = Self.previewSize(header)
                    learnSize(result.index, width: header.uprightSize.width, height: header.uprightSize.height)
                }
            }
        }
        // A scanner of photos added later is done with once it has read them all.
        if scanners.count > 1 { scanners = [scanners[0]] + scanners.dropFirst().filter(\.isBusy) }
        return problems
    }

    /// Queues a photo's size for the viewer unless it has it or it is queued.
    package func learnSize(_ photo: Int, width: Int, height: Int) {
        knownSizes[photo] = (width, height)
        guard !sizeDelivered[photo], sizePending.insert(photo).inserted else { return }
        pendingSizes.append((photo, Size(Double(width), Double(height))))
    }

    /// A decode found `photo` at another size than the viewer has (the file was replaced since its
    /// header was read): the new size is handed over before the new pixels are drawn.
    package func sizeChanged(_ photo: Int, width: Int, height: Int) {
        sizeDelivered[photo] = false
        sizePending.remove(photo)
        pendingSizes.removeAll { $0.index == photo }
        learnSize(photo, width: width, height: height)
    }

    /// The sizes learnt and not yet handed over, as `photoSize` events (unstamped), by the list's
    /// indices now; they count as delivered.
    package func takeSizes() -> [InputEvent.Kind] {
        defer { pendingSizes.removeAll(); sizePending.removeAll() }
        var sizes: [InputEvent.Kind] = []
        for update in pendingSizes {
            guard let index = self.index(of: update.index) else { continue }
            sizeDelivered[update.index] = true
            sizes.append(.photoSize(index: index, size: update.size))
        }
        return sizes
    }

    // MARK: - Broken files

    /// Marks `photo` broken for `reason`; true when it was not (the caller warns once and drops
    /// its pictures).
    package func markBroken(_ photo: Int, reason: String) -> Bool {
        guard broken.insert(photo).inserted else { return false }
        brokenReasons[photo] = reason
        return true
    }

    /// True (once per photo) when a picture of `photo` shown in part should be warned about.
    package func notePartlyShown(_ photo: Int) -> Bool { partlyShown.insert(photo).inserted }

    /// Forgets what was learnt from `id`'s file as it was (it was replaced): a broken one is tried
    /// again (its new content may be fine), its partial warning may come again.
    package func forgetFile(of id: Int) {
        partlyShown.remove(id)
        brokenReasons[id] = nil
        if broken.remove(id) != nil, knownSizes[id] == nil { sizeDelivered[id] = false }
    }

    // MARK: - Folder changes

    /// Sorts out what the folder watcher saw since the last frame, by what is on disk now (events
    /// of one frame for one name — deleted and written again, written twice — come to one): a
    /// photo of the list that is still there was replaced (its id is returned, to be read again);
    /// one that is gone waits to leave the list; a new image file waits to join it
    /// (`takeListChange`). Nil when the watcher saw nothing.
    package func takeFolderChanges() -> [Int]? {
        guard let watcher else { return nil }
        var touched = watcher.changedPaths()
        if watcher.takeOverflow() { touched += relisted(watcher.watchedFolders) }
        guard !touched.isEmpty else { return nil }
        var replaced: [Int] = []
        for path in touched {
            if writing[path] != nil { continue }
            if let own = ownWrites[path], FileIdentity(path: path) == own { continue }
            let exists = FileSystemPath.linkStatus(path) != nil
            if let id = idOfPath[PathKey(path)] {
                if exists {
                    pendingRemovals.remove(id)
                    replaced.append(id)
                } else {
                    pendingRemovals.insert(id)
                }
            } else if exists {
                if addsNewPhotos, PhotoFolder.isImageName(Self.fileName(of: path)) { queueAddition(path) }
            } else if hasQueuedAdditions {
                listWork += 1
                withdrawn.insert(path)  // gone again before it joined: skipped when taken
            }
        }
        return replaced
    }

    /// After events were lost (inotify's queue overflowed): the paths that differ between the
    /// watched `folders` on disk and the list, as if each had been reported — every image name
    /// there that is not listed, and every listed photo of those folders whose file is gone.
    private func relisted(_ folders: [String]) -> [String] {
        let watched = Set(folders)
        var out: [String] = []
        for folder in folders {
            for name in FileSystemPath.names(in: folder) ?? [] where PhotoFolder.isImageName(name) {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                if idOfPath[PathKey(path)] == nil { out.append(path) }
            }
        }
        for id in order where watched.contains(folderNames[folderOfID[id]]) && FileSystemPath.linkStatus(sources[id].path) == nil {
            out.append(sources[id].path)
        }
        return out
    }

    /// Applies the removals and additions waiting since the last call to the list (the indices the
    /// viewer and the pipeline use change here, together) and returns them as the viewer's
    /// `PhotoListChange` (nil when it changes nothing); `applied` is false when nothing waited.
    /// `leaving` is called for each photo that leaves, with the index it had, before it is forgotten.
    ///
    /// A new photo goes among the photos of its folder in natural name order (as a fresh listing
    /// would put it), after the last of them when it sorts after them all, at the end of the list
    /// when its folder has none left. Its size is not known yet: its header is read on a thread of
    /// its own and arrives as a `photoSize` event.
    package func takeListChange(leaving: (_ id: Int, _ index: Int) -> Void) -> (change: PhotoListChange?, applied: Bool, removed: Int, added: Int) {
        let removedIDs = pendingRemovals.filter { index(of: $0) != nil }
        // A file whose photo leaves in this change joins again as a new photo (a drop of the folder shown).
        // At most `additionsPerChange` join in one change, in the order they came; the rest wait
        // for the next frames, untouched (a drop of 50,000 files is not gone through every frame).
        var additions: [String] = []
        var taken = Set<String>()
        var looked = 0
        while hasQueuedAdditions, additions.count < Self.additionsPerChange {
            let path = pendingAdditions[pendingHead]
            pendingHead += 1
            looked += 1
            guard !withdrawn.contains(path), taken.insert(path).inserted else { continue }  // gone again, or twice in the queue
            if idOfPath[PathKey(path)].map({ removedIDs.contains($0) }) ?? true { additions.append(path) }
        }
        listWork += looked
        if !hasQueuedAdditions {
            pendingAdditions.removeAll()
            pendingHead = 0
            withdrawn.removeAll()
        } else if pendingHead * 2 >= pendingAdditions.count {
            // The paths taken leave the queue once they are half of it: each is moved once more at most.
            pendingAdditions.removeFirst(pendingHead)
            pendingHead = 0
        }
        // Photos added to a list not in name order are placed by sorting it again in its order.
        let sort = pendingSort ?? (additions.isEmpty || shownOrder == .name ? nil : shownOrder)
        pendingRemovals.removeAll()
        pendingSort = nil
        guard !removedIDs.isEmpty || !additions.isEmpty || sort != nil else { return (nil, false, 0, 0) }
        // Where each photo was, for the pictures of photos a sort moves (only then: a copy of every index).
        let indexBefore = sort != nil ? indexOfID : []
        movedPictures = [:]

        let removed = removedIDs.compactMap(index(of:)).sorted()
        for id in removedIDs {
            if let index = self.index(of: id) { leaving(id, index) }
            forgetFile(of: id)
            broken.remove(id)
            idOfPath[PathKey(sources[id].path)] = nil
            sizePending.remove(id)
        }
        if let first = removed.first {
            listWork += pendingSizes.count
            pendingSizes.removeAll { removedIDs.contains($0.index) }
            listWork += order.remove(atSortedIndices: removed)
            for id in removedIDs { indexOfID[id] = -1 }
            renumber(from: first)
            membersOfFolder = nil
        }

        var newIDs: [Int] = []
        for path in additions {
            let id = sources.count
            sources.append(Source(path: path))
            folderOfID.append(folderNumber(Self.folder(of: path)))
            naturalNames.append(nil)
            indexOfID.append(-1)
            unscannedFiles.append(URL(fileURLWithPath: path, isDirectory: false))  // not `fileURLWithPath: path`: that asks the disk
            let known = sizesOfRemoved.removeValue(forKey: path)
            sizeDelivered.append(known != nil)
            knownSizes.append(known)
            previewSizes.append(nil)
            idOfPath[PathKey(path)] = id
            newIDs.append(id)
        }
        let placed = place(newIDs)
        unscanned += newIDs
        if !unscanned.isEmpty, !hasQueuedAdditions {
            scanners.append(HeaderScanner(files: unscannedFiles, indices: unscanned, pixelLimit: pixelLimit, helper: helper))
            unscanned = []
            unscannedFiles = []
        }
        lastScreen = []
        let added = placed.map { id, index in
            PhotoListChange.Addition(index: index, name: addedName(sources[id].path),
                                     size: knownSizes[id].map { Size(Double($0.width), Double($0.height)) } ?? .zero)
        }
        guard let sort else { return (PhotoListChange(removed: removed, added: added), true, removed.count, newIDs.count) }
        // The sort, after the removals and additions: name order first, then what the files say.
        let byName = order.sorted { PhotoOrder.nameOrder(sources[$0].path, sources[$1].path) }
        let sorted = sort.arrange(byName.map { PhotoOrder.Facts(path: sources[$0].path) }).map { byName[$0] }
        let permutation = sorted.map { indexOfID[$0] }
        order = sorted
        renumber(from: 0)
        membersOfFolder = nil
        // A photo that moves leaves its picture where it was, fading (the viewer's ghost, −1 − its old index).
        for (id, old) in indexBefore.enumerated() where old >= 0 && index(of: id).map({ $0 != old }) == true { movedPictures[-1 - old] = id }
        let change = PhotoListChange(removed: removed, added: added, order: permutation)
        return (change.isEmpty ? nil : change, true, removed.count, newIDs.count)
    }

    /// `indexOfID` for the photos from `index` of the list on (those before it kept theirs).
    private func renumber(from index: Int) {
        listWork += max(0, order.count - index)
        for i in index..<max(index, order.count) { indexOfID[order[i]] = i }
    }

    /// The number of `folder` in `folderNames`, given it if new.
    private func folderNumber(_ folder: String) -> Int {
        if let known = folderNumbers[folder] { return known }
        folderNames.append(folder)
        folderNumbers[folder] = folderNames.count - 1
        return folderNames.count - 1
    }

    /// The folder of the file at `path` (as `NSString.deletingLastPathComponent` gives it for a
    /// path with no "/" at its end), without Foundation's path object: a slice of 500 photos
    /// asks it 500 times a frame.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// The name of the file at `path`: what follows its last "/".
    static func fileName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The folder that `entries`' names are relative to: the path of the first entry whose path
    /// ends in "/" + its name, less that name.
    static func namesRoot(of entries: [PhotoCatalog.Entry]) -> String? {
        for entry in entries {
            let path = entry.url.path
            if path.hasSuffix("/" + entry.name) { return String(path.dropLast(entry.name.count)) }
        }
        return nil
    }

    /// The name a photo added at `path` gets, as the catalog named its photos: its path under the
    /// folder opened (`b/new.jpg` when a subfolder of a `-r` folder gains it), else its file name.
    private func addedName(_ path: String) -> String {
        if let root = namesRoot, path.hasPrefix(root), path.count > root.count { return String(path.dropFirst(root.count)) }
        return Self.fileName(of: path)
    }

    /// Puts the new photos `ids` into `order` and returns each with its index in the list after
    /// the change, ascending (issue 43: each used to be placed by a search of the whole list and an
    /// insertion, O(n²) for n photos; then by a pass over the whole list at every slice of a drop).
    /// Each goes among its folder's photos (in natural order, its place found by bisection in
    /// `membersOfFolder`), else at the end, the folders new to the list in the order their first
    /// photo came; new photos that meet at one place keep natural order among them. For k photos,
    /// O(k log n) comparisons, and the photos of the list after the first place taken move up
    /// (`Array.insert(_:atSortedIndices:)`): a drop, or files moved into the folder in name order,
    /// move none or a few.
    private func place(_ ids: [Int]) -> [(id: Int, index: Int)] {
        guard !ids.isEmpty else { return [] }
        let name = { (id: Int) in self.naturalName(of: id) }
        var members: [Int: [Int]]
        if let known = membersOfFolder {
            members = known
        } else {
            members = [:]
            listWork += order.count
            for id in order { members[folderOfID[id], default: []].append(id) }
        }
        membersOfFolder = nil  // held once while it changes below: changed in place, not copied
        // The slot (an index of the list now) each new photo goes before, and how it ranks there:
        // after its folder's last photo, before one of its folder's photos, or after the whole list.
        var newFolders: [Int: Int] = [:]
        var placed: [(slot: Int, kind: Int, folder: Int, rank: Int, id: Int)] = []
        placed.reserveCapacity(ids.count)
        // Where each new photo goes among its folder's photos, in name order (their bisection's result).
        var joining: [Int: [(at: Int, id: Int)]] = [:]
        let sorted = ids.sorted { self.listWork += 1; return name($0) < name($1) }
        for (rank, id) in sorted.enumerated() {
            let folder = folderOfID[id]
            guard let mine = members[folder], let last = mine.last else {
                let number = newFolders[folder] ?? newFolders.count
                newFolders[folder] = number
                placed.append((order.count, 2, number, rank, id))
                joining[folder, default: []].append((0, id))
                continue
            }
            let new = name(id)
            var lo = 0, hi = mine.count
            while lo < hi {
                let mid = (lo + hi) / 2
                listWork += 1
                if name(mine[mid]) < new { lo = mid + 1 } else { hi = mid }
            }
            placed.append(lo < mine.count ? (indexOfID[mine[lo]], 1, 0, rank, id) : (indexOfID[last] + 1, 0, 0, rank, id))
            joining[folder, default: []].append((lo, id))
        }
        placed.sort {
            self.listWork += 1
            return ($0.slot, $0.kind, $0.folder, $0.rank) < ($1.slot, $1.kind, $1.folder, $1.rank)
        }
        // The j-th new photo in list order has `slot` photos of the list and j new ones before it.
        let indices = placed.indices.map { placed[$0].slot + $0 }
        listWork += order.insert(placed.map(\.id), atSortedIndices: indices)
        renumber(from: indices[0])
        // Each folder's photos take the new ones in name order, the j-th after `at` of its own and j new ones.
        for (folder, news) in joining {
            listWork += members[folder, default: []].insert(news.map(\.id), atSortedIndices: news.indices.map { news[$0].at + $0 })
        }
        membersOfFolder = members
        return zip(placed.map(\.id), indices).map { ($0, $1) }
    }

    /// Photos that join the list in one change at most (a drop of 50,000 files joins over 100
    /// frames): a photo joining costs some tens of µs (its URL, folder and name made once, its
    /// place found by bisection), so a slice stays well inside a frame (issue 43: the longest
    /// frame ≤ 50 ms).
    static let additionsPerChange = 500

    /// Photo `id`'s file name with its natural-order key, made once.
    private func naturalName(of id: Int) -> NaturalName {
        if let known = naturalNames[id] { return known }
        let path = sources[id].path
        let made = NaturalName(path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path)
        naturalNames[id] = made
        return made
    }

    // MARK: - Turns (Ctrl+R)

    /// Photo `id` turned `k` (1…3) quarter turns clockwise for the session: every later decode of
    /// it is turned so, and its known size swaps sides for an odd `k`.
    package func turn(_ id: Int, quarterTurns k: Int) {
        sessionTurns[id] = ((sessionTurns[id] ?? 0) + k) % 4
        if sessionTurns[id] == 0 { sessionTurns[id] = nil }
        if k % 2 == 1, let known = knownSizes[id] { knownSizes[id] = (known.height, known.width) }
    }

    /// True while the file at `path` is being written (a turn kept): it is not read meanwhile.
    package func isWriting(_ path: String) -> Bool { writing[path] != nil }

    /// The file at `path` is being written with turns this session gave its photo.
    package func writesTurns(ofFile path: String) {
        writing[path, default: 0] += 1
    }

    /// The file at `path` was written with `quarterTurns` of the session's turns, at version
    /// `written`: returns the id of its photo (whose decodes begun before are dropped), if listed.
    package func wroteTurns(ofFile path: String, quarterTurns: Int, written: FileIdentity?) -> Int? {
        endWrite(path)
        if let written { ownWrites[path] = written }
        guard let id = idOfPath[PathKey(path)] else { return nil }
        let left = (((sessionTurns[id] ?? 0) - quarterTurns) % 4 + 4) % 4
        sessionTurns[id] = left == 0 ? nil : left
        return id
    }

    /// Writing the file at `path` failed (or ended).
    package func endWrite(_ path: String) {
        writing[path] = (writing[path] ?? 1) > 1 ? writing[path]! - 1 : nil
    }

    // MARK: - Embedded previews

    /// The upright size of `header`'s embedded preview, when it has one.
    static func previewSize(_ header: ImageHeader) -> (width: Int, height: Int)? {
        header.preview.map { header.orientation.uprightSize(width: $0.width, height: $0.height) }
    }
}
