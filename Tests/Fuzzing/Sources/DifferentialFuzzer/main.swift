// Coverage-guided differential fuzzing: bytes -> a tree and operations (FuzzCase(bytes:),
// which reaches every feature of the coverage table) -> every built-in strategy beside the
// reference with the checks of a DifferentialSession. A disagreement is a crash, so
// libFuzzer keeps the input (replay it: the artifact is printed as a repro file).
import CFuzzerDriver
import Foundation
import TreeRows
import TreeRowsHarness

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let fuzzCase = FuzzCase(bytes: UnsafeBufferPointer(start: data, count: size))
    if let disagreement = DifferentialRun.firstDisagreement(fuzzCase, strategies: BuiltinStrategies.all) {
        let repro = ReproFile(fuzzCase: fuzzCase, strategy: disagreement.strategy, seed: nil, caseNumber: nil,
                              disagreement: disagreement)
        FileHandle.standardError.write(Data(("DISAGREEMENT\n" + repro.json).utf8))
        abort()
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data!, size) })
