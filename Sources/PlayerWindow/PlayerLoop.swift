import Gestures
import Player
import Trace
import Viewing
import LiveInput
import Diagnostics
import Events
import FeelModel

/// The trace player's frame loop without the window: each `step()` takes the person's input since
/// the last frame from an `EventSource` (SDL live, a script in tests), hands it to the player's
/// controls, and moves playing time on by the `SessionClock`. `PlayerApp` draws after each step.
final class PlayerLoop {
    let controls: PlayerControls
    private let source: EventSource
    private let clock: SessionClock
    private let quitAfterSeconds: Double?
    /// Writes the feel Ctrl+S asked to save; its result goes back to the controls.
    private let save: (Feel) -> EffectResult
    /// False once the person quit (the window closed, `q`, Escape) or `quitAfterSeconds` passed.
    package private(set) var isRunning = true

    init(controls: PlayerControls, source: EventSource, clock: SessionClock, quitAfterSeconds: Double? = nil,
         save: @escaping (Feel) -> EffectResult) {
        self.controls = controls
        self.save = save
        self.source = source
        self.clock = clock
        self.quitAfterSeconds = quitAfterSeconds
    }

    /// One frame. Throws a `CommandLineError` when the trace cannot be re-run (it replayed when loaded,
    /// so only under an edited feel).
    package func step() throws {
        try PlayerApp.reporting { () throws(TraceError) in
            for input in source.drain() {
                switch input {
                case .quit: isRunning = false
                case let .input(kind, _): try controls.handle(kind)
                case .drop: break  // the player plays one trace; drops are the viewer's
                }
            }
            let t = clock.now()
            try controls.tick(at: t)
            if let feel = controls.takeSave() { controls.saveFinished(save(feel)) }
            if controls.wantsToQuit { isRunning = false }
            if let limit = quitAfterSeconds, t >= limit { isRunning = false }
        }
    }
}
