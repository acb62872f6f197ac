/// When the live window's first frames wait and when the software renderer standing in for the
/// accelerated one (`WindowHost.isProvisional`) gives way to it: making the accelerated renderer
/// takes 80–130 ms without a GPU, the frame loop waiting (docs/pipeline.md, "First frames in
/// software"). Times are nanoseconds of a monotonic clock.
struct RendererHandOver {
    /// The longest the first frame waits for the shown thumbnails: a second visit's come from the
    /// cache within tens of ms of the window opening, and the grid then appears whole in one frame
    /// rather than over several (each a whole software draw, while the entries being read need the CPU).
    static let firstFrameWait: UInt64 = 80_000_000
    /// How long a final first screen stays in software before the hand-over.
    static let finalStill: UInt64 = 250_000_000
    /// The longest the software renderer stands in.
    static let longest: UInt64 = 1_000_000_000

    /// When the window opened.
    package let opened: UInt64
    private var hasPresented = false
    /// When the last frame presented showed a final first screen (nil: the last was not final).
    private var finalSince: UInt64?

    init(opened: UInt64) { self.opened = opened }

    /// True while the first frame may still wait: nothing presented yet and the wait not over.
    func mayHoldFirstFrame(now: UInt64) -> Bool { !hasPresented && now &- opened < Self.firstFrameWait }

    /// True while the first frame waits: it may, and the shown thumbnails are not all in.
    func holdsFirstFrame(now: UInt64, isFinal: Bool) -> Bool { !isFinal && mayHoldFirstFrame(now: now) }

    /// True when the accelerated renderer should take over now, before the frame reads its input:
    /// an input that can set something moving is waiting (its animation must not start before
    /// the wait and jump after it); a thumbnail had to be decoded from its photo (a first visit:
    /// the accelerated renderer is made while the thumbnails are decoded); the first screen has
    /// been final and still long enough; or the software renderer has stood in long enough.
    func handsOver(now: UInt64, inputPending: Bool, decodedFromPhotos: Bool) -> Bool {
        inputPending || decodedFromPhotos || now &- opened > Self.longest || finalSince.map { now &- $0 > Self.finalStill } == true
    }

    /// Records a frame presented at `now`, showing a final first screen or not.
    package mutating func presented(now: UInt64, isFinal: Bool) {
        hasPresented = true
        finalSince = isFinal ? now : nil
    }
}
