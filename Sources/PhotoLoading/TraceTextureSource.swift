import CSDL2
import Foundation
import Viewing
import ImageFormats
import PhotoFiles
import Rendering
import Drawing

/// The textures of a trace's photos, taken from a folder at hand and matched by name: the one
/// adapter between replayed frames and the texture pipeline.
///
/// A trace names each photo by its path relative to the folder it was recorded in (`a/x.jpg` and
/// `b/x.jpg` for a `-r` session); traces from before that name photos by file name alone, and such
/// a bare name matches the first file of that name anywhere in the folder (`folder(for:path:)`
/// lists subfolders when it must).
///
/// Replay saves each frame as soon as it is drawn, so the source must answer synchronously: this
/// one drives the asynchronous `PhotoPipeline` until every texture the frame needs has arrived (or
/// is known broken). A photo of the trace that the folder lacks is drawn as a plain placeholder tile.
package final class TraceTextureSource: PhotoTextureSupply {
    private let source: PhotoPipeline
    /// The longest a frame waits for its decodes before it is drawn with what there is.
    static let frameWaitLimitSeconds = 30.0
    /// The folder file index of each trace photo, nil where the folder has none of that name.
    private(set) var fileIndex: [Int?]
    /// The folder file index of each name (a relative path with `-r`), and of each bare file name
    /// (an older trace's names).
    private let byName: [String: Int], byFileName: [String: Int]
    /// The names `fileIndex` was made for.
    private var followed: [String]
    /// The folder file index of each photo that left the trace's list or moved in it, by the number
    /// the viewer draws its fading picture under (−1 − its index then; `HandOverFade`).
    private var departedFile: [Int: Int] = [:]

    package init(photos: [Photo], folder: PhotoFolder, warn: @escaping (String) -> Void) {
        var byName: [String: Int] = [:], byFileName: [String: Int] = [:]
        for (i, name) in folder.names.enumerated() {
            if byName[name] == nil { byName[name] = i }
            let fileName = folder.files[i].lastPathComponent
            if byFileName[fileName] == nil { byFileName[fileName] = i }
        }
        self.byName = byName
        self.byFileName = byFileName
        followed = photos.map(\.name)
        fileIndex = photos.map { Self.index(of: $0.name, byName: byName, byFileName: byFileName) }
        var limits = PhotoPipeline.Limits()
        limits.watchesFolders = false  // the trace says what the list is
        source = PhotoPipeline(catalog: PhotoCatalog(folder: folder, warn: warn), limits: limits, warn: warn)
    }

    /// The folder file index of the photo named `name`, nil where the folder has none: by its path
    /// under the folder, else (an older trace's bare name) by its file name.
    private static func index(of name: String, byName: [String: Int], byFileName: [String: Int]) -> Int? {
        byName[name] ?? (name.contains("/") ? nil : byFileName[name])
    }

    /// Matches the scene's photo list, which changes where the trace has a `photos` event.
    package func follow(_ photos: [Photo]) {
        guard photos.count != followed.count || !photos.lazy.map(\.name).elementsEqual(followed) else { return }
        let kept = Set(photos.map(\.name))
        departedFile = [:]
        for (i, name) in followed.enumerated() where !kept.contains(name) {
            if let file = fileIndex[i] { departedFile[-1 - i] = file }
        }
        // A photo a sort moved leaves its picture where it was, fading, under the same number.
        for (i, name) in followed.enumerated() where kept.contains(name) && !(photos.indices.contains(i) && photos[i].name == name) {
            if let file = fileIndex[i] { departedFile[-1 - i] = file }
        }
        followed = photos.map(\.name)
        fileIndex = followed.map { Self.index(of: $0, byName: byName, byFileName: byFileName) }
    }

    /// The folder at `path` listed as deep as `photos` need: its subfolders too when a photo's name
    /// is a relative path, or when a bare name (an older trace's) is not among its own files.
    package static func folder(for photos: [Photo], path: String) throws -> PhotoFolder {
        if !photos.contains(where: { $0.name.contains("/") }), let flat = try? PhotoFolder(path: path) {
            let names = Set(flat.names)
            if photos.allSatisfy({ names.contains($0.name) }) { return flat }
        }
        return try PhotoFolder(path: path, recursive: true)
    }

    /// How many of the trace's photos the folder lacks.
    package var missingCount: Int { fileIndex.filter { $0 == nil }.count }

    package func prepare(for demand: SceneDemand, renderer: OpaquePointer) {
        var mapped = demand
        mapped.visibleCells = demand.visibleCells.compactMap(file)
        mapped.largePhotos = demand.largePhotos.compactMap(file)
        source.prepare(for: mapped, renderer: renderer)
        let start = DispatchTime.now().uptimeNanoseconds
        while !isComplete(mapped) && !source.isIdle {
            if Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 > Self.frameWaitLimitSeconds { break }
            usleep(1000)
            source.prepare(for: mapped, renderer: renderer)
        }
    }

    /// True when every texture `demand` asks for is uploaded or known broken.
    private func isComplete(_ demand: SceneDemand) -> Bool {
        demand.visibleCells.allSatisfy { source.hasThumbnail($0) || source.isBroken($0) }
            && demand.largePhotos.allSatisfy { source.hasFullPhoto($0) || source.isBroken($0) }
    }

    package func texture(for photo: Int, preferFull: Bool) -> Texture? {
        file(photo).flatMap { source.texture(for: $0, preferFull: preferFull) }
    }

    package func isBroken(_ photo: Int) -> Bool {
        file(photo).map(source.isBroken) ?? false
    }

    package func brokenReason(_ photo: Int) -> String? {
        file(photo).flatMap(source.brokenReason)
    }

    private func file(_ photo: Int) -> Int? {
        if photo < 0 { return departedFile[photo] }
        return fileIndex.indices.contains(photo) ? fileIndex[photo] : nil
    }
}
