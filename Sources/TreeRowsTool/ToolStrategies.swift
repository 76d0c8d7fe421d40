import Foundation
import TreeRows

/// The strategies this run of the tool knows, and the tool's own name.
enum ToolStrategies {
    /// Set once by ``TreeRowsTool/main(strategies:)`` before any command is parsed, and only
    /// read afterwards.
    nonisolated(unsafe) static var all: [any RowStrategy.Type] = BuiltinStrategies.all

    /// The name the tool was started by (`treerows`, or a dependent's own tool), for messages
    /// and the replay commands it prints.
    static let commandName: String = {
        let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "treerows").lastPathComponent
        return name.isEmpty ? "treerows" : name
    }()

    /// The names of ``all``, in order.
    static var names: [String] { all.map { $0.name } }

    /// ``all``, each followed by those of its ``RowStrategy/fuzzingVariants`` not listed
    /// before: every strategy a name may name.
    static var known: [any RowStrategy.Type] { withVariants(all) }

    /// `strategies`, each followed by its ``RowStrategy/fuzzingVariants``, every name once
    /// (in the order first met).
    ///
    /// - Complexity: O(*s* + *v*) for *s* strategies and *v* variants.
    static func withVariants(_ strategies: [any RowStrategy.Type]) -> [any RowStrategy.Type] {
        var seen: Set<String> = []
        var expanded: [any RowStrategy.Type] = []
        for strategy in strategies {
            for member in [strategy] + strategy.fuzzingVariants where seen.insert(member.name).inserted {
                expanded.append(member)
            }
        }
        return expanded
    }

    /// Why `strategies` cannot be the tool's list, or `nil`.
    ///
    /// - Complexity: O(*s*) for *s* strategies.
    static func problem(with strategies: [any RowStrategy.Type]) -> String? {
        if strategies.isEmpty { return "TreeRowsTool.main got no strategies. Fix: pass BuiltinStrategies.all + [YourStrategy.self]" }
        var seen: Set<String> = []
        for strategy in strategies {
            for variant in strategy.fuzzingVariants where variant.name == strategy.name || strategies.contains(where: { $0.name == variant.name && $0 != variant }) {
                return "\(variant), a fuzzing variant of \(strategy), is named \"\(variant.name)\" like another strategy."
                    + " Fix: give each variant its own static name"
            }
            let name = strategy.name
            if name.isEmpty || name == "all" || name.contains(",") || name.contains(where: \.isWhitespace) {
                return "\(strategy) is named \"\(name)\", which cannot be given to --strategies."
                    + " Fix: give it a static name of letters, digits and dashes, other than \"all\""
            }
            guard seen.insert(name).inserted else {
                return "two strategies are named \"\(name)\". Fix: give each strategy its own static name (or pass it once)"
            }
        }
        return nil
    }

    /// The strategy named `name`, or a failure listing the names.
    static func resolve(_ name: String) throws(CommandFailure) -> any RowStrategy.Type {
        guard let strategy = known.first(where: { $0.name == name }) else {
            throw CommandFailure(message: "unknown strategy \"\(name)\". Fix: use one of \(names.joined(separator: ", "))")
        }
        return strategy
    }
}
