import Geometry
import Viewing

/// The last few seconds of the photo's motion, for the live curves in the tuning panel: a ring
/// buffer of samples (centre, scale, rotation, backdrop) and the release and interruption marks
/// found between them.
package struct CurveHistory: Hashable, Sendable {
    /// One frame of the moving photo.
    package struct Sample: Hashable, Sendable {
        package var time: Double
        /// Centre of the photo, window points; nil when no photo is out of the grid.
        package var center: Point?
        /// Displayed width over the width of the photo's aspect-fit frame (1 = fully presented).
        package var scale: Double?
        /// Radians.
        package var rotation: Double?
        /// Backdrop opacity, 0...1.
        package var backdrop: Double
    }

    /// How much history is kept, seconds.
    package let duration: Double
    /// At most this many samples (the ring's size); older ones are overwritten.
    package let capacity: Int
    private var ring: [Sample] = []
    private var head = 0
    private var markRing: [CurveMark] = []
    private var previous: StateSnapshot?

    package init(duration: Double = 2, capacity: Int = 2048) {
        self.duration = duration
        self.capacity = max(2, capacity)
    }

    /// Adds a frame. `fitWidth` is the width of the photo's aspect-fit frame in the window (points).
    package mutating func record(_ snapshot: StateSnapshot, fitWidth: Double?) {
        if let last = previous, snapshot.time < last.time { clear() }
        if let last = previous, let mark = CurveMark.between(last, snapshot) { markRing.append(mark) }
        previous = snapshot
        var sample = Sample(time: snapshot.time, backdrop: snapshot.backdrop)
        if let image = snapshot.image {
            sample.center = image.center
            sample.rotation = image.rotation
            if let fitWidth, fitWidth > 0 { sample.scale = image.size.width / fitWidth }
        }
        if ring.count < capacity {
            ring.append(sample)
        } else {
            ring[head] = sample
            head = (head + 1) % capacity
        }
        let oldest = snapshot.time - duration
        markRing.removeAll { $0.time < oldest }
    }

    /// Drops the samples `samples` can no longer show (those older than `duration` before the
    /// newest) and lets go of the ring's spare room: what is shown, now and after any later
    /// `record`, is unchanged (a later window starts no earlier, and the ring still keeps the newest
    /// `capacity`), but a copy kept aside (a player's checkpoint, the again key's recall) holds a
    /// few seconds of samples instead of `capacity` (2,048 × 80 bytes).
    package mutating func compact() {
        ring = samples
        head = 0
    }

    package mutating func clear() {
        ring.removeAll()
        head = 0
        markRing.removeAll()
        previous = nil
    }

    /// The samples of the last `duration` seconds, oldest first.
    package var samples: [Sample] {
        guard let newest = previous?.time else { return [] }
        let ordered = Array(ring[head...] + ring[..<head])
        return ordered.filter { $0.time >= newest - duration }
    }

    /// Release and interruption instants within the last `duration` seconds, oldest first.
    package var marks: [CurveMark] { markRing }

    /// Samples held in the ring (shown or not): what a copy of this history costs.
    package var heldSamples: Int { ring.count }

    /// The time of the newest sample.
    package var latestTime: Double? { previous?.time }
}
