import Testing

/// `@Suite(.lab)` (or `@Test(.lab)`): run each test of the suite on a thread of
/// its own, at most `LabGate.width` such tests at once (issue 18: `swift test`
/// after the build in under 20 s on a 2-core machine).
///
/// Why: Swift Testing runs test bodies on the cooperative pool, which has one
/// thread per core (two here). Our end-to-end tests are synchronous code that
/// blocks in `poll` waiting for a real server, so each one held a pool thread
/// and at most two tests were ever in flight, the CPU idle most of the time.
/// Under this trait a test runs with a task executor preference for
/// `LabExecutor`, whose threads are ours: a test blocked in `poll` holds one of
/// them, and the pool stays free to start the next test. The gate keeps the
/// number of tests in flight bounded (each starts a server with its threads,
/// sockets and a database), instead of all 800 at once.
///
/// `.serialized` suites stay serialized (Swift Testing still waits for each
/// test before starting the next). Two variants, which a test may add to its
/// suite's `.lab`: `.slow` lets a test known to take seconds through the gate
/// before the quick ones (so it does not end the run alone), and `.labAlone`
/// waits until no other lab test runs and keeps the others out until it ends
/// (`.timed`: alone only when timings are checked, see `BenchFlag`).
public struct LabTrait: TestTrait, SuiteTrait, TestScoping {
    /// The test takes the whole gate.
    let alone: Bool
    /// The test goes through the gate before those without it.
    let early: Bool

    /// Applied to a suite, the trait reaches every test in it and in its nested suites.
    public var isRecursive: Bool { true }

    /// Only test cases (the runs of test functions) need a thread; suites just pass it down.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> LabTrait? {
        testCase == nil ? nil : self
    }

    /// True inside a lab scope: when a test carries the trait more than once (its suite's
    /// and its own), the outermost one takes the gate for all and the others pass through.
    @TaskLocal static var isInside = false

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        if LabTrait.isInside { return try await function() }
        let all = test.traits.compactMap { $0 as? LabTrait }
        // Holding one permit while asking for all would never end: ask once, for what any of them wants.
        let permits = all.contains(where: \.alone) ? LabGate.width : 1
        await LabGate.shared.enter(permits, early: all.contains(where: \.early))
        let started = ContinuousClock.now
        let cpu = CPUTally()
        defer { LabTimes.report(test, testCase, since: started, cpu: cpu.seconds) }
        do {
            try await LabTrait.$isInside.withValue(true) {
                try await withTaskExecutorPreference(LabExecutor.shared) {
                    let before = LabTimes.threadCPU()
                    defer { cpu.add(max(0, LabTimes.threadCPU() - before)) }
                    try await function()
                }
            }
        } catch {
            await LabGate.shared.leave(permits)
            throw error
        }
        await LabGate.shared.leave(permits)
    }
}

extension Trait where Self == LabTrait {
    /// Each test on a thread of its own, several at once (see `LabTrait`).
    public static var lab: LabTrait { LabTrait(alone: false, early: false) }
    /// A test that takes seconds (a browser, a chain of serialized tests, seconds of CPU):
    /// it goes through the gate before the quick ones.
    public static var slow: LabTrait { LabTrait(alone: false, early: true) }
    /// On a thread of its own with no other lab test running: for tests that time something.
    public static var labAlone: LabTrait { LabTrait(alone: true, early: false) }
    /// For a test that checks a timing only with `AULA_BENCH_ROWS` set (`BenchFlag`):
    /// then it runs alone; in the default run it overlaps like any other.
    public static var timed: LabTrait { LabTrait(alone: BenchFlag.isSet, early: false) }
}
