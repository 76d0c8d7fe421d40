import ArgumentParser
import TreeRows

/// `--strategies all|a,b`: the strategies a command runs, shared by `bench`, `fuzz` and
/// `replay`. Each command's discussion says what it runs when the option is not given.
struct StrategyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("all, or strategy names separated by commas (default: all; replay: each file's strategy).", valueName: "all|a,b"))
    var strategies: NameList?

    /// The strategies named, or `fallback`'s when none are (`source` says where the
    /// fallback comes from, for the message about a name that no strategy has).
    ///
    /// - Throws: ``CommandFailure`` for an unknown or repeated name.
    func selected(orElse fallback: NameList = .all, from source: String = "--strategies") throws(CommandFailure) -> [any RowStrategy.Type] {
        try (strategies ?? fallback).resolve(in: ToolStrategies.all, option: strategies == nil ? source : "--strategies",
                                             kind: "strategy") { $0.name }
    }
}
