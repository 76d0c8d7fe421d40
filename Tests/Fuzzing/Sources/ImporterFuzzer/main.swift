// Raw bytes into every corpus importer (.trows, gzip, JSON Lines, CSV, the thread formats of
// Reddit, Hacker News, Mastodon, Lemmy and Discourse): any input must
// give a tree or a clean CorpusError, never a crash, a hang or a huge allocation.
import CFuzzerDriver
import Foundation
import TreeRows
import TreeRowsCorpora

/// What loads must be a consistent tree; what does not must fail with a CorpusError.
func expectConsistent(_ load: () throws(CorpusError) -> Corpus) {
    guard let corpus = try? load() else { return }
    do { try corpus.tree.checkInvariants() } catch { fatalError("inconsistent tree from accepted input: \(error)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    expectConsistent { () throws(CorpusError) in try CorpusReader.parse(bytes, file: "fuzz") }
    expectConsistent { () throws(CorpusError) in try JSONLinesReader.parse(bytes, file: "fuzz") }
    expectConsistent { () throws(CorpusError) in try CSVReader.parse(bytes, file: "fuzz") }
    expectConsistent { () throws(CorpusError) in try TreeFile.decode(bytes, file: "fuzz") }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data!, size) })
