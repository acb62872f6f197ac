import Foundation

/// Where PhotoZoom's resources are (the demo photos, the fonts): beside the installed binary
/// (`PREFIX/bin/photozoom` → `PREFIX/share/photozoom`, as `scripts/install` lays them out), or in
/// the checkout the binary was built in (`Resources/` in a folder above `.build/…/photozoom`).
/// Found from the running executable's real path, so a binary run through `$PATH` or a symbolic
/// link finds them from any working directory.
public enum ResourceDirectory {
    /// The installed layout's resource folder, relative to the binary's folder.
    package static let installedRelativePath = "../share/photozoom"

    /// The resource folder for the executable at `executable` (default: the running one), or nil.
    package static func find(executable: URL? = runningExecutable) -> URL? {
        guard let exe = executable?.resolvingSymlinksInPath() else { return nil }
        let bin = exe.deletingLastPathComponent()
        let installed = bin.appendingPathComponent(installedRelativePath).standardizedFileURL
        if FileManager.default.fileExists(atPath: installed.appendingPathComponent("Photos").path) { return installed }
        var dir = bin
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Resources")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Photos").path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// The running executable: `/proc/self/exe` on Linux (right however it was started), else argv[0].
    package static var runningExecutable: URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// The bundled demo photos' folder; `Resources/Photos` (relative to the working folder) when
    /// no resource folder is found, so the error names what was looked for.
    public static var photosPath: String {
        find()?.appendingPathComponent("Photos").path ?? "Resources/Photos"
    }

    /// Fonts installed with PhotoZoom (`share/photozoom/fonts`), tried before the system's.
    package static var fontPaths: [String] {
        guard let fonts = find()?.appendingPathComponent("fonts") else { return [] }
        return ["DejaVuSansMono.ttf", "DejaVuSans.ttf"].map { fonts.appendingPathComponent($0).path }
    }
}
