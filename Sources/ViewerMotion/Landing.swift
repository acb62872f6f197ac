/// A photo still flying the last few points onto its cell when a click opened another: it finishes
/// its flight under the opening photo instead of snapping onto the cell (`Viewer.landing`).
package struct Landing: Sendable {
    /// Its flight onto the cell (following the cell as the grid scrolls).
    package var transition: PhotoTransition
    /// The number of the session it flew in (`PhotoSession.flight`): the jump detector tells one
    /// flight of a photo from the next by it.
    package let flight: Int

    package var photo: Int { transition.photo }

    package init(transition: PhotoTransition, flight: Int) {
        self.transition = transition
        self.flight = flight
    }
}
