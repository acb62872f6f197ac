import Foundation
import Testing
@testable import Shell

/// The folders a decoder helper may read beneath (Landlock): each photo's folder and its link's
/// target's folder, none beneath another.
@Suite("Read roots")
struct ReadRootsTests {
    @Test("photos of one folder and a subfolder give the folder; a link out adds its target's folder; extras kept")
    func roots() throws {
        let dir = TestImages.folder()
        let sub = dir.appendingPathComponent("sub"), elsewhere = dir.deletingLastPathComponent()
            .appendingPathComponent("elsewhere-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = TestImages.write([1], "real.jpg", in: elsewhere)
        let link = dir.appendingPathComponent("link.jpg")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let paths = [dir.appendingPathComponent("a.jpg").path, sub.appendingPathComponent("b.jpg").path, link.path]
        let roots = ReadRoots.of(paths: paths, also: ["/cache/thumbnails"])
        let real = { (u: URL) in FileSystemPath.resolved(u.path) ?? u.path }
        #expect(Set(roots) == Set(["/cache/thumbnails", dir.path, real(elsewhere)]).union(real(dir) == dir.path ? [] : [real(dir)]), "\(roots)")
        #expect(!roots.contains(sub.path))
    }
}
