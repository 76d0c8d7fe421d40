import ArgumentParser
import TreeRowsHarness

/// `--operations all|a,b`: the benchmark operations a command measures.
struct OperationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("all, or operations separated by commas: \(BenchmarkOperation.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "all|a,b"))
    var operations: NameList = .all

    /// The operations named, in the order named.
    ///
    /// - Throws: ``CommandFailure`` for an unknown or repeated name.
    func selected() throws(CommandFailure) -> [BenchmarkOperation] {
        try operations.resolve(in: BenchmarkOperation.allCases, option: "--operations", kind: "operation") { $0.rawValue }
    }
}
