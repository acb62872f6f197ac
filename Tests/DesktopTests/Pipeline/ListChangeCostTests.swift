import Foundation
import Testing
@testable import ImageFormats
@testable import Cataloguing
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Viewing

/// Many photos never freeze the window (issue 43): n photos arriving at once, dropped on the window
/// (the list replaced) or appearing in the folder shown among its photos, join in changes of at
/// most `PhotoLibrary.additionsPerChange` photos, and the costliest change (one frame's work) takes
/// O(n log n) steps. Counted in the library's steps (`PhotoLibrary.listWork`: list elements
/// visited, names compared), never in time: the count for 10× the photos must stay within
/// 10 × log(10n)/log(n) × 1.5 of the count for n; a quadratic cost gives 100×.
@Suite("A list change of n photos costs O(n log n) steps", .serialized)
struct ListChangeCostTests {
    /// A library over `existing` photos of one folder (empty files: only names matter here).
    static func library(existing: Int, in dir: URL) throws -> PhotoLibrary {
        for i in 0..<existing { TestImages.write([], String(format: "p%06d.jpg", i * 2), in: dir) }
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), isolation: .inProcess, warn: { _ in })
        return PhotoLibrary(catalog: catalog, pixelLimit: PhotoCatalog.defaultPixelLimit, watchesFolders: false, addsNewPhotos: true, helper: nil)
    }

    /// The steps of the costliest change (frame) that `n` new photos take to join: dropped
    /// (`replace`) in another folder, or added one by one among the folder's own photos (names
    /// between theirs, in a shuffled order).
    static func steps(adding n: Int, replace: Bool, inNameOrder: Bool = false) throws -> Int {
        let dir = TestImages.folder("cost-\(n)-\(replace)-\(inNameOrder)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = try library(existing: 50, in: dir)
        // Deterministic shuffle: i × 7919 mod n visits every i once (7919 is prime, n is not its multiple).
        // In name order: `mv` of a folder's files, named before the folder's own.
        let names: [String]
        if inNameOrder {
            names = (0..<n).map { String(format: "a%06d", $0) }
        } else {
            names = (0..<n).map { (i: Int) -> String in String(format: "p%06d.jpg", (i * 7919 % n) * 100 / max(1, n / 50) + 1) + "-\(i)" }
        }
        let folder = replace ? dir.path + "/dropped" : dir.path
        let paths = names.map { folder + "/" + $0 + ".jpg" }
        // Queueing n files is the drop's or the watch's own work (O(1) a file), counted apart: the
        // frames that follow each take one slice.
        if replace { library.replaceList(with: paths) } else { for path in paths { library.addPhoto(atPath: path) } }
        var before = library.listWork
        var costliest = 0, added = 0
        while true {
            let taken = library.takeListChange { _, _ in }
            guard taken.applied else { break }
            #expect(taken.added <= PhotoLibrary.additionsPerChange)
            added += taken.added
            // The slices still to come keep the frame loop stepping (nothing else would wake it).
            #expect(library.hasPendingChanges == (added < n))
            costliest = max(costliest, library.listWork - before)
            before = library.listWork
        }
        library.stop()
        #expect(added == n)
        #expect(library.order.count == (replace ? n : 50 + n))
        #expect(library.order.map { (library.path(of: $0) as NSString).lastPathComponent }
                == PhotoFolder.naturallySorted(library.order.map { (library.path(of: $0) as NSString).lastPathComponent }))
        return costliest
    }

    @Test("dropped on the window and added among the folder's photos: 20,000 photos' costliest change costs at most 10 × log ratio × 1.5 of 2,000's",
          arguments: [true, false])
    func nLogN(replace: Bool) throws {
        let small = try Self.steps(adding: 2_000, replace: replace)
        let large = try Self.steps(adding: 20_000, replace: replace)
        // O(n log n): large / small ≤ 10 × log(20,000) / log(2,000) × 1.5 ≈ 19.5.
        let bound = 10 * log(20_000.0) / log(2_000.0) * 1.5
        print("costliest list change, \(replace ? "dropped" : "added among the folder's"): \(small) steps for 2,000 photos, \(large) for 20,000")
        #expect(Double(large) <= Double(small) * bound, "\(small) steps for 2,000, \(large) for 20,000: × \(Double(large) / Double(max(1, small)))")
    }

    @Test("dropped on the window, and moved into the folder in name order: a slice costs as many steps among 20,000 photos as among 2,000 (within the log ratio × 1.5), not a pass over the list",
          arguments: [true, false])
    func sliceBoundedBySlice(replace: Bool) throws {
        let small = try Self.steps(adding: 2_000, replace: replace, inNameOrder: true)
        let large = try Self.steps(adding: 20_000, replace: replace, inNameOrder: true)
        // A slice of 500 photos: sorting and bisecting them, O(500 log n), and the photos after
        // them moved (none, or the folder's 50); a pass over the list would make it × 10.
        // large / small ≤ log(20,000) / log(2,000) × 1.5 ≈ 1.96.
        let bound = log(20_000.0) / log(2_000.0) * 1.5
        print("costliest slice, \(replace ? "dropped" : "moved in"): \(small) steps among 2,000 photos, \(large) among 20,000")
        #expect(Double(large) <= Double(small) * bound, "\(small) steps for 2,000, \(large) for 20,000: × \(Double(large) / Double(max(1, small)))")
    }
}
