import Foundation
import Testing
@testable import PhotoFiles
import TestSupport

@Suite("The binary finds its resources beside an installed copy, through links, and in the checkout")
struct ResourceDirectoryTests {
    @Test("PREFIX/bin/photozoom finds PREFIX/share/photozoom, also through a symbolic link elsewhere")
    func installedLayout() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("pz-resources-\(getpid())")
        try? fm.removeItem(at: root)
        defer { try? fm.removeItem(at: root) }
        let prefix = root.appendingPathComponent("prefix")
        try fm.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try fm.createDirectory(at: prefix.appendingPathComponent("share/photozoom/Photos"), withIntermediateDirectories: true)
        let binary = prefix.appendingPathComponent("bin/photozoom")
        try Data().write(to: binary)
        #expect(ResourceDirectory.find(executable: binary)?.path == prefix.appendingPathComponent("share/photozoom").path)
        let link = root.appendingPathComponent("elsewhere/photozoom")
        try fm.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: link, withDestinationURL: binary)
        #expect(ResourceDirectory.find(executable: link)?.path == prefix.appendingPathComponent("share/photozoom").path)
        // A binary with neither layout around it finds nothing.
        let lone = root.appendingPathComponent("lone/photozoom")
        try fm.createDirectory(at: lone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: lone)
        #expect(ResourceDirectory.find(executable: lone) == nil)
    }

    @Test("a binary under the checkout's .build finds the checkout's Resources with the demo photos")
    func checkout() {
        let root = Repository.root
        let binary = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release/photozoom")
        #expect(ResourceDirectory.find(executable: binary)?.standardizedFileURL.path == root.appendingPathComponent("Resources").path)
    }
}
