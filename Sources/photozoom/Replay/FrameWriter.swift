import Foundation
import PhotoFiles
import Rendering
import Trace
import Diagnostics

/// Draws the replayed frames as PNGs: `DIR/frame-000012.png`, numbered as the state log's `frame`.
final class FrameWriter {
    let folder: URL
    let every: Int
    let renderer: HeadlessRenderer

    init(folder path: String, every: Int, renderer: HeadlessRenderer) throws {
        folder = URL(fileURLWithPath: path, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandLineError.badInput("\(path): cannot make the frames folder (\(error.localizedDescription))")
        }
        self.every = every
        self.renderer = renderer
    }

    /// Writes the session's frame when it is one of every `every`th; returns how many it wrote (0 or 1).
    /// `draw` draws the frame once however many writers ask.
    func frame(_ session: Session, draw: () throws -> Void) throws -> Int {
        let number = session.viewer.snapshot.frame
        guard (session.frameCount - 1) % every == 0 else { return 0 }
        try draw()
        try renderer.savePNG(to: folder.appendingPathComponent(FrameFileName.of(frame: number)).path)
        return 1
    }
}
