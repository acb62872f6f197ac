import Events

/// What a texture supply learnt in a frame's work that the viewer must be told (issue 31: the
/// frame loop calls the supply once a frame, and this is that call's answer): a change of the photo
/// list (a `photos` event: a photo gone from or new in a watched folder), then photo sizes read
/// after start-up (`photoSize` events), in the order they are to be handed over.
///
/// The events are not stamped: the frame loop records them at its next step, on the session clock,
/// before anything else of that frame reads the list (so a replay hands them over at the same
/// instant). A supply whose list follows the viewer's (a replay's) has no news.
public struct PhotoSupplyNews: Sendable {
    /// The events' kinds, in the order they are to be handed over.
    public private(set) var kinds: [InputEvent.Kind]

    public init(_ kinds: [InputEvent.Kind] = []) { self.kinds = kinds }

    /// True when there is nothing to tell.
    public var isEmpty: Bool { kinds.isEmpty }

    /// The news as events stamped `time`.
    public func events(at time: Double) -> [InputEvent] { kinds.map { InputEvent(time: time, kind: $0) } }

    /// `later` after this news (two frames' news not yet handed over).
    public mutating func append(_ later: PhotoSupplyNews) { kinds += later.kinds }

    /// The news so far, leaving none.
    public mutating func take() -> PhotoSupplyNews {
        defer { kinds = [] }
        return self
    }
}
