import Foundation
import Testing

/// What the Debian package carries for software centres and what building it installs (issue 42):
/// the AppStream metadata passes appstreamcli's pedantic validation, names the version the binary
/// prints and screenshots that are in the checkout at the size it says; `scripts/ensure-deps
/// --package` installs what building and packaging need and none of the test tools.
@Suite("The package's metadata: AppStream validated, current and with its screenshots; its build installs no test tools")
struct PackageMetadataTests {
    static let root = PhotoZoomProcess.packageRoot
    static let metainfo = root.appendingPathComponent("Resources/io.github.photozoom.photozoom.metainfo.xml")

    @Test("appstreamcli validate --pedantic passes the metainfo (without the network)")
    func validates() async throws {
        let tool = URL(fileURLWithPath: "/usr/bin/appstreamcli")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "appstreamcli is missing: run scripts/ensure-deps (appstream)")
        let r = try await PhotoZoomProcess.runProgram(tool, ["validate", "--pedantic", "--no-net", Self.metainfo.path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Validation was successful."), "\(r.stdout)")
        // The instrument: a metainfo without its summary fails the same validation.
        let broken = try PhotoZoomProcess.freshFolder("metainfo").appendingPathComponent("io.github.photozoom.photozoom.metainfo.xml")
        defer { try? FileManager.default.removeItem(at: broken.deletingLastPathComponent()) }
        let text = try String(contentsOf: Self.metainfo, encoding: .utf8)
        try text.replacingOccurrences(of: #"<summary>[^<]*</summary>"#, with: "", options: .regularExpression)
            .write(to: broken, atomically: true, encoding: .utf8)
        let failed = try await PhotoZoomProcess.runProgram(tool, ["validate", "--pedantic", "--no-net", broken.path])
        #expect(failed.status != 0, "a metainfo without a summary passed: \(failed.stdout)")
    }

    @Test("the newest release is the version photozoom prints; the launchable is the menu entry the package installs")
    func releaseAndLaunchable() async throws {
        let text = try String(contentsOf: Self.metainfo, encoding: .utf8)
        let releases = text.matches(of: /<release version="([^"]+)" date="(\d{4}-\d{2}-\d{2})"/).map { String($0.1) }
        let version = try await PhotoZoomProcess.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(releases.first == version, "releases \(releases); photozoom --version: \(version)")
        // Each release has notes.
        let blocks = text.components(separatedBy: "<release ").dropFirst()
        #expect(blocks.allSatisfy { $0.contains("<description>") && $0.contains("<p>") }, "a release without notes")
        #expect(text.contains(#"<launchable type="desktop-id">photozoom.desktop</launchable>"#))
        let package = try String(contentsOf: Self.root.appendingPathComponent("scripts/package"), encoding: .utf8)
        #expect(package.contains("usr/share/applications/photozoom.desktop"))
    }

    /// The web addresses in `text` (http and https), in order.
    static func addresses(in text: String) -> [String] {
        text.matches(of: /https?:\/\/[^<>"\s]+/).map { String($0.0) }
    }

    @Test("it names no web address the project does not publish: each one is in the README (no invented homepage or screenshot address)")
    func addressesArePublished() throws {
        let text = try String(contentsOf: Self.metainfo, encoding: .utf8)
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        // The XML's own namespaces and licence addresses are not the project's.
        for address in Self.addresses(in: text) {
            #expect(readme.contains(address), "the metainfo names \(address), which the README does not give as the project's")
        }
        // The instrument: a placeholder homepage is caught.
        let planted = text.replacingOccurrences(of: "<launchable", with: "<url type=\"homepage\">https://example.org/photozoom</url>\n  <launchable")
        #expect(Self.addresses(in: planted).contains { !readme.contains($0) })
    }

    @Test("every screenshot it names is in docs/screenshots, a PNG of the width and height it states")
    func screenshots() throws {
        let text = try String(contentsOf: Self.metainfo, encoding: .utf8)
        let images = text.matches(of: /<image type="source" width="(\d+)" height="(\d+)">[^<]*\/(docs\/screenshots\/[^<\/]+\.png)<\/image>/)
        #expect(images.count == text.components(separatedBy: "<image ").count - 1, "a screenshot that is not in docs/screenshots")
        for image in images {
            let data = try Data(contentsOf: Self.root.appendingPathComponent(String(image.3)))
            // A PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
            func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(image.3) is not a PNG")
            #expect(be32(16) == Int(image.1)! && be32(20) == Int(image.2)!, "\(image.3) is \(be32(16)) × \(be32(20))")
        }
    }

    @Test("scripts/ensure-deps --package selects building's packages and dpkg-dev, lintian, appstream, and no test X server, xdotool or xclip")
    func packageBuildInstallsNoTestTools() async throws {
        let script = Self.root.appendingPathComponent("scripts/ensure-deps")
        let selected = try await PhotoZoomProcess.runProgram(script, ["--package", "--list"])
        try #require(selected.status == 0, "\(selected.stderr)")
        let names = Set(selected.stdout.split(separator: "\n").map(String.init))
        for tool in ["xvfb", "xauth", "xdotool", "xclip", "xserver-xorg-core", "xserver-xorg-video-dummy", "x11-apps", "ffmpeg"] {
            #expect(!names.contains(tool), "--package selects \(tool)")
        }
        for tool in ["dpkg-dev", "lintian", "appstream"] { #expect(names.contains(tool), "--package lacks \(tool)") }
        // Building's packages: every apt package Package.swift names for its system libraries.
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let providers = manifest.matches(of: /\.apt\(\[([^\]]*)\]\)/).flatMap { $0.1.matches(of: /"([^"]+)"/).map { String($0.1) } }
        #expect(providers.count >= 9, "\(providers)")
        let build = Set(try await PhotoZoomProcess.runProgram(script, ["--build", "--list"]).stdout.split(separator: "\n").map(String.init))
        for p in providers { #expect(build.contains(p) && names.contains(p), "\(p), which Package.swift names, is not in --build or --package") }
        // The tests' list is everything: building's and the tools.
        let all = Set(try await PhotoZoomProcess.runProgram(script, ["--list"]).stdout.split(separator: "\n").map(String.init))
        #expect(build.isSubset(of: all) && all.contains("xvfb") && all.contains("xdotool"))
    }
}
