import CClipboard
import CSDL2
import Foundation
import Gestures
import DecoderSandbox
import Decoding
import PhotoFiles
import PhotoLoading
import Diagnostics
import DecodeScheduling
import Events

/// Ctrl+C: the open photo offered on the X11 CLIPBOARD (issue 32) as `image/png` (its upright
/// pixels, encoded by `PNGWriter`), `text/uri-list` (its `file://` URI), and its path as
/// `UTF8_STRING` and `text/plain;charset=utf-8` (and `x-special/gnome-copied-files`, so a file
/// manager pastes the file itself).
///
/// SDL2's clipboard carries text only, so the selection is owned by `CClipboard`: a connection of
/// its own with an unmapped window and a thread that answers requests, never seen by SDL's event
/// pump (SDL 2.26 answers SelectionRequest only for its own hidden clipboard window, and passes any
/// other to the app) and answering while the frame loop sleeps.
///
/// The selection is taken at once with the URI and the path; the picture is decoded at its full
/// size in a decoder helper (the same sandbox and pixel limit as every decode; at most 8192 pixels
/// a side, the helpers' shared memory: a larger photo is scaled to fit) and encoded on a thread of
/// its own, and a request for `image/png` that comes before it is ready is answered when it is. A
/// PNG larger than one X request goes through the INCR protocol. The content lasts until another
/// program copies; at quit it is handed to a clipboard manager when one runs, otherwise it goes.
package final class PhotoClipboard: @unchecked Sendable {
    /// The clipboard's connection; nil until the first copy, or when there is no X server.
    private var connection: OpaquePointer?
    private var opened = false
    private let options: DecoderHelperService.Options
    private let isolation: DecoderIsolation
    private let warn: @Sendable (String) -> Void
    /// The threads making pictures: the connection stays open until they have supplied them.
    private let encoding = DispatchGroup()
    /// The last picture made, offered again by a second press on the same photo.
    private let pictures = ClipboardPictures()

    package init(pixelLimit: Int, isolation: DecoderIsolation, warn: @escaping @Sendable (String) -> Void) {
        var options = DecoderHelperService.Options()
        options.pixelLimit = pixelLimit
        options.maxTextureSide = Self.sideLimit
        // The helper reads only the photo handed to it as a descriptor (issue 33).
        options.readRoots = []
        self.options = options
        self.isolation = isolation
        self.warn = warn
    }

    /// The longest side of the picture offered: the decoder helpers' shared memory (8192² pixels).
    package static let sideLimit = 8192

    /// Offers the photo whose file is `path` (shown as `name`), turned `quarterTurns` × 90°
    /// clockwise as it is shown (a turn for the session the file does not hold): the effect the
    /// frame loop records.
    func copy(path: String, name: String, quarterTurns: Int = 0) -> EffectResult {
        let shown = PhotoName.displayed((name as NSString).lastPathComponent)
        if !opened {
            opened = true
            connection = pz_clipboard_open(nil)
        }
        guard let connection else {
            return .photoFile(message: "cannot copy \(shown): no X display to hold the clipboard", isError: true)
        }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        // The URI names the file by its bytes; the text is for people, with a byte that is not
        // UTF-8 shown as `\xE9` (UTF8_STRING cannot carry it).
        let offer = pz_clipboard_offer(connection, DesktopServices.fileURI(absolute) + "\r\n", PhotoName.displayed(absolute), 1)
        guard offer > 0 else {
            return .photoFile(message: "cannot copy \(shown): the clipboard could not be taken", isError: true)
        }
        encode(path: absolute, shown: shown, quarterTurns: quarterTurns, offer: offer, into: ClipboardHandle(connection))
        return .photoFile(message: "copied \(shown) to the clipboard (the picture and the file)", isError: false)
    }

    /// Decodes and encodes on a thread of its own, at the decoders' lowered priority, then supplies
    /// the PNG (or nothing, and a warning, when the photo cannot be decoded).
    private func encode(path: String, shown: String, quarterTurns: Int, offer: Int, into handle: ClipboardHandle) {
        let options = options, isolation = isolation, warn = warn, encoding = encoding, pictures = pictures
        encoding.enter()
        let thread = Thread {
            defer { encoding.leave() }
            ThreadPriority.lowerCallingThread(by: ThreadPriority.decodingSteps)
            let png = pictures.picture(path: path, quarterTurns: quarterTurns) {
                let decode = DecoderThreads.decoding(options: options, isolation: isolation, queue: DecodeQueue())
                let side = Self.sideLimit
                let attempt = decode(DecoderThreads.Source(path: path), .screen(width: side, height: side))
                switch attempt.result {
                case let .success(decoded):
                    // The picture as shown: the file's orientation, then the session's own turn.
                    let turned = quarterTurns % 4 == 0 ? decoded : PhotoPipeline.turned(decoded, quarterTurns: quarterTurns)
                    guard let image = turned else {
                        warn("photozoom: cannot copy \(shown)'s picture: no memory to turn it")
                        return []
                    }
                    do throws(CommandLineError) {
                        return try PNGWriter.encode(image.surface, keepingAlpha: image.hasTransparency)
                    } catch {
                        warn("photozoom: cannot copy \(shown)'s picture: \(error.message)")
                        return []
                    }
                case let .failure(problem):
                    warn("photozoom: cannot copy \(shown)'s picture: \(problem)")
                    return []
                }
            }
            png.withUnsafeBufferPointer { pz_clipboard_supply_image(handle.pointer, offer, $0.baseAddress, $0.count) }
        }
        thread.name = "photozoom-clipboard"
        thread.start()
    }

    /// At quit: the content to a clipboard manager when one runs (waiting at most 2 s for it), then
    /// the connection closed, once the pictures being made are supplied (a picture still being made
    /// after 10 s leaves the connection to the process's end). True when a manager saved it.
    @discardableResult
    package func close() -> Bool {
        guard let connection else { return false }
        self.connection = nil
        guard encoding.wait(timeout: .now() + 10) == .success else { return false }
        return pz_clipboard_close(connection, 2) == 1
    }

    deinit { close() }
}

/// The clipboard's connection, handed to the thread that supplies its picture (the C side locks).
private struct ClipboardHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}
