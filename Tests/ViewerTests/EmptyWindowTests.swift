import Geometry
import Testing
@testable import LabUI
import Viewing
import Drawing

@Suite("The window with no photo listed says so in its middle: what happened and the way out")
struct EmptyWindowTests {
    static let window = Size(800, 600)

    /// The texts of `overlays`, in drawing order, with where each starts.
    static func texts(_ overlays: [Scene.Overlay]) -> [(text: String, at: Point)] {
        overlays.compactMap { if case let .label(s, p, _, _) = $0 { (s, p) } else { nil } }
    }

    @Test("no photos and a folder problem: the panel holds the title, the problem and the way out, and the top message line is not drawn as well")
    func emptyWithProblem() {
        var lab = LabViewer(Viewer(photos: [], windowSize: Self.window))
        let problem = "/home/me/Pictures: no such file or folder"
        lab.show(message: problem, isError: true)
        #expect(lab.emptyWindowLines == [LabViewer.emptyWindowTitle, problem, LabViewer.emptyWindowWayOut])
        let texts = Self.texts(lab.textOverlays(text: .dejaVuSansMono))
        #expect(texts.map(\.text) == [LabViewer.emptyWindowTitle, problem, LabViewer.emptyWindowWayOut])
        // Each line centred: its middle at the window's, within a character's half advance.
        for (text, at) in texts {
            let size = text == LabViewer.emptyWindowTitle ? 20.0 : 14.0
            let middle = at.x + TextMetrics.dejaVuSansMono.labelWidth(of: text, size: size) / 2
            #expect(abs(middle - Self.window.width / 2) < 0.5, "\(text) starts at \(at.x)")
        }
        // The lines read downward, inside the window.
        #expect(zip(texts, texts.dropFirst()).allSatisfy { $0.at.y < $1.at.y })
        #expect(texts.allSatisfy { $0.at.y > 0 && $0.at.y < Self.window.height })
    }

    @Test("a problem longer than the panel is wrapped onto lines no wider than the window")
    func longProblemWraps() {
        var lab = LabViewer(Viewer(photos: [], windowSize: Size(400, 300)))
        let problem = String(repeating: "/a-long-folder-name", count: 6) + ": no such file or folder"
        lab.show(message: problem, isError: true)
        let texts = Self.texts(lab.textOverlays(text: .dejaVuSansMono))
        #expect(texts.count > 3, "\(texts.map(\.text))")
        for (text, at) in texts {
            let size = text == LabViewer.emptyWindowTitle ? 20.0 : 14.0
            #expect(at.x >= 16 && at.x + TextMetrics.dejaVuSansMono.labelWidth(of: text, size: size) <= 400 - 16, "\(text) overflows")
        }
        #expect(texts.map(\.text).joined(separator: " ").contains("no such file or folder"))
    }

    @Test("no photos and no message (every photo moved to the trash): the title and the way out")
    func emptyWithoutProblem() {
        let lab = LabViewer(Viewer(photos: [], windowSize: Self.window))
        #expect(Self.texts(lab.textOverlays(text: .dejaVuSansMono)).map(\.text) == [LabViewer.emptyWindowTitle, LabViewer.emptyWindowWayOut])
    }

    @Test("with photos listed there is no panel, and the message line is at the top as before")
    func photosListed() {
        var lab = LabViewer(Viewer(photos: ViewerScript.photos(3), windowSize: Self.window))
        lab.show(message: "gone.jpg: no such file or folder; showing the other 3 photos", isError: true)
        #expect(lab.emptyWindowLines.isEmpty)
        let texts = Self.texts(lab.textOverlays(text: .dejaVuSansMono))
        #expect(texts.map(\.text) == ["gone.jpg: no such file or folder; showing the other 3 photos"])
        #expect(texts.first?.at.y ?? 0 < 40)
    }
}
