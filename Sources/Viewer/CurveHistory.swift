import Geometry

/// The last few seconds of the photo's motion, for the live curves in the tuning panel: a ring
/// buffer of samples (centre, scale, rotation, backdrop) and the release and interruption marks
/// found between them.
public struct CurveHistory: Hashable, Sendable {
    /// One frame of the moving photo.
    public struct Sample: Hashable, Sendable {
        public var time: Double
        /// Centre of the photo, window points; nil when no photo is out of the grid.
        public var center: Point?
        /// Displayed width over the width of the photo's aspect-fit frame (1 = fully presented).
        public var scale: Double?
        /// Radians.
        public var rotation: Double?
        /// Backdrop opacity, 0...1.
        public var backdrop: Double
    }

    /// How much history is kept, seconds.
    public let duration: Double
    /// At most this many samples (the ring's size); older ones are overwritten.
    public let capacity: Int
    private var ring: [Sample] = []
    private var head = 0
    private var markRing: [CurveMark] = []
    private var previous: StateSnapshot?

    public init(duration: Double = 2, capacity: Int = 2048) {
        self.duration = duration
        self.capacity = max(2, capacity)
    }

    /// Adds a frame. `fitWidth` is the width of the photo's aspect-fit frame in the window (points).
    public mutating func record(_ snapshot: StateSnapshot, fitWidth: Double?) {
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

    public mutating func clear() {
        ring.removeAll()
        head = 0
        markRing.removeAll()
        previous = nil
    }

    /// The samples of the last `duration` seconds, oldest first.
    public var samples: [Sample] {
        guard let newest = previous?.time else { return [] }
        let ordered = Array(ring[head...] + ring[..<head])
        return ordered.filter { $0.time >= newest - duration }
    }

    /// Release and interruption instants within the last `duration` seconds, oldest first.
    public var marks: [CurveMark] { markRing }

    /// The time of the newest sample.
    public var latestTime: Double? { previous?.time }
}
