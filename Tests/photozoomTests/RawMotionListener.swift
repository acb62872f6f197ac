import CSDL2
import Foundation

/// The X server's own account of pointer input, for checking the app's recorded times against it:
/// a second connection that selects XInput2 raw motion and button events on the root window, which
/// the server sends to every client that asks, with its own time, even during a drag's grab.
final class RawMotionListener: @unchecked Sendable {
    /// One raw event: its kind and the server's time in ms.
    struct Event: Sendable {
        enum Kind: Sendable { case motion, press, release }
        var kind: Kind
        var time: UInt32
    }

    /// Whether the events so far end in a drag that meets the scenario's premise.
    private let judge: @Sendable ([Event]) -> Bool
    private let lock = NSLock()
    private var collected: [Event] = []
    private var stopped = false
    private var thread: Thread?
    /// Set once the selection is in place (the drag may start).
    private(set) var isListening = false

    init(judge: @escaping @Sendable ([Event]) -> Bool) {
        self.judge = judge
    }

    /// Starts listening on `display` (":141") from a thread; retries while the server starts.
    /// Writes `folder/listening` once in place. Each time `folder/drag-done` appears (the scenario
    /// made a drag) it takes it away, reads what the server has sent, and writes `folder/verdict`:
    /// `paced` or `unpaced` by `judge` over the events so far, so the scenario can drag again in
    /// the same session (`judge` is given at `init`). Connected, it writes
    /// `folder/companion-connected`; it stops and closes its connection when `folder/finished`
    /// appears (before the server goes away: Xlib ends a process whose connection breaks), then
    /// writes `folder/companion-closed`.
    func start(display: String, folder: URL, deadline: Date) {
        let t = Thread { [self] in
            run(display: display, folder: folder, deadline: deadline)
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("companion-closed").path, contents: Data())
        }
        thread = t
        t.start()
    }

    func stop() -> [Event] {
        lock.lock()
        stopped = true
        defer { lock.unlock() }
        return collected
    }

    private var shouldStop: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func run(display name: String, folder: URL, deadline: Date) {
        let dragDone = folder.appendingPathComponent("drag-done").path
        let finished = folder.appendingPathComponent("finished").path
        var dpy: OpaquePointer?
        while dpy == nil, Date() < deadline, !shouldStop {
            dpy = XOpenDisplay(name)
            if dpy == nil { usleep(50_000) }
        }
        guard let dpy else { return }
        defer { XCloseDisplay(dpy) }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("companion-connected").path, contents: Data())
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(dpy, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return }
        var bits = [UInt8](repeating: 0, count: 4)
        for type in [XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease] { bits[Int(type) >> 3] |= 1 << (UInt8(type) & 7) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(dpy, XDefaultRootWindow(dpy), &mask, 1)
        }
        XSync(dpy, 0)
        lock.lock(); isListening = true; lock.unlock()
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("listening").path, contents: Data())
        var finishing = false
        while !shouldStop, Date() < deadline {
            // After the scenario says it is finished, one more drain, then close.
            if finishing { break }
            if FileManager.default.fileExists(atPath: finished) { finishing = true; XSync(dpy, 0) }
            let judging = FileManager.default.fileExists(atPath: dragDone)
            if judging { XSync(dpy, 0) }
            while XPending(dpy) > 0 {
                var event = XEvent()
                XNextEvent(dpy, &event)
                guard event.type == GenericEvent, event.xcookie.extension == opcode,
                      XGetEventData(dpy, &event.xcookie) != 0 else { continue }
                defer { XFreeEventData(dpy, &event.xcookie) }
                let raw = event.xcookie.data.assumingMemoryBound(to: XIRawEvent.self).pointee
                let kind: Event.Kind? = switch event.xcookie.evtype {
                case XI_RawMotion: .motion
                case XI_RawButtonPress: raw.detail == 1 ? .press : nil
                case XI_RawButtonRelease: raw.detail == 1 ? .release : nil
                default: nil
                }
                if let kind {
                    lock.lock(); collected.append(Event(kind: kind, time: UInt32(truncatingIfNeeded: raw.time))); lock.unlock()
                }
            }
            if judging {
                try? FileManager.default.removeItem(atPath: dragDone)
                let verdict = judge(lock.withLock { collected }) ? "paced" : "unpaced"
                let scratch = folder.appendingPathComponent("verdict.partial")
                try? verdict.write(to: scratch, atomically: false, encoding: .utf8)
                rename(scratch.path, folder.appendingPathComponent("verdict").path)
            }
            usleep(300)
        }
    }
}
