import ArgumentParser

/// `treerows corpus list`.
struct CorpusListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the built-in corpora: names, node counts, descriptions.")

    func run() throws {
        let entries = Catalog.shared.list()
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
            let nodes = String(entry.nodes)
            print(entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + entry.kind.padding(toLength: 9, withPad: " ", startingAt: 0) + " "
                + String(repeating: " ", count: max(0, 9 - nodes.count)) + nodes + "  " + entry.description)
        }
    }
}
