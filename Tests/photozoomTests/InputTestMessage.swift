import Events
import Gestures
/// One message to the X server's `inputtest` input driver, in the binary protocol of
/// `xf86-input-inputtest-protocol.h` (xserver-xorg-dev; protocol 1.1), laid out here from the
/// header's C structs on x86-64 and aarch64 Linux: little-endian, `enum`s as 32-bit ints, every
/// `double` on an 8-byte boundary.
///
/// Every message starts with its header: `uint32_t length` (of the whole message, header
/// included) and the message type. The layouts, with byte offsets:
/// - client version (type 0), 12 bytes: `uint16_t major` @8, `minor` @10;
/// - wait for sync (1), 8 bytes: the header alone;
/// - motion (2), 1056 bytes: `uint32_t is_absolute` @8, 4 bytes of padding, valuators @16;
/// - key (5), 16 bytes: `int32_t key_code` @8 (an X keycode), `uint32_t is_press` @12;
/// - touch (6), 1056 bytes: `uint32_t touchid` @8, `touch_type` @12 (XI_TouchBegin 18, Update
///   19, End 20), valuators @16;
/// - pinch (7), 64 bytes: `uint16_t gesture_type` @8 (XI_GesturePinchBegin 27, Update 28, End 29),
///   `num_touches` @10, `uint32_t flags` @12 (1: cancelled), then `double` delta_x @16, delta_y
///   @24, unaccelerated x @32 and y @40, scale @48, delta_angle @56;
/// - swipe (8), 48 bytes: as the pinch (XI_GestureSwipeBegin 30 … End 32) without scale and angle.
///
/// The valuator block (1040 bytes): `uint32_t has_unaccelerated` @0, `uint8_t mask[8]` @4 (bit i
/// set: valuator i given), 4 bytes of padding, `double valuators[64]` @16, `double
/// unaccelerated[64]` @528.
///
/// The driver answers the client version with its own (12 bytes: type 0, major @8, minor @10) and
/// a wait for sync, once everything sent before it is processed, with an 8-byte header of type 1.
enum InputTestMessage: Hashable, Sendable {
    case clientVersion(major: UInt16, minor: UInt16)
    case waitForSync
    /// Relative pointer motion by (dx, dy) (valuators 0 and 1).
    case motion(dx: Double, dy: Double)
    /// A button press or release (valuators none).
    case button(Int32, press: Bool)
    case key(code: Int32, press: Bool)
    /// A touch at (x, y) in the touch device's axis units (0…65535 across the screen).
    case touch(id: UInt32, phase: TouchPhase, x: Double, y: Double)
    case pinch(phase: GesturePhase, fingers: UInt16, dx: Double, dy: Double, scale: Double, angleDegrees: Double)
    case swipe(phase: GesturePhase, fingers: UInt16, dx: Double, dy: Double)

    enum TouchPhase: UInt32, Sendable { case begin = 18, update = 19, end = 20 }
    enum GesturePhase: Sendable { case begin, update, end, cancelled }

    /// The protocol version this client speaks.
    static let protocolVersion = (major: UInt16(1), minor: UInt16(1))

    /// The message's bytes, ready for the socket.
    var bytes: [UInt8] {
        var b = ByteWriter()
        switch self {
        case let .clientVersion(major, minor):
            b.header(length: 12, type: 0)
            b.u16(major); b.u16(minor)
        case .waitForSync:
            b.header(length: 8, type: 1)
        case let .motion(dx, dy):
            b.header(length: 1056, type: 2)
            b.u32(0); b.pad(to: 16)
            b.valuators([0: dx, 1: dy])
        case let .button(button, press):
            b.header(length: 1064, type: 4)
            b.i32(0); b.i32(button); b.u32(press ? 1 : 0); b.pad(to: 24)
            b.valuators([:])
        case let .key(code, press):
            b.header(length: 16, type: 5)
            b.i32(code); b.u32(press ? 1 : 0)
        case let .touch(id, phase, x, y):
            b.header(length: 1056, type: 6)
            b.u32(id); b.u32(phase.rawValue)
            b.valuators([0: x, 1: y])
        case let .pinch(phase, fingers, dx, dy, scale, angle):
            b.header(length: 64, type: 7)
            b.gesture(phase, base: 27, fingers: fingers)
            for v in [dx, dy, dx, dy, scale, angle] { b.f64(v) }
        case let .swipe(phase, fingers, dx, dy):
            b.header(length: 48, type: 8)
            b.gesture(phase, base: 30, fingers: fingers)
            for v in [dx, dy, dx, dy] { b.f64(v) }
        }
        return b.bytes
    }
}

/// Little-endian bytes in the C structs' layout.
private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func header(length: UInt32, type: Int32) {
        u32(length); i32(type)
    }

    mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
    mutating func i32(_ v: Int32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
    mutating func f64(_ v: Double) { u64(v.bitPattern) }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
    mutating func pad(to offset: Int) { bytes += [UInt8](repeating: 0, count: max(0, offset - bytes.count)) }

    /// The 1040-byte valuator block with `values` (valuator index → value), none unaccelerated.
    mutating func valuators(_ values: [Int: Double]) {
        let start = bytes.count
        u32(0)
        var mask = [UInt8](repeating: 0, count: 8)
        for i in values.keys { mask[i >> 3] |= 1 << UInt8(i & 7) }
        bytes += mask
        pad(to: start + 16)
        for i in 0..<64 { f64(values[i] ?? 0) }
        for _ in 0..<64 { f64(0) }
    }

    /// A gesture's type (`base` + 0 begin, 1 update, 2 end), finger count and flags.
    mutating func gesture(_ phase: InputTestMessage.GesturePhase, base: UInt16, fingers: UInt16) {
        switch phase {
        case .begin: u16(base)
        case .update: u16(base + 1)
        case .end, .cancelled: u16(base + 2)
        }
        u16(fingers)
        u32(phase == .cancelled ? 1 : 0)
    }
}
