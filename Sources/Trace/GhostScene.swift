import FeelModel
import Geometry
import JSON
import Viewing
import Drawing

/// The visual A/B of the trace player: run B drawn as a ghost over run A at the same frame — B's
/// moving photo (and paging neighbours) translucent above A's, each outlined, the main one
/// labelled "B" at its top-left corner.
package enum GhostScene {
    /// How opaque B's photo is drawn over A's.
    package static let photoAlpha = 0.4
    package static let outlineColor = Color(0.35, 0.95, 1.0)

    /// `a` with `b`'s photos laid over it as the ghost (A's overlays stay on top of everything).
    package static func compose(a: Scene, b: Scene) -> Scene {
        var out = a
        var outlines: [Scene.Overlay] = []
        for quad in b.photos {
            var ghost = quad
            ghost.alpha = quad.alpha * photoAlpha
            out.photos.append(ghost)
            let corners = quad.corners
            outlines.append(.polyline(corners + [corners[0]], color: outlineColor))
        }
        if let main = b.photos.last {
            outlines.append(.text("B", at: main.corners[0] + Point(4, 2), size: 13, color: outlineColor))
        }
        out.overlays = outlines + a.overlays
        return out
    }

    /// The live window during "again with these numbers": the re-run's scene with the run before
    /// it as the ghost, and `overlays` (the live viewer's text: caption, help, the lab) above both.
    package static func again(_ run: AgainRun, overlays: [Scene.Overlay]) -> Scene {
        var scene = compose(a: run.rerun.scene(), b: run.previous.scene())
        scene.overlays += overlays
        return scene
    }

    /// Where each run's scene goes in the split view: the left and right halves of `window`, each
    /// scene scaled to fit its half whole (aspect kept) and centred in it.
    package static func splitFrames(scene: Size, window: Size) -> (a: Rect, b: Rect) {
        let half = Size(window.width / 2, window.height)
        let scale = scene.width > 0 && scene.height > 0 ? min(half.width / scene.width, half.height / scene.height) : 1
        let size = Size(scene.width * scale, scene.height * scale)
        let y = (window.height - size.height) / 2
        let a = Rect(x: (half.width - size.width) / 2, y: y, width: size.width, height: size.height)
        return (a, Rect(x: a.minX + half.width, y: y, width: size.width, height: size.height))
    }

    /// The split view's labels, "A" and "B" above each half's scene (inside it when the window
    /// leaves no room above), and the line between the halves.
    package static func splitLabels(frames: (a: Rect, b: Rect), windowSize: Size) -> [Scene.Overlay] {
        var out: [Scene.Overlay] = [.line(from: Point(windowSize.width / 2, 0), to: Point(windowSize.width / 2, windowSize.height),
                                          color: Color(0.4, 0.4, 0.45))]
        for (frame, name, color) in [(frames.a, "A", Color.white), (frames.b, "B", outlineColor)] {
            let y = frame.minY >= 26 ? frame.minY - 24 : frame.minY + 4
            out.append(.rect(Rect(x: frame.minX + 6, y: y, width: 24, height: 20), color: Color(0, 0, 0, 0.7), filled: true))
            out.append(.text(name, at: Point(frame.minX + 13, y + 2), size: 14, color: color))
        }
        return out
    }
}
