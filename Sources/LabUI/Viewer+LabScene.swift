import Geometry
import Viewer

// The viewer's frame with the feel lab's instruments drawn above it.
extension Viewer {
    /// The frame (`scene()`) with the text above it, laid out with the shell's `text` metrics: the
    /// caption and the help, then the lab's overlays (the decision overlay, the tuning panel with its
    /// curves, the badges and the message line).
    public func scene(text: TextMetrics) -> Scene {
        var scene = scene()
        scene.overlays += textOverlays(text: text)
        return scene
    }

    /// The overlays `scene(text:)` lays over `scene()`: the chrome's text, then the lab's.
    public func textOverlays(text: TextMetrics) -> [Scene.Overlay] {
        chromeTextOverlays(text: text) + labOverlays(text: text)
    }

    /// The lab's overlays alone.
    public func labOverlays(text: TextMetrics) -> [Scene.Overlay] {
        feelLab.overlays(feel: feel, windowSize: windowSize, preview: feelLab.showsDecisions ? dismissPreview : nil, text: text)
    }
}
