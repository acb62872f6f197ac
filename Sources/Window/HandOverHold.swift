import Foundation

/// A test's hold on the renderer hand-over (`WindowHost.finishOpening()`), so an end-to-end test
/// can send input while the accelerated renderer is being made, at no instant left to chance.
///
/// With `PHOTOZOOM_TEST_HAND_OVER_HOLD` naming a folder, the hand-over, once the software
/// renderer is gone and before the accelerated one is made, creates `hand-over-started` in it and
/// waits until `hand-over-go` appears there (60 s at most). Unset (as always outside the tests),
/// nothing waits.
enum HandOverHold {
    /// The folder the hold's files go in, nil when no test asked for a hold.
    static let folder: String? = getenv("PHOTOZOOM_TEST_HAND_OVER_HOLD").map { String(cString: $0) }

    /// Says the hand-over has started and waits for the test's word to go on.
    static func waitIfAsked() {
        guard let folder else { return }
        FileManager.default.createFile(atPath: folder + "/hand-over-started", contents: nil)
        for _ in 0..<6000 where !FileManager.default.fileExists(atPath: folder + "/hand-over-go") {
            usleep(10_000)
        }
    }
}
