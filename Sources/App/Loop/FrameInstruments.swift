import Foundation
import Geometry
import Drawing
import LiveInput
import PhotoLoading
import Diagnostics

/// The live loop's observer: each frame's figures (`FrameWork`), the frame log, the lab's line of
/// machine figures, the warm-ups' cost. It reads the loop's instants and never changes what is drawn
/// (issue 28's instruments, outside the loop's five steps).
final class FrameInstruments {
    /// A frame's instants on the loop's clock, and the thread's CPU time and schedule at its start.
    struct Meter {
        var start: Double
        var startCPU: Double
        var schedule: (began: Double, first: ThreadSchedule)?
        var stepped = 0.0, composed = 0.0, prepared = 0.0, call = 0.0, returned = 0.0
    }

    private let environment: RunEnvironment
    private(set) var work = FrameWork()
    /// The lab's figures, changed only by frames drawn for an input or a motion (not by the frame
    /// that draws the figures themselves, which would draw again, and again).
    private var machineText: String

    init(environment: RunEnvironment) {
        self.environment = environment
        machineText = work.overlayText
    }

    /// The frame log or the frame work asked for: each frame also reads the loop thread's schedule.
    private var readsSchedule: Bool { environment.logsFrames || environment.summarisesFrames }

    func frameBegins(at start: Double, clock: MonotonicClock) -> Meter {
        Meter(start: start, startCPU: Self.threadCPUSeconds(),
              schedule: readsSchedule ? ThreadSchedule.now().map { (clock.now(), $0) } : nil)
    }

    /// A frame presented: its parts in `FrameWork`, a line of the frame log when asked.
    func presented(_ m: Meter, phase: String, input: Double?, moving: Bool, textures: PhotoPipeline) {
        // Of the frame's wall time until its present returned: waiting for a core, and asleep (neither running nor runnable).
        let schedule = m.schedule.flatMap { began, first in
            ThreadSchedule.now().map { now in (queued: now.waiting - first.waiting,
                                               asleep: m.returned - began - (now.running - first.running) - (now.waiting - first.waiting)) }
        }
        let cpu = Self.threadCPUSeconds() - m.startCPU
        let prepare = m.prepared - m.composed
        if environment.logsFrames {
            let st = textures.statistics
            printError(String(format: "frame %@ prepare %.1f draw %.1f cpu %.1f uploads %d bytes %d present %.1f runqueue %.1f asleep %.1f",
                              phase, prepare * 1000, (m.call - m.prepared) * 1000, cpu * 1000, st.uploads, st.uploadedBytes,
                              (m.returned - m.call) * 1000, (schedule?.queued ?? 0) * 1000, (schedule?.asleep ?? 0) * 1000))
        }
        work.add(phase: phase, work: m.call - m.start, inputLatency: input.map { m.call - $0 },
                 parts: [("step", m.stepped - m.start), ("scene", m.composed - m.stepped), ("prepare", prepare),
                         ("draw", m.call - m.prepared), ("present", m.returned - m.call), ("cpu", cpu)]
                     + (schedule.map { [("runqueue", $0.queued), ("asleep", $0.asleep)] } ?? []))
        if moving { machineText = work.overlayText }
    }

    /// A present returned at `time`, `animating` while the viewer moves (the hitch ratio, `HitchRatio`).
    func presentReturned(at time: Double, animating: Bool, period: Double) {
        work.presented(at: time, moving: animating, period: period)
    }

    /// A frame not presented (its picture was on screen): the next present follows a pause.
    func notPresented() { work.notPresented() }

    /// The start of an off-screen draw: wall and CPU time.
    func begin(clock: MonotonicClock) -> (wall: Double, cpu: Double) { (clock.now(), Self.threadCPUSeconds()) }

    /// An off-screen draw (`what`) done: its cost in `FrameWork`, a line of the frame log when asked.
    func warmedUp(since began: (wall: Double, cpu: Double), clock: MonotonicClock, what: String) {
        let wall = clock.now() - began.wall, cpu = Self.threadCPUSeconds() - began.cpu
        work.addWarmUp(wall: wall, cpu: cpu)
        if environment.logsFrames { printError(String(format: "%@: %.1f ms, cpu %.1f", what, wall * 1000, cpu * 1000)) }
    }

    /// The lab's figures of the machine, bottom left (issue 28): the frames' work and the last
    /// input's wait until its frame's present call.
    func machineOverlays(windowSize: Size, text metrics: TextMetrics) -> [Scene.Overlay] {
        let y = windowSize.height - 30
        return [.roundedRect(Rect(x: 8, y: y, width: metrics.labelWidth(of: machineText, size: 13) + 16, height: 22),
                             radius: Scene.boxRadius, color: Color(0, 0, 0, 0.6)),
                .label(machineText, at: Point(16, y + 4), size: 13, color: .overlay)]
    }

    /// The figures of the whole run, when asked for (`PHOTOZOOM_FRAME_WORK`).
    func finish() {
        guard environment.summarisesFrames else { return }
        (work.summary + [work.hitchSummary] + work.partSummary + work.slowestSummary + [work.warmUpSummary].compactMap { $0 }).forEach { printError("photozoom: " + $0) }
    }

    /// The calling thread's CPU time (seconds): a frame's work against its wall time tells the
    /// machine's load (others' work) from the frame's own (issue 28).
    private static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
