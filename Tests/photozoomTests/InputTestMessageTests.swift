import Testing

@Suite("The inputtest driver's protocol: messages laid out as xf86-input-inputtest-protocol.h's C structs")
struct InputTestMessageTests {
    /// Reads `count` little-endian bytes at `offset` as an unsigned number.
    static func uint(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        (0..<count).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }

    static func double(_ bytes: [UInt8], _ offset: Int) -> Double { Double(bitPattern: uint(bytes, offset, 8)) }

    @Test("each message is as long as its struct and says so in its header, with its type")
    func headers() {
        // sizeof each struct on x86-64: 8-byte header; a valuator block of 4 + 8 (mask) + 4 (padding)
        // + 2 × 64 × 8 = 1040 bytes at offset 16 (motion, touch) or 24 (button: three ints, padding).
        let cases: [(InputTestMessage, Int, UInt64)] = [
            (.clientVersion(major: 1, minor: 1), 12, 0), (.waitForSync, 8, 1), (.motion(dx: 1, dy: 2), 16 + 1040, 2),
            (.button(1, press: true), 24 + 1040, 4), (.key(code: 24, press: true), 16, 5),
            (.touch(id: 1, phase: .begin, x: 0, y: 0), 16 + 1040, 6),
            (.pinch(phase: .begin, fingers: 2, dx: 0, dy: 0, scale: 1, angleDegrees: 0), 16 + 6 * 8, 7),
            (.swipe(phase: .begin, fingers: 3, dx: 0, dy: 0), 16 + 4 * 8, 8),
        ]
        for (message, length, type) in cases {
            let bytes = message.bytes
            #expect(bytes.count == length, "\(message)")
            #expect(Self.uint(bytes, 0, 4) == UInt64(length) && Self.uint(bytes, 4, 4) == type, "\(message)")
        }
    }

    @Test("a pinch carries its XI event type, fingers, cancelled flag, deltas, scale and angle where the struct has them")
    func pinchFields() {
        let b = InputTestMessage.pinch(phase: .cancelled, fingers: 3, dx: 1.5, dy: -2, scale: 0.75, angleDegrees: -4).bytes
        #expect(Self.uint(b, 8, 2) == 29 && Self.uint(b, 10, 2) == 3 && Self.uint(b, 12, 4) == 1)  // XI_GesturePinchEnd, cancelled
        #expect([16, 24, 32, 40, 48, 56].map { Self.double(b, $0) } == [1.5, -2, 1.5, -2, 0.75, -4])
        let swipe = InputTestMessage.swipe(phase: .update, fingers: 4, dx: -30, dy: 1).bytes
        #expect(Self.uint(swipe, 8, 2) == 31 && Self.uint(swipe, 10, 2) == 4 && Self.uint(swipe, 12, 4) == 0)  // XI_GestureSwipeUpdate
    }

    @Test("a touch and a motion set their valuators' mask bits and values; a button its three ints")
    func valuators() {
        let touch = InputTestMessage.touch(id: 7, phase: .update, x: 1000, y: 2000).bytes
        #expect(Self.uint(touch, 8, 4) == 7 && Self.uint(touch, 12, 4) == 19)  // XI_TouchUpdate
        #expect(touch[16 + 4] == 0b11)  // mask: valuators 0 and 1
        #expect(Self.double(touch, 16 + 16) == 1000 && Self.double(touch, 16 + 24) == 2000 && Self.double(touch, 16 + 32) == 0)
        let motion = InputTestMessage.motion(dx: -150, dy: 20).bytes
        #expect(Self.uint(motion, 8, 4) == 0 && motion[16 + 4] == 0b11 && Self.double(motion, 32) == -150)
        let button = InputTestMessage.button(3, press: false).bytes
        #expect(Self.uint(button, 12, 4) == 3 && Self.uint(button, 16, 4) == 0 && button[24 + 4] == 0)
    }
}
