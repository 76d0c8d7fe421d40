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
    @Option(name: .customLong("rss-limit-mb"), parsing: .unconditional, help: ArgumentHelp(
        "The most resident memory of each child process that runs strategies, in MiB (0: no limit; default: 2048, for bench three quarters of the machine's memory). Past it the strategy is out of memory.",
        valueName: "MiB"))
    var rssLimitMB: Int?

    func validate() throws {
        try OptionRange.seconds(hangTimeout, "--hang-timeout", maximum: 86_400)
        if let rssLimitMB { try OptionRange.whole(rssLimitMB, "--rss-limit-mb", 0...(1 << 30), "a whole number of MiB (0: no limit)") }
    }

    /// The watchdog's base, from `--hang-timeout`.
    var hangBase: Duration { .milliseconds(Int64(hangTimeout * 1000)) }
    /// The watchdog's allowance per node.
    var hangPerNode: Duration { .microseconds(10) }
    /// The memory limit in bytes, `nil` for none; `fallback` MiB unless `--rss-limit-mb` is given.
    func memoryLimit(orElse fallback: Int = 2_048) -> Int? {
        let megabytes = rssLimitMB ?? fallback
        return megabytes == 0 ? nil : megabytes << 20
    }

    /// The limits of each child, with a memory limit of `fallback` MiB unless `--rss-limit-mb` is given.
    func limits(memoryOrElse fallback: Int = 2_048) -> ChildProcess.Limits {
        ChildProcess.Limits(budget: StepMonitor.Budget(base: hangBase, perNode: hangPerNode), memoryLimit: memoryLimit(orElse: fallback))
    }
}
