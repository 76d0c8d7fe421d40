import ArgumentParser
import TreeRowsCorpora

/// `treerows corpus list`.
struct CorpusListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the built-in corpora: names, node counts, descriptions.")

    func run() throws {
        // Names and descriptions come from files: each keeps to its line.
        let entries = Catalog.shared.list().map { ($0, name: $0.name.escapingControls(), description: $0.description.escapingControls()) }
        let width = entries.map(\.name.count).max() ?? 0
        for (entry, name, description) in entries {
            let nodes = String(entry.nodes)
            print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + entry.kind.padding(toLength: 9, withPad: " ", startingAt: 0) + " "
                + String(repeating: " ", count: max(0, 9 - nodes.count)) + nodes + "  " + description)
        }
    }
}
