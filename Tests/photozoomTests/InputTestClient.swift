import Foundation

/// A connection to one `inputtest` device's socket (`InputTestMessage`): the version handshake
/// first, then events; `sync()` returns once the X server has processed everything sent.
///
/// Writes and the short reads of the handshake and the sync block the calling thread for no
/// longer than the server takes to process a few events.
final class InputTestClient: @unchecked Sendable {
    private let fd: Int32
    let path: String

    enum Failure: Error, CustomStringConvertible {
        case connect(String, Int32)
        case io(String, String)
        var description: String {
            switch self {
            case let .connect(path, errno): "cannot connect to the inputtest socket \(path): \(String(cString: strerror(errno)))"
            case let .io(path, what): "inputtest socket \(path): \(what)"
            }
        }
    }

    /// Connects to the socket at `path` and exchanges versions.
    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect(path, errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else { close(fd); throw Failure.io(path, "path longer than \(capacity - 1) bytes") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { let e = errno; close(fd); throw Failure.connect(path, e) }
        let version = InputTestMessage.protocolVersion
        try send(.clientVersion(major: version.major, minor: version.minor))
        let reply = try read(count: 12)
        guard reply[4] == 0, reply[8] == UInt8(version.major) else {
            close(fd)
            throw Failure.io(path, "expected the driver's version (type 0, major \(version.major)), found \(reply)")
        }
    }

    deinit { close(fd) }

    func send(_ message: InputTestMessage) throws {
        let bytes = message.bytes
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure.io(path, "write failed: \(String(cString: strerror(errno)))") }
            written += n
        }
    }

    /// Waits until the server has processed every event sent so far.
    func sync() throws {
        try send(.waitForSync)
        let reply = try read(count: 8)
        guard reply[0] == 8, reply[4] == 1 else { throw Failure.io(path, "expected a sync-finished reply, found \(reply)") }
    }

    private func read(count: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, count - got) }
            guard n > 0 else { throw Failure.io(path, n == 0 ? "closed by the server" : String(cString: strerror(errno))) }
            got += n
        }
        return out
    }
}
