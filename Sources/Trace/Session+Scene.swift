import LabUI
import Viewing
import Drawing

extension Session {
    /// What the window draws for this session, with the lab's text laid out by `text`: the live
    /// viewer's frame, or while the again key's re-run is shown, the re-run with the run before as
    /// its ghost (`GhostScene.again`) under the live viewer's text. The live app, `replay --frames`
    /// and `--video` draw this, so a replay shows the re-run where the live window did.
    public func scene(text: TextMetrics) -> Scene {
        guard let again else {
            // The held photo where pointer prediction draws it (`drawnViewer`).
            var drawn = lab
            drawn.viewer = drawnViewer
            return drawn.scene(text: text)
        }
        return GhostScene.again(again, overlays: lab.textOverlays(text: text))
    }
}
