import Foundation
import TestSupport
import Testing
@testable import FeelFiles
@testable import PhotoFiles
import Viewing
import Diagnostics
import FeelModel

func temporaryFolder(_ name: String) throws -> String {
    let path = NSTemporaryDirectory() + "photozoom-shell-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("Feel files on disk: resolve, read, save atomically")
struct FeelFileDiskTests {
    @Test("a saved file reloads to the same values, and no temporary file is left behind")
    func saveAndReload() throws {
        let dir = try temporaryFolder("save")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var feel = try #require(Feel.preset(named: "snappy"))
        feel.openSpring.responseSeconds = 0.1 + 0.2
        feel.velocitySampleLimit = 33
        let path = dir + "/feel.json"
        try FeelFile.save(feel, to: path)
        #expect(try FeelFile.read(path: path).feel == feel)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["feel.json"])
        // Saving again replaces the file (rename over it), still one file.
        feel.dragRadiusPoints = 99
        try FeelFile.save(feel, to: path)
        #expect(try FeelFile.read(path: path).feel.dragRadiusPoints == 99)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["feel.json"])
    }

    @Test("the save replaces the file by rename: a reader holding the old file keeps the old bytes")
    func atomicRename() throws {
        let dir = try temporaryFolder("atomic")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        try FeelFile.save(.defaults, to: path)
        let before = FeelFileWatcher.signature(of: path)
        let old = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? old.close() }
        var soft = try #require(Feel.preset(named: "soft"))
        soft.clickSlopPoints = 2
        try FeelFile.save(soft, to: path)
        // A new inode took the name; the open handle still reads the complete old text.
        #expect(FeelFileWatcher.signature(of: path).inode != before.inode)
        let oldText = String(decoding: old.readDataToEndOfFile(), as: UTF8.self)
        #expect(try Feel(jsonText: oldText) == .defaults)
    }

    @Test("a save into a folder that does not exist fails with a message naming the file")
    func saveFails() {
        #expect(throws: CommandLineError.self) { try FeelFile.save(.defaults, to: "/nonexistent-\(getpid())/feel.json") }
    }

    @Test("--feel resolves an existing file, else a preset name, else says both")
    func resolve() throws {
        let dir = try temporaryFolder("resolve")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/soft"
        try FeelFile.save(.defaults, to: path)
        #expect(try FeelFile.resolve(path) == .file(path: path))
        #expect(try FeelFile.resolve("Snappy") == .preset(name: "snappy"))
        do {
            _ = try FeelFile.resolve(dir + "/missing.json")
            Issue.record("resolved a missing file")
        } catch {
            #expect(error.exitStatus == 2)
            #expect(error.message == "\(dir)/missing.json: no such feel file, and not a preset name (default, ios, material, photoswipe, snappy, soft)")
        }
    }

    @Test("a bad file is bad input naming the file, line, key and range")
    func badFile() throws {
        let dir = try temporaryFolder("bad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        try "{\n  \"openSpring\": {\"dampingRatio\": 0}\n}\n".write(toFile: path, atomically: false, encoding: .utf8)
        do {
            _ = try FeelFile.read(path: path)
            Issue.record("accepted")
        } catch {
            #expect(error.exitStatus == 2)
            #expect(error.message == "\(path):2: openSpring.dampingRatio: 0 is out of range (0 < value ≤ 10)")
        }
    }

    @Test("a fresh save path never overwrites: feel.json, then feel-2.json")
    func freshPath() throws {
        let dir = try temporaryFolder("fresh")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FeelFile.freshPath(in: dir) == dir + "/feel.json")
        try FeelFile.save(.defaults, to: dir + "/feel.json")
        #expect(FeelFile.freshPath(in: dir) == dir + "/feel-2.json")
    }
}

@Suite("Live reload: the watcher reads a changed file once it is stable and keeps the last good set")
struct FeelFileWatcherTests {
    /// Writes `text` in place (as an editor without atomic saves does), with a distinct mtime.
    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test("a valid edit is reported after two polls with the parameters and text read")
    func reload() throws {
        let dir = try temporaryFolder("watch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        try FeelFile.save(.defaults, to: path)
        let watcher = FeelFileWatcher(path: path, loaded: .defaults, bytes: try FeelFile.read(path: path).bytes)
        #expect(watcher.poll() == nil)
        try write(#"{"dragRadiusPoints": 120, "closeSpring": {"dampingRatio": 0.9}}"#, to: path)
        #expect(watcher.poll() == nil)              // changed: wait one poll for it to settle
        var expected = Feel.defaults
        expected.dragRadiusPoints = 120
        expected.closeSpring.dampingRatio = 0.9
        #expect(watcher.poll() == .reloaded(expected, layer: feelLayer(#"{"dragRadiusPoints": 120, "closeSpring": {"dampingRatio": 0.9}}"#)))
        #expect(watcher.poll() == nil)              // reported once
    }

    @Test("an invalid edit is reported once and the last good set stays; fixing it reloads")
    func keepsLastGood() throws {
        let dir = try temporaryFolder("invalid")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        var good = Feel.defaults
        good.dragRadiusPoints = 130
        try FeelFile.save(good, to: path)
        let watcher = FeelFileWatcher(path: path, loaded: good, bytes: try FeelFile.read(path: path).bytes)
        try write("{\n \"dragRadiusPoints\": 0\n}", to: path)
        _ = watcher.poll()
        #expect(watcher.poll() == .failed("\(path):2: dragRadiusPoints: 0 is out of range (0 < value ≤ 2000)"))
        #expect(watcher.poll() == nil)
        #expect(watcher.lastGood == good)
        #expect(watcher.isFailing)
        // Broken JSON while typing: still the last good set.
        try write("{\n \"dragRadiusPoints\": 14", to: path)
        _ = watcher.poll()
        guard case .failed = watcher.poll() else { Issue.record("syntax error not reported"); return }
        // Fixed back to the good values: reported again (it clears the error).
        let bytes = try FeelFile.save(good, to: path)
        _ = watcher.poll()
        #expect(watcher.poll() == .reloaded(good, layer: feelLayer(String(decoding: bytes, as: UTF8.self))))
        #expect(!watcher.isFailing)
    }

    @Test("a deleted file is an error that keeps the last good set")
    func deleted() throws {
        let dir = try temporaryFolder("deleted")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        try FeelFile.save(.defaults, to: path)
        let watcher = FeelFileWatcher(path: path, loaded: .defaults, bytes: try FeelFile.read(path: path).bytes)
        try FileManager.default.removeItem(atPath: path)
        _ = watcher.poll()
        #expect(watcher.poll() == .failed("\(path): no such file"))
        #expect(watcher.lastGood == .defaults)
    }

    @Test("the app's own save is adopted without a reload")
    func ownWrite() throws {
        let dir = try temporaryFolder("own")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/feel.json"
        try FeelFile.save(.defaults, to: path)
        let watcher = FeelFileWatcher(path: path, loaded: .defaults, bytes: try FeelFile.read(path: path).bytes)
        var tuned = Feel.defaults
        tuned.clickSlopPoints = 3
        watcher.adoptOwnWrite(tuned, bytes: try FeelFile.save(tuned, to: path))
        #expect(watcher.poll() == nil)
        #expect(watcher.poll() == nil)
        #expect(watcher.lastGood == tuned)
    }

    @Test("a running session takes only the keys the file changed; tuned, unsaved values survive")
    func merge() {
        var oldFile = Feel.defaults
        oldFile.dragRadiusPoints = 150
        var session = oldFile
        session.clickSlopPoints = 2                 // tuned in the panel, not saved
        var newFile = oldFile
        newFile.dragRadiusPoints = 110              // edited in the file
        let merged = session.merging(fileChangedFrom: oldFile, to: newFile).feel
        #expect(merged.dragRadiusPoints == 110)
        #expect(merged.clickSlopPoints == 2)
    }
}
