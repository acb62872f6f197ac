import PhotoFiles
/// The order the photos of a folder are shown in, chosen with Shift+S and remembered per folder.
///
/// Both date orders run from the oldest to the newest, as a film or a phone's camera roll reads
/// and as gThumb sorts by date: a folder of unedited photos then reads the same by either date,
/// and a photo edited last (its modification time renewed) goes to the end, where its newest
/// neighbours are. Ties, and photos with nothing to compare, keep name order.
package enum PhotoOrder: String, CaseIterable, Sendable {
    /// Natural name order (`img2` before `img10`): the listing's own order.
    case name
    /// EXIF DateTimeOriginal, oldest first; photos without one after those with, by modification time.
    case dateTaken
    /// The file's modification time, oldest first.
    case dateModified

    /// The order after this one (Shift+S): name → date taken → date modified → name.
    package var next: PhotoOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// What the message line says: "sorted by date taken".
    package var description: String {
        switch self {
        case .name: "name"
        case .dateTaken: "date taken"
        case .dateModified: "date modified"
        }
    }

    /// What is known of a photo to order it.
    package struct Facts: Equatable, Sendable {
        /// `YYYY:MM:DD HH:MM:SS` (`DateTaken`); nil when the file says none.
        package var dateTaken: String?
        /// Whole seconds since 1970.
        package var modificationTime: Int

        package init(dateTaken: String?, modificationTime: Int) {
            self.dateTaken = dateTaken
            self.modificationTime = modificationTime
        }
    }

    /// The indices of `facts` (given in name order) in this order: a permutation of `facts.indices`,
    /// `result[k]` being the name-order index of the photo shown `k`th.
    package func arrange(_ facts: [Facts]) -> [Int] {
        let byName = Array(facts.indices)
        switch self {
        case .name:
            return byName
        case .dateModified:
            return byName.sorted { a, b in
                facts[a].modificationTime != facts[b].modificationTime ? facts[a].modificationTime < facts[b].modificationTime : a < b
            }
        case .dateTaken:
            return byName.sorted { a, b in
                switch (facts[a].dateTaken, facts[b].dateTaken) {
                case let (x?, y?) where x != y: return x < y
                case (.some, nil): return true
                case (nil, .some): return false
                default:
                    return facts[a].modificationTime != facts[b].modificationTime ? facts[a].modificationTime < facts[b].modificationTime : a < b
                }
            }
        }
    }

    /// Name order of two paths (of photos under one folder): component by component, a folder's
    /// own photos before its subfolders' and each level in natural order, as `PhotoFolder` lists them.
    package static func nameOrder(_ a: String, _ b: String) -> Bool {
        let x = a.split(separator: "/", omittingEmptySubsequences: false), y = b.split(separator: "/", omittingEmptySubsequences: false)
        for i in 0..<min(x.count, y.count) where x[i] != y[i] {
            let xIsFile = i == x.count - 1, yIsFile = i == y.count - 1
            if xIsFile != yIsFile { return xIsFile }
            return PhotoFolder.naturalOrder(String(x[i]), String(y[i]))
        }
        return x.count < y.count
    }
}
