import Testing
@testable import PhotoFiles

@Suite("Fresh names never replace a file: the number goes before the first extension")
struct FreshPathTests {
    @Test("candidates keep compound extensions, folders and leading dots")
    func candidates() {
        #expect(FreshPath.candidate("live.trace.jsonl", 1) == "live.trace.jsonl")
        #expect(FreshPath.candidate("live.trace.jsonl", 2) == "live-2.trace.jsonl")
        #expect(FreshPath.candidate("/tmp/a.b/states.jsonl", 3) == "/tmp/a.b/states-3.jsonl")
        #expect(FreshPath.candidate("log", 2) == "log-2")
        #expect(FreshPath.candidate(".session.jsonl", 2) == ".session-2.jsonl")
    }

    @Test("the config folder follows XDG_CONFIG_HOME when absolute, else ~/.config")
    func configFolder() {
        #expect(ConfigDirectory.path(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"]) == "/x/cfg/photozoom")
        #expect(ConfigDirectory.path(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/u"]) == "/home/u/.config/photozoom")
        #expect(ConfigDirectory.path(environment: ["HOME": "/home/u"]) == "/home/u/.config/photozoom")
    }
}
