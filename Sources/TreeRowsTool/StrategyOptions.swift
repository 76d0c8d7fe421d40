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
        let list = strategies ?? fallback
        // `all` is the tool's list; a name may also name a fuzzing variant.
        guard list.names != nil else { return ToolStrategies.all }
        return try list.resolve(in: ToolStrategies.known, option: strategies == nil ? source : "--strategies", kind: "strategy") { $0.name }
    }

    /// ``selected(orElse:from:)`` for a command that checks strategies beside the reference
    /// (`what` it does: "check", "fuzz", "replay").
    ///
    /// - Parameter variants: Whether each strategy brings its ``RowStrategy/fuzzingVariants``
    ///   (`fuzz`, `check`), or runs alone (`replay`: a file's own strategy).
    /// - Throws: ``CommandFailure`` (exit 2) also when the reference is all that is left:
    ///   the reference beside itself checks nothing, and a pass would say nothing.
    func checked(_ what: String, orElse fallback: NameList = .all, from source: String = "--strategies",
                 variants: Bool = true) throws(CommandFailure) -> [any RowStrategy.Type]
    {
        let named = try selected(orElse: fallback, from: source)
        let selected = variants ? ToolStrategies.withVariants(named) : named
        guard selected.contains(where: { $0 != ReferenceStrategy.self }) else {
            let named = strategies.map { "--strategies \($0)" } ?? "\(source) \(fallback)"
            throw CommandFailure(message: "\(named) leaves nothing to \(what): every strategy is checked beside the reference, and the"
                + " reference beside itself checks nothing. Fix: name another strategy, or all")
        }
        return selected
    }
}
