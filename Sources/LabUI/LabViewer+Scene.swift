import Geometry
import Viewing
import Drawing

// The viewer's frame with its text and the feel lab's instruments drawn above it.
extension Viewer {
    /// The frame (`scene()`) with the chrome's text above it (the caption and the help), laid out
    /// with the shell's `text` metrics.
    public func scene(text: TextMetrics) -> Scene {
        var scene = scene()
        scene.overlays += chromeTextOverlays(text: text)
        return scene
    }
}

extension LabViewer {
    /// The viewer's frame with its text (`Viewer.scene(text:)`), then the lab's overlays above it:
    /// the decision overlay, the tuning panel with its curves, the badges and the message line.
    public func scene(text: TextMetrics) -> Scene {
        var scene = viewer.scene()
        scene.overlays += textOverlays(text: text)
        return scene
    }

    /// The overlays `scene(text:)` lays over `viewer.scene()`: the chrome's text, the empty
    /// window's panel when no photo is listed, the lab's, then Ctrl+O's chooser above them all.
    package func textOverlays(text: TextMetrics) -> [Scene.Overlay] {
        viewer.chromeTextOverlays(text: text) + emptyWindowOverlays(text: text) + labOverlays(text: text)
            + (chooser?.overlays(windowSize: viewer.windowSize, text: text) ?? [])
    }

    /// The lab's overlays alone (the message line left to the empty window's panel while it shows).
    package func labOverlays(text: TextMetrics) -> [Scene.Overlay] {
        feelLab.overlays(feel: viewer.feel, windowSize: viewer.windowSize,
                         preview: feelLab.showsDecisions ? viewer.dismissPreview : nil, text: text,
                         showsMessage: !showsEmptyWindow)
    }
}
