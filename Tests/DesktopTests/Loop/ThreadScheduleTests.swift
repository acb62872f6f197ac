import Testing
@testable import App

@Suite("The loop thread's schedule: seconds on a core and seconds waiting for one, from the kernel's schedstat line")
struct ThreadScheduleTests {
    @Test("\"RUN_NS WAIT_NS SLICES\" in nanoseconds: 2.5 s run, 0.75 s waited")
    func parsesTheLine() {
        #expect(ThreadSchedule.parse("2500000000 750000000 42\n") == ThreadSchedule(running: 2.5, waiting: 0.75))
        #expect(ThreadSchedule.parse("0 0 0") == ThreadSchedule(running: 0, waiting: 0))
    }

    @Test("a line that is not schedstat's gives nothing, not zeros")
    func refusesOtherLines() {
        #expect(ThreadSchedule.parse("") == nil)
        #expect(ThreadSchedule.parse("12") == nil)
        #expect(ThreadSchedule.parse("run wait slices") == nil)
        #expect(ThreadSchedule.parse("-5 3 1") == nil)
    }

    #if os(Linux)
    @Test("on Linux the calling thread's figures are read, and its time on a core does not go back")
    func readsTheCallingThread() throws {
        let first = try #require(ThreadSchedule.now())
        var x = 0.0
        for i in 0..<100_000 { x += Double(i).squareRoot() }
        #expect(x > 0)
        let second = try #require(ThreadSchedule.now())
        #expect(second.running >= first.running && second.waiting >= first.waiting)
    }
    #endif
}
