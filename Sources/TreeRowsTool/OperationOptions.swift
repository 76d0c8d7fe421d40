import ArgumentParser
import TreeRowsHarness

/// `--operations all|a,b`: the benchmark operations a command measures.
struct OperationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("all, or operations separated by commas: \(BenchmarkWorkload.allCases.map(\.rawValue).joined(separator: ", ")). "
                               + "Without it, every operation but \(BenchmarkWorkload.measuredWhenNamed.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "all|a,b"))
    var operations: NameList?

    /// The operations named, in the order named; ``BenchmarkWorkload/defaults`` without the
    /// option.
    ///
    /// - Throws: ``CommandFailure`` for an unknown or repeated name.
    func selected() throws(CommandFailure) -> [BenchmarkWorkload] {
        guard let operations else { return BenchmarkWorkload.defaults }
        return try operations.resolve(in: BenchmarkWorkload.allCases, option: "--operations", kind: "operation") { $0.rawValue }
    }
}
