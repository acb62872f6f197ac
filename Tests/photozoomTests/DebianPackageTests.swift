import Foundation
import Testing

/// The Debian package as a user installs it (issue 32): `scripts/package` builds it from the
/// release build (minutes) and lintian passes it; a second build is the same file, byte for byte
/// (issue 42); apt installs it with its dependencies; the installed `photozoom` runs from another
/// folder (its version, a headless session on the bundled photos, the phone-format photos in its
/// sandboxed helpers); apt purges it and nothing is left. It installs into the system, so it runs
/// only as root and only when `scripts/test` asks for it (`PHOTOZOOM_PACKAGE_TEST=1`, set there
/// when running as root; CI runs as root). A `photozoom` package the machine had before is never
/// replaced or purged: the install, run and purge are skipped, saying so. What apt installs is
/// said before it does.
@Suite("The Debian package installs, runs and purges cleanly", .serialized)
struct DebianPackageTests {
    static let root = PhotoZoomProcess.packageRoot
    static let enabled = getuid() == 0 && ProcessInfo.processInfo.environment["PHOTOZOOM_PACKAGE_TEST"] == "1"
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/apt-get")

    /// Runs a program found on the path (`/usr/bin/env NAME …`), in `directory`.
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                    timeout: Double = 600) async throws -> PhotoZoomProcess.Outcome {
        try await PhotoZoomProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"), arguments,
                                             environment: environment, timeout: timeout, in: directory)
    }

    /// The installed `photozoom` package's status and version (`ii 0.9.0`), nil when none is.
    static func installedPhotoZoom() async throws -> String? {
        let r = try await Self.run(["dpkg-query", "-W", "-f=${db:Status-Abbrev} ${Version}", "photozoom"])
        let said = r.stdout.trimmingCharacters(in: .whitespaces)
        return r.status == 0 && !said.hasPrefix("un") && !said.hasPrefix("pn") && !said.isEmpty ? said : nil
    }

    @Test("scripts/package → lintian clean, and a second run gives the same .deb byte for byte; apt-get install ./photozoom_*.deb (unless a photozoom package was there before); --version, a headless session and HEIC/AVIF from another folder; apt-get purge leaves nothing; scripts/install then reuses the release build",
          .enabled(if: enabled))
    func installRunPurge() async throws {
        let scratch = try PhotoZoomProcess.scratchFolder("debian-package")
        let out = scratch.appendingPathComponent("out", isDirectory: true)
        // The release build takes minutes on a busy machine; lintian a minute more.
        let package = try await Self.run([Self.root.appendingPathComponent("scripts/package").path, "--out", out.path], timeout: 3600)
        try #require(package.status == 0, "scripts/package failed: \(package.stderr.suffix(3000))")
        #expect(!package.stderr.contains("\nE: "), "lintian errors: \(package.stderr)")
        #expect(!package.stderr.contains("\nW: "), "lintian warnings: \(package.stderr)")
        #expect(!package.stderr.contains("dpkg-shlibdeps: warning"), "dpkg-shlibdeps warned: \(package.stderr)")
        // Reproducible: a second run (the release build reused) gives the same bytes.
        let again = scratch.appendingPathComponent("again", isDirectory: true)
        let second = try await Self.run([Self.root.appendingPathComponent("scripts/package").path, "--out", again.path], timeout: 3600)
        try #require(second.status == 0, "the second scripts/package failed: \(second.stderr.suffix(3000))")
        let firstDeb = URL(fileURLWithPath: package.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let secondDeb = URL(fileURLWithPath: second.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let same = try await Self.run(["cmp", firstDeb.path, secondDeb.path])
        #expect(same.status == 0, "two builds of the package differ: \(same.stdout) \(same.stderr)")
        print("[figure] package: \(firstDeb.lastPathComponent), \((try? Data(contentsOf: firstDeb).count) ?? 0) bytes; a second build identical: \(same.status == 0)")
        // Software centres' metadata and the manual page are in it.
        let contents = try await Self.run(["dpkg-deb", "--contents", firstDeb.path]).stdout
        #expect(contents.contains("./usr/share/metainfo/io.github.photozoom.photozoom.metainfo.xml"), "\(contents)")
        #expect(contents.contains("./usr/share/man/man1/photozoom.1.gz"), "\(contents)")
        let deb = URL(fileURLWithPath: package.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let arch = try await Self.run(["dpkg", "--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = deb.lastPathComponent
        #expect(name.hasPrefix("photozoom_") && name.hasSuffix("_\(arch).deb") && deb.deletingLastPathComponent().path == out.path, "\(deb.path)")
        let version = String(name.dropFirst("photozoom_".count).dropLast("_\(arch).deb".count))

        // Depends: runtime libraries, never -dev packages; Recommends ffmpeg.
        let fields = try await Self.run(["dpkg-deb", "--field", deb.path, "Depends", "Recommends"]).stdout
        #expect(fields.contains("libsdl2-2.0-0") && fields.contains("libheif1") && fields.contains("liblcms2-2") && fields.contains("libjxl0.7") && fields.contains("fonts-dejavu-core"), "\(fields)")
        #expect(!fields.contains("-dev"), "\(fields)")
        #expect(fields.contains("Recommends: ffmpeg, xdg-utils, fontconfig"), "\(fields)")

        // A photozoom package the machine had before this test is never replaced or purged.
        if let before = try await Self.installedPhotoZoom() {
            print("[package test] photozoom is installed on this machine (\(before)): not replacing or purging it; the install, run and purge are skipped")
            return
        }
        let apt = ["DEBIAN_FRONTEND": "noninteractive"]
        // What apt-get is about to install, said first (its simulation, which changes nothing).
        let plan = try await Self.run(["apt-get", "-s", "-o", "DPkg::Lock::Timeout=600", "install", "-y", "--no-install-recommends", "./\(name)"],
                                      environment: apt, in: out, timeout: 1200)
        let installs = plan.stdout.split(separator: "\n").filter { $0.hasPrefix("Inst ") }.map { $0.split(separator: " ")[1] }
        print("[package test] apt-get installs \(installs.joined(separator: ", ")); it purges photozoom after (the libraries it brought stay, marked as automatically installed)")
        #expect(installs.contains("photozoom"), "\(plan.stdout)")
        let install = try await Self.run(["apt-get", "-o", "DPkg::Lock::Timeout=600", "install", "-y", "--no-install-recommends", "./\(name)"],
                                         environment: apt, in: out, timeout: 1200)
        try #require(install.status == 0, "apt-get install: \(install.stdout.suffix(2000)) \(install.stderr)")
        defer {
            // A failure below must not leave the package on the machine.
            let purge = Process()
            purge.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            purge.arguments = ["apt-get", "-o", "DPkg::Lock::Timeout=600", "purge", "-y", "-qq", "photozoom"]
            purge.environment = ProcessInfo.processInfo.environment.merging(apt) { _, new in new }
            purge.standardOutput = FileHandle.nullDevice
            try? purge.run()
            purge.waitUntilExit()
        }
        let listed = try await Self.run(["dpkg", "-L", "photozoom"])
        #expect(listed.status == 0)
        let files = listed.stdout.split(separator: "\n").map(String.init).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(files.contains("/usr/bin/photozoom") && files.contains("/usr/share/applications/photozoom.desktop")
                && files.contains("/usr/share/doc/photozoom/copyright") && files.contains("/usr/share/photozoom/Photos/CREDITS"), "\(files)")

        // From another folder, through $PATH, as a user starts it.
        let elsewhere = scratch.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let printed = try await Self.run(["photozoom", "--version"], in: elsewhere)
        #expect(printed.status == 0 && printed.stdout == version + "\n", "\(printed.stdout) \(printed.stderr)")
        let headless = ["SDL_VIDEODRIVER": "dummy"]
        let session = try await Self.run(["photozoom", "run", "--record", "t.trace.jsonl", "--quit-after", "1"],
                                         environment: headless, in: elsewhere, timeout: 120)
        #expect(session.status == 0, "\(session.stderr)")
        let lines = try String(contentsOf: elsewhere.appendingPathComponent("t.trace.jsonl"), encoding: .utf8).split(separator: "\n")
        let header = try #require(lines.first)
        let boats = header.components(separatedBy: #"{"name":"#).dropFirst().firstIndex { $0.hasPrefix(#""boats.jpg""#) }.map { $0 - 1 }
        #expect(boats.map { PhotoZoomProcess.traceGivesSize(lines, index: $0, name: "boats.jpg", 2048, 1280) } == true,
                "the bundled photos, from /usr/share/photozoom: \(header.prefix(300))")
        // HEIC and AVIF decode in the installed binary's helpers: the package's Depends bring libheif.
        let phone = Self.root.appendingPathComponent("Tests/Fixtures/PhonePhotos").path
        let phoneRun = try await Self.run(["photozoom", "run", phone, "--quit-after", "2"], environment: headless, in: elsewhere, timeout: 120)
        // A photo that cannot be shown gets a warning naming it; these all show.
        #expect(phoneRun.status == 0 && !phoneRun.stderr.contains("portrait-"), "\(phoneRun.stderr)")

        let purge = try await Self.run(["apt-get", "-o", "DPkg::Lock::Timeout=600", "purge", "-y", "photozoom"], environment: apt, timeout: 1200)
        #expect(purge.status == 0, "\(purge.stderr)")
        let gone = try await Self.run(["dpkg", "-L", "photozoom"])
        #expect(gone.status != 0, "dpkg still lists photozoom: \(gone.stdout.prefix(500))")
        let left = files.filter { FileManager.default.fileExists(atPath: $0) }
        #expect(left.isEmpty, "left behind: \(left)")
        for folder in ["/usr/share/photozoom", "/usr/share/doc/photozoom"] { #expect(!FileManager.default.fileExists(atPath: folder), "\(folder)") }

        // scripts/install after scripts/package: the release build is up to date, so it is reused.
        let binary = Self.root.appendingPathComponent(".build/release/photozoom").resolvingSymlinksInPath()
        let built = try FileManager.default.attributesOfItem(atPath: binary.path)[.modificationDate] as? Date
        let prefix = scratch.appendingPathComponent("prefix", isDirectory: true)
        let reinstall = try await Self.run([Self.root.appendingPathComponent("scripts/install").path, "--prefix", prefix.path], timeout: 3600)
        #expect(reinstall.status == 0, "\(reinstall.stderr.suffix(2000))")
        #expect(!reinstall.stderr.contains("Compiling"), "scripts/install rebuilt: \(reinstall.stderr.suffix(2000))")
        #expect(try FileManager.default.attributesOfItem(atPath: binary.path)[.modificationDate] as? Date == built)
        _ = try await Self.run([Self.root.appendingPathComponent("scripts/uninstall").path, "--prefix", prefix.path])
    }
}
