import Foundation
import TreeRows
import TreeRowsCorpora

/// The package's recorded threads (not the 2M-node forest), as the command-line fuzzer
/// loads them to cut subtrees from.
public enum RecordedSamples {
    /// The package root, from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The recorded threads of at most 100,000 nodes.
    public static let trees: [Tree] = {
        let catalog = CorpusCatalog(root: packageRoot)
        return catalog.list().filter { $0.kind == "recorded" && $0.nodes <= 100_000 }.map { try! catalog.load($0.name).tree }
    }()
}
