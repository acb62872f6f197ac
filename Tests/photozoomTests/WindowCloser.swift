import CSDL2
import Foundation

/// Something a scenario runs beside it on its X server (a fixed display that lets other clients
/// in): started with the display, the scenario's folder and a deadline.
protocol ScenarioCompanion: AnyObject, Sendable {
    func start(display: String, folder: URL, deadline: Date)
}

extension RawMotionListener: ScenarioCompanion {}

/// Asks the app's window to close as a window manager does: a WM_DELETE_WINDOW client message,
/// which the server delivers to the connection that made the window (a window manager's close
/// button, take-focus and ping messages go the same way). It connects to `display` from a thread;
/// when `folder/close-now` appears it finds the top-level window of class `photozoom`, sends the
/// message and writes `folder/close-sent` (or `folder/close-failed`); it closes its connection
/// when `folder/finished` appears (before the server goes away: Xlib ends a process whose
/// connection breaks), then writes `folder/companion-closed`; connected, it writes
/// `folder/companion-connected`.
///
/// Once `folder/watch-windows` appears (and it has answered with `folder/watching-windows`) it also
/// writes each top-level window made, shown and destroyed, in order, one per line
/// (`create 0x400002`, `map …`, `destroy …`) to `folder/windows-seen.txt`, as a window switcher or
/// `xdotool search` would meet them.
final class WindowCloser: ScenarioCompanion, @unchecked Sendable {
    func start(display: String, folder: URL, deadline: Date) {
        Thread { [self] in
            run(display: display, folder: folder, deadline: deadline)
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("companion-closed").path, contents: Data())
        }.start()
    }

    private func run(display name: String, folder: URL, deadline: Date) {
        func exists(_ file: String) -> Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) }
        func write(_ file: String) { _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(file).path, contents: Data()) }
        var dpy: OpaquePointer?
        while dpy == nil, Date() < deadline {
            dpy = XOpenDisplay(name)
            if dpy == nil { usleep(50_000) }
        }
        guard let dpy else { return }
        defer { XCloseDisplay(dpy) }
        write("companion-connected")
        XSelectInput(dpy, XDefaultRootWindow(dpy), SubstructureNotifyMask)
        XSync(dpy, 0)
        var seen = ""
        var sent = false
        var watching = false
        while Date() < deadline, !exists("finished") {
            if !watching, exists("watch-windows") {
                // What came before is not watched.
                XSync(dpy, 1)
                watching = true
                write("watching-windows")
            }
            while XPending(dpy) > 0 {
                var event = XEvent()
                XNextEvent(dpy, &event)
                let line: String? = switch event.type {
                case CreateNotify: "create 0x\(String(event.xcreatewindow.window, radix: 16))"
                case MapNotify: "map 0x\(String(event.xmap.window, radix: 16))"
                case DestroyNotify: "destroy 0x\(String(event.xdestroywindow.window, radix: 16))"
                default: nil
                }
                if watching, let line {
                    seen += line + "\n"
                    try? seen.write(to: folder.appendingPathComponent("windows-seen.txt"), atomically: true, encoding: .utf8)
                }
            }
            if !sent, exists("close-now") {
                sent = true
                if let window = Self.window(ofClass: "photozoom", on: dpy) {
                    var event = XEvent()
                    event.xclient.type = ClientMessage
                    event.xclient.window = window
                    event.xclient.message_type = XInternAtom(dpy, "WM_PROTOCOLS", 0)
                    event.xclient.format = 32
                    event.xclient.data.l.0 = Int(XInternAtom(dpy, "WM_DELETE_WINDOW", 0))
                    event.xclient.data.l.1 = 0  // CurrentTime
                    XSendEvent(dpy, window, 0, 0, &event)
                    XSync(dpy, 0)
                    write("close-sent")
                } else {
                    write("close-failed")
                }
            }
            usleep(20_000)
        }
    }

    /// The first shown child of the root window whose class is `name` (a window manager closes
    /// only windows it shows).
    private static func window(ofClass name: String, on dpy: OpaquePointer) -> Window? {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(dpy, XDefaultRootWindow(dpy), &root, &parent, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        for i in 0..<Int(count) {
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(dpy, children[i], &attributes) != 0, attributes.map_state == IsViewable else { continue }
            var hint = XClassHint()
            guard XGetClassHint(dpy, children[i], &hint) != 0 else { continue }
            defer { XFree(hint.res_name); XFree(hint.res_class) }
            if let className = hint.res_class, String(cString: className) == name { return children[i] }
        }
        return nil
    }
}
