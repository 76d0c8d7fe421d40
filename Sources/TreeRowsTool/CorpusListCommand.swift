import ArgumentParser
import TreeRowsCorpora

/// `treerows corpus list`.
struct CorpusListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the built-in corpora: names, node counts, descriptions.",
        discussion: "A corpus file that cannot be loaded is listed as BROKEN with its problem, and the command exits 1.")

    func run() throws {
        // Names and descriptions come from files: each keeps to its line.
        let entries = ToolCatalog.shared.list().map { ($0, name: $0.name.escapingControls(), description: $0.description.escapingControls()) }
        let width = entries.map(\.name.count).max() ?? 0
        for (entry, name, description) in entries {
            let nodes = String(entry.nodes)
            print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + entry.kind.padding(toLength: 9, withPad: " ", startingAt: 0) + " "
                + String(repeating: " ", count: max(0, 9 - nodes.count)) + nodes + "  " + description)
        }
        let unreadable = entries.filter { $0.0.kind == CorpusCatalog.unreadable }.map(\.name)
        if !unreadable.isEmpty {
            throw CommandFailure(message: "\(unreadable.joined(separator: ", ")) cannot be loaded (BROKEN above). Fix: repair or remove the file", exitCode: 1)
        }
    }
}
