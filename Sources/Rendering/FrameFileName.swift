/// The name of a drawn frame's PNG, `frame-000012.png`, numbered as the state log's `frame`:
/// `replay --frames` and `play --visit` write the same names, so their frames pair up.
package enum FrameFileName {
    package static func of(frame: Int) -> String {
        let digits = String(frame)
        return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }
}
