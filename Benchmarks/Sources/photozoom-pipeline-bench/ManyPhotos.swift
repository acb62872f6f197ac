import CSDL2
import DecoderSandbox
import Foundation
import Geometry
import ImageFormats
import PhotoFiles
import PhotoLoading
import Rendering
import Viewing
import Events

// Many photos arriving at once (issue 43): `count` photos dropped on the window (the list
// replaced) and `count` moved into the folder shown (renamed in by another thread while the loop
// runs, as `mv` would), each run through frames as PhotoZoomApp runs them; the figure is the
// longest frame's work (the goal: 50 ms at most) and how long until every photo was listed. The
// frame loop's CPU time in its longest-working frame is printed too: on a loaded machine a frame's
// wall time also holds the time its thread waited for a core.
//
//   photozoom-pipeline-bench many COUNT DIR

/// A folder `dir` of `count` hard links to small JPEGs (`photos` in turn: a file takes at most
/// 65,000 names on ext4), named `STEM1.jpg` … (made once).
func linkedFolder(_ dir: String, count: Int, photos: [String], stem: String = "img") -> [String] {
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return (1...count).map { i in
        let path = dir + "/\(stem)\(i).jpg"
        if access(path, F_OK) != 0, link(photos[i % photos.count], path) != 0 { fail("cannot link \(path): \(String(cString: strerror(errno)))") }
        return path
    }
}

/// CPU seconds the calling thread has run.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A 64×48 JPEG at `path` (SDL_image), unless there is one.
func smallJPEG(_ path: String) {
    guard access(path, F_OK) != 0 else { return }
    guard let s = SDL_CreateRGBSurfaceWithFormat(0, 64, 48, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { fail("no surface") }
    defer { SDL_FreeSurface(s) }
    SDL_FillRect(s, nil, 0xFF80_6040)
    guard IMG_SaveJPG(s, path, 80) == 0 else { fail("cannot write \(path)") }
}

func many(_ count: Int, root: String) {
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let photos = (0..<8).map { root + "/photo\($0).jpg" }
    for photo in photos { smallJPEG(photo) }
    let dropped = linkedFolder(root + "/dropped-\(count)", count: count, photos: photos)
    for scenario in ["dropped", "moved in"] {
        // The folder shown: 20 photos; for "moved in", the incoming ones wait beside it.
        let shown = root + "/shown-\(count)-\(getpid())"
        try? FileManager.default.removeItem(atPath: shown)
        _ = linkedFolder(shown, count: 20, photos: photos, stem: "shown")
        let incoming = scenario == "moved in" ? linkedFolder(root + "/incoming-\(count)-\(getpid())", count: count, photos: photos) : []
        let folder: PhotoFolder
        do { folder = try PhotoFolder(path: shown) } catch { fail("\(error)") }
        let catalog = PhotoCatalog(folder: folder, isolation: .inProcess, warn: { _ in })
        let canvas = Canvas(width: 1280, height: 800)
        var limits = PhotoPipeline.Limits()
        limits.sharedThumbnails = nil
        limits.isolation = .inProcess
        limits.addsNewPhotos = true
        let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { _ in })
        let renderer = SceneRenderer(renderer: canvas.renderer, textures: pipeline)
        var viewer = Viewer(photos: catalog.photos, windowSize: Size(1280, 800))
        let clock0 = now()
        var news = PhotoSupplyNews()
        // The parts of the longest frame: the list's change taken, the viewer's events, the pipeline's advance and the draw.
        var parts: [Double] = [], longestParts: [Double] = []
        // The CPU time of each frame, and the most any frame took.
        var cpu: [Double] = []
        func frame(_ before: () -> [InputEvent] = { [] }) -> Double {
            let start = now(), cpuStart = threadCPUSeconds()
            let asked = before()
            let taken = now()
            let learnt = news.take().events(at: start - clock0)
            for e in asked + learnt { viewer.handle(e) }
            viewer.handle(.frame(start - clock0))
            let scene = viewer.scene()
            let handled = now()
            news.append(pipeline.advance(for: scene, pointScale: renderer.pointScale, renderer: canvas.renderer))
            let advanced = now()
            _ = renderer.drawIfChanged(scene)
            let end = now()
            cpu.append(threadCPUSeconds() - cpuStart)
            parts = [taken - start, handled - taken, advanced - handled, end - advanced]
            if end - start > longestParts.reduce(0, +) { longestParts = parts }
            return end - start
        }
        for _ in 0..<30 { _ = frame() }
        longestParts = []
        let expected = scenario == "dropped" ? count : 20 + count
        var frames: [Double] = []
        cpu = []
        let t0 = now()
        if scenario == "dropped" {
            // As PhotoFileActions.openDropped: the list replaced, its change taken in the loop's step.
            frames.append(frame { pipeline.replaceList(with: dropped); return pipeline.takePhotoSizeEvents(at: now() - clock0) })
        } else {
            let mover = Thread {
                for path in incoming { _ = rename(path, shown + "/" + (path as NSString).lastPathComponent) }
            }
            mover.start()
        }
        var listed: Double?
        while now() - t0 < 120 {
            frames.append(frame())
            if listed == nil, viewer.photos.count == expected { listed = now() - t0 }
            if listed != nil, now() - t0 > listed! + 2 { break }
            usleep(4000)
        }
        let s = spread(frames)
        print("\(count) photos \(scenario): listed after \(listed.map(ms) ?? "not within 120 s") (\(viewer.photos.count) of \(expected)); "
              + "frames \(frames.count), work median \(ms(s.median)), p95 \(ms(s.p95)), longest \(ms(s.max)), most CPU in a frame \(ms(cpu.max() ?? 0))"
              + " (change taken \(ms(longestParts[0])), viewer \(ms(longestParts[1])), advance \(ms(longestParts[2])), draw \(ms(longestParts[3])))")
        withExtendedLifetime(canvas) {}
        try? FileManager.default.removeItem(atPath: shown)
        try? FileManager.default.removeItem(atPath: root + "/incoming-\(count)-\(getpid())")
    }
}
