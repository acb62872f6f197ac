import Foundation
import Drawing
import LiveInput
import Window
import PhotoLoading
import Rendering

/// The first frames' stepper: while the software renderer stands in for the accelerated one
/// (`WindowHost.isProvisional`), when it gives way (`RendererHandOver`) and whether the first
/// frame waits for the shown thumbnails. Inert once the accelerated renderer is made.
struct OpeningStepper {
    private var handOver: RendererHandOver

    init(opened: UInt64) { handOver = RendererHandOver(opened: opened) }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// True when the accelerated renderer should be made before the frame reads its input.
    func handsOverBeforeStep(host: WindowHost, textures: PhotoPipeline) -> Bool {
        guard host.isProvisional else { return false }
        let stats = textures.statistics
        return handOver.handsOver(now: Self.now(), inputPending: LiveInputQueue.isMovingInputPending(),
                                  decodedFromPhotos: stats.thumbnailsDecoded > stats.thumbnailsFromSharedCache)
    }

    /// True when it should be made after the step: something moves, or a screenshot is due.
    func handsOverAfterStep(host: WindowHost, moving: Bool, screenshot: Bool) -> Bool {
        host.isProvisional && (moving || screenshot)
    }

    /// True while the first frame waits for the shown thumbnails (`RendererHandOver.firstFrameWait`).
    func holdsFirstFrame(host: WindowHost, textures: PhotoPipeline, scene: Scene) -> Bool {
        guard host.isProvisional, handOver.mayHoldFirstFrame(now: Self.now()) else { return false }
        return handOver.holdsFirstFrame(now: Self.now(), isFinal: textures.showsFinalPictures(forCells: scene.cells.map(\.photo)))
    }

    /// A frame presented, showing a final first screen or not.
    mutating func presented(host: WindowHost, isFinal: Bool) {
        if host.isProvisional { handOver.presented(now: Self.now(), isFinal: isFinal) }
    }
}

/// The warm-up stepper: once per accelerated renderer, while nothing moves and no input waits,
/// one scene a turn of the loop is drawn off screen (`WarmUpScenes`): llvmpipe compiles its
/// shaders now, not in the first frame of an opening or a held photo (issue 28). Afterwards, the
/// grid a held photo uncovers is drawn again when thumbnails came in, not in the hold's first frame.
struct WarmUpStepper {
    private let enabled: Bool
    /// The next scene to draw off screen; nil once all were (or none are to be).
    private var step: Int?

    init(enabled: Bool) {
        self.enabled = enabled
        step = enabled ? 0 : nil
    }

    /// A new renderer: its shaders are compiled afresh.
    mutating func restart() { step = enabled ? 0 : nil }

    /// One turn after the frame showing `scene` (on the accelerated renderer): `quiet` when the
    /// viewer rests and the loop runs, `idle` when no decode is under way. True while scenes are
    /// left to warm up (the loop keeps turning every interval).
    mutating func turn(after scene: Scene, renderer: inout SceneRenderer, quiet: Bool, idle: Bool, clock: MonotonicClock,
                       instruments: FrameInstruments) -> Bool {
        if let current = step {
            let scenes = WarmUpScenes.scenes(after: scene)
            if current < scenes.count, quiet, !LiveInputQueue.isAnyPending() {
                let began = instruments.begin(clock: clock)
                renderer.warmUp(scenes[current], standInSize: (3, 3))
                instruments.warmedUp(since: began, clock: clock, what: "warm-up \(current + 1) of \(scenes.count)")
                step = current + 1
            }
            if let next = step, next >= scenes.count { step = nil; return false }
            return true
        }
        if enabled, quiet, idle, let held = WarmUpScenes.held(after: scene), !LiveInputQueue.isAnyPending() {
            let began = instruments.begin(clock: clock)
            if renderer.refreshGrid(for: held) { instruments.warmedUp(since: began, clock: clock, what: "grid redrawn for a hold") }
        }
        return false
    }
}
