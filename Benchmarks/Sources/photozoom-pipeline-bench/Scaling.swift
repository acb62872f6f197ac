import CSDL2
import DecoderSandbox
import Foundation
import ImageFormats
import PhotoFiles
import PhotoLoading
import Rendering

// MARK: - Decoder threads against cores

/// Thumbnails of the first `count` photos of `path` through the whole pipeline, as the app makes
/// them (each decoder thread drives its own helper process, the `photozoom` at `helper`), once for
/// each number of decoder threads in `threads`: wall thumbnails per second from the first request
/// to the last thumbnail, the helpers' start-up included. Run it under `taskset` to give it fewer
/// cores than the machine has (`scripts/bench threads`).
func scaling(_ path: String, helper: String, count: Int, side: Int, threads: [Int]) {
    let folder: PhotoFolder
    do { folder = try PhotoFolder(path: path) } catch { fail("\(error)") }
    let files = Array(folder.files.prefix(count))
    for f in files { _ = try? Data(contentsOf: f) }  // the page cache warm: decoding, not the disk
    let catalog = PhotoCatalog(files: files, isolation: .inProcess, warn: { _ in })
    let canvas = Canvas(width: 64, height: 64)
    var settings = DecoderHelperSettings(executable: helper)
    settings.timeLimitSeconds = 60
    print("thumbnails of \(files.count) photos (\(Int(catalog.photos[0].pixelSize.width))x\(Int(catalog.photos[0].pixelSize.height))), shorter side \(side) px, decoded in helper processes, \(allowedCores()) cores allowed")
    var first: Double?
    for n in threads {
        var best = Double.infinity
        var cpuEach = Double.infinity
        for _ in 0..<2 {  // the better of two: the machine is shared
            var limits = PhotoPipeline.Limits()
            limits.decoderThreads = n
            limits.decoderThreadsWhileMoving = n
            limits.sharedThumbnails = nil
            limits.isolation = .helperProcesses(settings)
            limits.thumbnailBytes = 1 << 30
            limits.decodedBytes = 1 << 30
            limits.uploadBytesPerFrame = 1 << 30
            let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { print("  \($0)") })
            let demand = SceneDemand(visibleCells: Array(files.indices), cellPixels: side, largePhotos: [], windowPixels: (64, 64))
            let start = now()
            while !(files.indices.allSatisfy { pipeline.hasThumbnail($0) || pipeline.isBroken($0) }) {
                pipeline.prepare(for: demand, renderer: canvas.renderer)
                usleep(200)
            }
            best = min(best, now() - start)
            let st = pipeline.statistics
            cpuEach = min(cpuEach, st.thumbnailDecodeSeconds / Double(max(1, st.thumbnailsDecoded)))
        }
        let rate = Double(files.count) / best
        if first == nil { first = rate }
        print("  \(n) decoder thread\(n == 1 ? " " : "s"): \(String(format: "%6.1f", rate)) thumbnails/s (\(ms(best)) for all, \(ms(cpuEach)) decoder CPU each; \(String(format: "%.2f", rate / first!))× the first row)")
    }
    withExtendedLifetime(canvas) {}
}

/// The cores this process may run on (`taskset` narrows them): the kernel's `Cpus_allowed` mask.
func allowedCores() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else {
        return ProcessInfo.processInfo.activeProcessorCount
    }
    return line.dropFirst("Cpus_allowed:".count).reduce(0) { count, c in count + (c.hexDigitValue ?? 0).nonzeroBitCount }
}

/// One thumbnail of the photo at `path`, decoded in this process as a decoder thread does
/// (DCT-scaled): the wall time, for `/usr/bin/time` to add the peak memory (`scripts/bench threads`
/// compares it with vipsthumbnail). With `dry`, everything but the decode, for the baseline memory.
func single(_ path: String, side: Int, dry: Bool) {
    let url = URL(fileURLWithPath: path)
    let catalog = PhotoCatalog(files: [url], isolation: .inProcess, warn: { _ in })
    let canvas = Canvas(width: 64, height: 64)
    guard !dry else { print("dry: catalogue of 1 photo read, nothing decoded"); return }
    var limits = PhotoPipeline.Limits()
    limits.decoderThreads = 1
    limits.sharedThumbnails = nil
    limits.isolation = .inProcess
    let pipeline = PhotoPipeline(catalog: catalog, limits: limits, warn: { print("  \($0)") })
    let demand = SceneDemand(visibleCells: [0], cellPixels: side, largePhotos: [], windowPixels: (64, 64))
    let start = now()
    while !(pipeline.hasThumbnail(0) || pipeline.isBroken(0)) {
        pipeline.prepare(for: demand, renderer: canvas.renderer)
        usleep(100)
    }
    let st = pipeline.statistics
    print("one thumbnail of \(Int(catalog.photos[0].pixelSize.width))x\(Int(catalog.photos[0].pixelSize.height)), side \(side) px: \(ms(now() - start)) wall, \(ms(st.thumbnailDecodeSeconds)) decoder CPU")
    withExtendedLifetime(canvas) {}
}
