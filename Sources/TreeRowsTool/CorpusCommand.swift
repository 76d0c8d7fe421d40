import ArgumentParser

/// `treerows corpus …`: list, inspect, generate, import and validate corpora.
struct CorpusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "corpus",
        abstract: "List, inspect, generate, import and validate corpora.",
        subcommands: [
            CorpusListCommand.self, CorpusStatsCommand.self, CorpusGenerateCommand.self, CorpusImportCommand.self,
            CorpusValidateCommand.self,
        ]
    )
}
