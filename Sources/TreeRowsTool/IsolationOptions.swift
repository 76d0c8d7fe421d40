import ArgumentParser
import TreeRowsHarness

/// `--hang-timeout` and `--rss-limit-mb`: the limits of the child processes in which
/// `fuzz`, `replay`, `check` and `bench` run strategies, so that a step past the watchdog
/// is a hang and a child past its memory is out of memory, not the end of the command.
struct IsolationOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The watchdog: the seconds one step (an operation and its checks on one strategy) may take on a small tree; each node adds 10 microseconds, and each reply of a page or sibling an accordion collapses, beyond the first, a microsecond per node. Past it the step is a hang.",
        valueName: "seconds"))
    var hangTimeout: Double = 2
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "A step past this many seconds of processor time is a hang whatever its strategy's own cost predicts (default: none; a step past the watchdog's budget is a hang only past 32 times what the strategy's own measured steps of that kind predict).",
        valueName: "seconds"))
    var hangCeiling: Double?
    @Option(name: .customLong("rss-limit-mb"), parsing: .unconditional, help: ArgumentHelp(
        "The most resident memory of each child process that runs strategies, in MiB (0: no limit; default: 2048, for bench three quarters of the machine's memory). Past it the strategy is out of memory.",
        valueName: "MiB"))
    var rssLimitMB: Int?

    func validate() throws {
        try OptionRange.seconds(hangTimeout, "--hang-timeout", maximum: 86_400)
        if let hangCeiling { try OptionRange.seconds(hangCeiling, "--hang-ceiling", maximum: 86_400) }
        if let rssLimitMB { try OptionRange.whole(rssLimitMB, "--rss-limit-mb", 0...(1 << 30), "a whole number of MiB (0: no limit)") }
    }

    /// The watchdog's base, from `--hang-timeout`.
    var hangBase: Duration { .milliseconds(Int64(hangTimeout * 1000)) }
    /// `--hang-ceiling`, if given.
    var hangCeilingDuration: Duration? { hangCeiling.map { .milliseconds(Int64($0 * 1000)) } }
    /// The watchdog's allowance per node.
    var hangPerNode: Duration { .microseconds(10) }
    /// The memory limit in bytes, `nil` for none; `fallback` MiB unless `--rss-limit-mb` is given.
    ///
    /// - Parameter needed: What each child is estimated to need (a fuzz worker's trees), so
    ///   that the value a refusal suggests is one the next check takes too.
    /// - Throws: ``CommandFailure`` when the limit leaves a child no room: a child starts
    ///   with the memory this process holds (the inputs read, the code), so below that plus
    ///   ``childRoom`` every strategy would be blamed for running out of memory before it ran.
    /// - Complexity: one read of this process's resident memory.
    func memoryLimit(orElse fallback: Int = 2_048, needing needed: Int = 0) throws(CommandFailure) -> Int? {
        let megabytes = rssLimitMB ?? fallback
        guard megabytes != 0 else { return nil }
        let limit = megabytes << 20
        let held = ResidentMemory.currentBytes()
        if limit < held + Self.childRoom {
            let option = rssLimitMB == nil ? "the default --rss-limit-mb \(megabytes)" : "--rss-limit-mb \(megabytes)"
            let suggested = Self.suggestedMegabytes(max(held + Self.childRoom, needed))
            throw CommandFailure(message: "\(option) leaves the strategies no room: each child starts with the \(held >> 20) MiB"
                + " this process holds, and a strategy past the limit is out of memory. Fix: --rss-limit-mb"
                + " \(suggested) or more, or 0 for no limit")
        }
        return limit
    }

    /// `bytes` in MiB, rounded up past the next multiple of 16, so that the next run, which
    /// holds a little more or less, takes the value suggested.
    ///
    /// - Complexity: O(1).
    static func suggestedMegabytes(_ bytes: Int) -> Int { (bytes >> 20) / 16 * 16 + 16 }

    /// What a child must have beyond what it starts with: 64 MiB.
    static let childRoom = 64 << 20

    /// The limits of each child, with a memory limit of `fallback` MiB unless `--rss-limit-mb` is given.
    ///
    /// - Throws: ``CommandFailure`` as ``memoryLimit(orElse:)`` does.
    func limits(memoryOrElse fallback: Int = 2_048) throws(CommandFailure) -> ChildProcess.Limits {
        ChildProcess.Limits(budget: StepMonitor.Budget(base: hangBase, perNode: hangPerNode), memoryLimit: try memoryLimit(orElse: fallback),
                            hangCeiling: hangCeilingDuration)
    }
}
