/// A file's path as a dictionary key whose hash is computed once, when the key is made: a map of
/// 50,000 paths that grows rehashes the numbers it holds, not the paths (issue 43: the library's
/// map of paths, growing past 32,768 photos while a drop joined, hashed every path again in one
/// frame, 12 ms of it).
struct PathKey: Hashable {
    let path: String
    private let hash: Int

    init(_ path: String) {
        self.path = path
        hash = path.hashValue
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: PathKey, b: PathKey) -> Bool { a.hash == b.hash && a.path == b.path }
}
