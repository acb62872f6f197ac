import Rendering
import Trace

/// The filmstrip `check --update` writes beside a golden: `columns` frames of the replay at evenly
/// spaced instants (the first frame, the last, and those between at equal frame counts), drawn by
/// the headless renderer with the photos as placeholders and shrunk by `shrink` (docs/goldens.md).
struct FilmstripRecording {
    static let columns = 8
    static let shrink = 4

    /// The renderer every filmstrip of a run shares (SDL starts once; again for another pixel scale).
    nonisolated(unsafe) private static var sharedRenderer: HeadlessRenderer?

    private let renderer: HeadlessRenderer
    /// The frames drawn (1-based, the state log's numbering), in order.
    let frames: [Int]
    private var strip: Filmstrip
    private var frameNumber = 0

    init(tracePath: String, header: TraceHeader) throws {
        let count = try TraceExtent(path: tracePath).frameCount
        let n = Self.columns
        frames = (0..<n).map { i in 1 + Int((Double(i * max(count - 1, 0)) / Double(n - 1)).rounded()) }
        if Self.sharedRenderer?.pointScale != header.scale {
            Self.sharedRenderer = nil
            Self.sharedRenderer = try HeadlessRenderer(pointScale: header.scale) { PlaceholderTextures() }
        }
        renderer = Self.sharedRenderer!
        let width = Int((header.windowSize.width * header.scale).rounded()), height = Int((header.windowSize.height * header.scale).rounded())
        strip = Filmstrip(columns: n, frameWidth: width, frameHeight: height, shrink: Self.shrink)
    }

    /// Takes the replay's next frame, drawing it when it is one of `frames`.
    mutating func frame(_ session: Session) throws {
        frameNumber += 1
        guard frames.contains(frameNumber) else { return }
        try renderer.draw(session.scene(text: renderer.textMetrics))
        for (column, n) in frames.enumerated() where n == frameNumber { try strip.add(from: renderer, at: column) }
    }

    func pngBytes() throws -> [UInt8] { try strip.pngBytes() }
}
