import Geometry
import Viewer

// The viewer's frame with the feel lab's instruments drawn above it.
extension Viewer {
    /// The frame (`scene()`) with the lab's overlays above it: the decision overlay, the tuning
    /// panel with its curves, the badges and the message line, laid out with the shell's `text` metrics.
    public func scene(text: TextMetrics) -> Scene {
        var scene = scene()
        scene.overlays += labOverlays(text: text)
        return scene
    }

    /// The lab's overlays alone.
    public func labOverlays(text: TextMetrics) -> [Scene.Overlay] {
        feelLab.overlays(feel: feel, windowSize: windowSize, preview: feelLab.showsDecisions ? dismissPreview : nil, text: text)
    }
}
