/// Random access to an image's bytes: what the header parsers read through (a file, or memory in tests).
package protocol ByteSource {
    /// Total length in bytes.
    var count: Int { get }
    /// Up to `count` bytes from `offset`; fewer (or none) past the end.
    func bytes(at offset: Int, count: Int) throws(ImageProblem) -> [UInt8]
}

/// Bytes held in memory.
struct MemoryBytes: ByteSource {
    package var data: [UInt8]
    init(_ data: [UInt8]) { self.data = data }
    package var count: Int { data.count }
    package func bytes(at offset: Int, count wanted: Int) -> [UInt8] {
        let end = min(data.count, offset + max(0, wanted))
        guard offset >= 0, offset < end else { return [] }
        return Array(data[offset..<end])
    }
}
