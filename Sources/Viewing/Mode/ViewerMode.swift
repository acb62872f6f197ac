import Gestures

/// What the viewer is doing: the grid, or a photo out of it. Exactly one at a time, each with the
/// state only it has, so a combination that cannot happen cannot be written down.
package enum ViewerMode: Sendable {
    /// The grid, with the gesture on it and the photo opened last.
    case grid(GridMode)
    /// A photo out of the grid and what moves it.
    case photo(PhotoSession)
}

/// The grid, nothing out of it.
package struct GridMode: Sendable {
    /// The photo opened last (the state log's `photo` in the grid), nil before the first.
    package var lastPhoto: Int?
    package var gesture: GridGesture = .none
    /// How many photos have been opened so far (the number the last session had,
    /// `PhotoSession.flight`; 0 before the first).
    package var flights = 0

    package init(lastPhoto: Int? = nil, gesture: GridGesture = .none, flights: Int = 0) {
        self.lastPhoto = lastPhoto
        self.gesture = gesture
        self.flights = flights
    }
}

/// The gesture on the grid.
package enum GridGesture: Sendable {
    case none
    /// A press stopped the coasting grid: its click must not open a cell.
    case stoppedCoasting
    /// A drag scrolls the grid (the latest manipulation).
    case scrolling(Manipulation)
    /// A manipulation that means nothing here (a pinch, a rotation, one a photo let go of when it
    /// landed): its end is awaited (the latest manipulation, for the finger overlay).
    case ignored(Manipulation)

    /// The manipulation held now, if any.
    package var held: Manipulation? {
        switch self {
        case let .scrolling(m), let .ignored(m): m
        case .none, .stoppedCoasting: nil
        }
    }
}
