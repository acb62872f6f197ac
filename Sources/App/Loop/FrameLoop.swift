import Geometry
import Gestures
import Trace
import Viewing
import LiveInput
import PhotoFiles
import Diagnostics
import Events

/// The app's frame loop without the window: each `step()` takes the input that arrived since the
/// last frame from an `EventSource`, puts each input at its window-system time on the
/// `SessionClock` (`ServerTimeMapper`: the poll time only where there is none), hands it to the session with
/// the photo sizes learnt late and the feel file's changes, produces the frame, and carries out
/// what the viewer asked for (quit, save the feel file).
///
/// `PhotoZoomApp` drives it with SDL's event queue and the monotonic clock and draws after each step; tests
/// drive it with scripted bursts and a clock they set, and check the trace and the decisions.
final class FrameLoop {
    package let session: Session
    private let recording: Recording
    private let source: EventSource
    private let clock: SessionClock
    /// What came in since the last step, as events at the given time: the news of the pipeline's
    /// last `advance` (a list change, photo sizes read after start-up) and turns written.
    private let lateSizes: (Double) -> [InputEvent]
    private let quitAfterSeconds: Double?
    /// Carries out the viewer's fullscreen request with the window's present size (the window's business).
    private let setFullscreen: (Bool, Size) -> Void
    /// Carries out a request about a photo's file (Delete, Ctrl+Z: `PhotoFileActions`) at a time,
    /// giving the events to record (its effect, the list change it made).
    private let fileActions: (ViewerRequest, Double) -> [InputEvent]
    /// Opens files or folders dropped on the window as if named on the command line
    /// (`PhotoFileActions.openDropped`), given the viewer and the time: the events to record.
    private let openDropped: ([String], Viewer, Double) -> [InputEvent]
    /// Carries out Ctrl+O's requests (`FolderOpening`: the folders to offer, a folder chosen),
    /// given the viewer and the time: the events to record.
    private let chooseFolder: (ViewerRequest, Viewer, Double) -> [InputEvent]
    /// Puts the window system's event times on the session clock.
    private var serverTimes = ServerTimeMapper()
    private var reportedRecordingFailure = false
    private let warn: (String) -> Void
    /// False once the user quit, the viewer asked to, or `quitAfterSeconds` passed.
    package private(set) var isRunning = true
    /// The window's size in points, as the last resize input said.
    package private(set) var windowSize: Size
    /// The session time of the newest input the last `step()` handed to the session; nil when it had none.
    private(set) var newestInputTime: Double?
    /// Seconds from the next frame's instant to its presentation, as the pacer expects it
    /// (`FramePacer.horizon`); nil while unknown. Recorded as a `horizon` event before the frame
    /// when it changes by a step of `horizonStep`: pointer prediction draws the held photo there.
    var horizon: Double?
    /// The horizon last recorded.
    private var recordedHorizon: Double?
    /// Horizons are recorded in steps of 1/this of a second, 0.5 ms (a trace gains a line only
    /// when it moves by one; the quotient of whole numbers prints as written: 0.013, not 0.013000000000000001).
    static let horizonStepsPerSecond = 2000.0

    /// A loop over `session` (already started: header written) fed by `source`.
    init(session: Session, recording: Recording, source: EventSource, clock: SessionClock,
         windowSize: Size, quitAfterSeconds: Double? = nil, lateSizes: @escaping (Double) -> [InputEvent] = { _ in [] },
         setFullscreen: @escaping (Bool, Size) -> Void = { _, _ in },
         fileActions: @escaping (ViewerRequest, Double) -> [InputEvent] = { _, _ in [] },
         openDropped: @escaping ([String], Viewer, Double) -> [InputEvent] = { _, _, _ in [] },
         chooseFolder: @escaping (ViewerRequest, Viewer, Double) -> [InputEvent] = { _, _, _ in [] }, warn: @escaping (String) -> Void = printError) {
        self.chooseFolder = chooseFolder
        self.setFullscreen = setFullscreen
        self.fileActions = fileActions
        self.openDropped = openDropped
        self.warn = warn
        self.session = session
        self.recording = recording
        self.source = source
        self.clock = clock
        self.windowSize = windowSize
        self.quitAfterSeconds = quitAfterSeconds
        self.lateSizes = lateSizes
    }

    /// One frame. Throws a `CommandLineError` when the trace or state log cannot be written.
    package func step() throws {
        let drained = source.drain()
        if drained.contains(.quit) { isRunning = false }
        let inputs = drained.compactMap { input -> (kind: InputEvent.Kind, serverTime: UInt32?)? in
            guard case let .input(kind, serverTime) = input else { return nil }
            return (kind, serverTime)
        }
        // The batch was taken in now: each input at its server time on the session clock.
        let times = serverTimes.times(for: inputs.map(\.serverTime), receivedAt: clock.now())
        newestInputTime = times.last
        for (input, time) in zip(inputs, times) {
            if case let .resize(size) = input.kind { windowSize = size }
            try recording.handle(InputEvent(time: time, kind: input.kind), in: session)
        }
        let t = clock.now()
        // The pipeline's news (the list changed on disk, sizes of photos whose headers were read
        // after start-up) and turns written: recorded, so a replay matches.
        for sizeEvent in lateSizes(t) { try recording.handle(sizeEvent, in: session) }
        // A change of the feel file on disk: recorded, and merged by the viewer; an error shows.
        if let feelEvent = recording.live.poll(at: t) { try recording.handle(feelEvent, in: session) }
        // Dropped files: the new list, then the result (which photo opens, one file dropped).
        for case let .drop(paths) in drained {
            for event in openDropped(paths, session.viewer, t) { try recording.handle(event, in: session) }
        }
        if let h = horizon.map({ ($0 * Self.horizonStepsPerSecond).rounded() / Self.horizonStepsPerSecond }), h != recordedHorizon {
            recordedHorizon = h
            try recording.handle(InputEvent(time: t, kind: .horizon(seconds: h)), in: session)
        }
        try recording.handle(.frame(t), in: session)
        for request in session.takeRequests() {
            switch request {
            case .quit:
                isRunning = false
            case let .saveFeel(feel):
                // The result is recorded right after the frame that asked for it; the panel says
                // "saved" only once it has come back.
                try recording.handle(InputEvent(time: t, kind: .effect(recording.live.save(feel))), in: session)
            case let .again(from):
                // Recorded as an effect, which the session carries out (and a replay with it).
                guard let from else { break }
                try recording.handle(InputEvent(time: t, kind: .effect(.again(from: from))), in: session)
            case let .fullscreen(on):
                setFullscreen(on, windowSize)
            case .chooseFolder, .openFolder:
                // The folders offered, or the folder chosen shown (its list, then the result).
                for event in chooseFolder(request, session.viewer, t) { try recording.handle(event, in: session) }
            case .photoFile, .undoTrash, .sort:
                // The result and the change of the list it made (the trashed photo out, the
                // restored one back), recorded at the frame that asked.
                for event in fileActions(request, t) { try recording.handle(event, in: session) }
            }
        }
        if let limit = quitAfterSeconds, t >= limit { isRunning = false }
        reportRecordingFailure()
    }

    /// Says once, on stderr and in the window, that the recording stopped (a full disk): the app
    /// runs on, and the panel's tuning is still there to save.
    private func reportRecordingFailure() {
        guard !reportedRecordingFailure, let failure = session.recordingFailure else { return }
        reportedRecordingFailure = true
        let text = "recording stopped: \(failure.description); the app runs on, the trace so far is intact"
        warn("photozoom: " + text)
        session.show(message: text, isError: true)
    }
}
