import Foundation
import Synchronization
import Testing
@testable import ImageFormats
@testable import PhotoActions
@testable import PhotoFiles
@testable import PhotoLoading
@testable import Viewing
import Events

/// A turn written into its file lands on the writer thread, while the frame loop may be waiting on
/// input alone: each finished write calls the `wake` the app hands `PhotoFileActions` (the app
/// posts `WakeEvent`), so the write's news, a failure's message above all, does not wait for the
/// next input. A turn that writes nothing wakes nothing.
@Suite("A turn's write into its file wakes the loop once it has landed; a turn kept for the session wakes nothing", .serialized)
struct TurnWriteWakeTests {
    /// Wakes counted from the writer thread.
    final class Wakes: Sendable {
        let count = Mutex(0)
        func wake() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Actions over a pipeline on `dir`, waking `wakes`.
    static func actions(_ dir: URL, wakes: Wakes) throws -> PhotoFileActions {
        let catalog = PhotoCatalog(folder: try PhotoFolder(path: dir.path), warn: { _ in })
        let pipeline = PhotoPipeline(catalog: catalog, limits: .oneDecoder(.inProcess), warn: { _ in })
        return PhotoFileActions(pipeline: pipeline, wake: { wakes.wake() })
    }

    static func effects(_ events: [InputEvent]) -> [EffectResult] {
        events.compactMap { if case let .effect(e) = $0.kind { e } else { nil } }
    }

    @Test("a JPEG turned clockwise twice: two writes, two wakes, the file's EXIF orientation 1 → 6 → 3, no failure to report")
    func jpegWritesWake() throws {
        let dir = TestImages.folder("turn-wake-jpeg")
        let file = TestImages.write(TestImages.jpeg(width: 64, height: 48) { _, _ in TestImages.RGB(30, 120, 200) }, "a.jpg", in: dir)
        let wakes = Wakes()
        let actions = try Self.actions(dir, wakes: wakes)
        for t in [1.0, 2.0] {
            let events = actions.carryOut(.photoFile(.turnClockwise, photo: 0, name: "a.jpg"), at: t)
            guard case .photoTurned(photo: 0, quarterTurns: 1, message: _, asksToWrite: false)? = Self.effects(events).first else {
                Issue.record("expected the photo turned and kept in its file, got \(events)"); return
            }
        }
        actions.finishWrites()
        #expect(wakes.value == 2)
        #expect(actions.takeFinishedWrites(at: 3).isEmpty)
        let bytes = [UInt8](try Data(contentsOf: file))
        #expect(try JPEGOrientationEdit.orientation(of: bytes) == .down)
    }

    @Test("a PNG turned clockwise is turned for the session and asks to be written: nothing is written, nothing wakes")
    func sessionTurnWakesNothing() throws {
        let dir = TestImages.folder("turn-wake-png")
        let file = TestImages.writePNG(width: 16, height: 8, "p.png", in: dir) { x, y in TestImages.noise(x, y) }
        let before = try Data(contentsOf: file)
        let wakes = Wakes()
        let actions = try Self.actions(dir, wakes: wakes)
        let events = actions.carryOut(.photoFile(.turnClockwise, photo: 0, name: "p.png"), at: 1)
        guard case .photoTurned(photo: 0, quarterTurns: 1, message: _, asksToWrite: true)? = Self.effects(events).first else {
            Issue.record("expected the photo turned for the session, asking to be written, got \(events)"); return
        }
        actions.finishWrites()
        #expect(wakes.value == 0)
        #expect(try Data(contentsOf: file) == before)
    }
}
