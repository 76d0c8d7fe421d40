import Foundation
import Testing

/// Ctrl-C during a long `check` (far more operations than it will reach): the run stops at
/// the next operation, prints the table of the operations done and exits 130, whether the
/// signal reaches the tool alone (`kill`) or its whole process group with the children that
/// run the strategies (a terminal's Ctrl-C).
@Suite struct CheckInterruptTests {
    @Test(arguments: [false, true], [false, true])
    func ctrlCPrintsWhatWasChecked(_ wholeGroup: Bool, _ inProcess: Bool) throws {
        let folder = try TemporaryFolder("check-interrupt")
        defer { folder.remove() }
        let check = try LongCheck(in: folder, extra: ["--strategies", "range-counts,preorder-btree"] + (inProcess ? ["--in-process"] : []))
        let process = check.process
        sleep(2)
        #expect(kill(wholeGroup ? -process.processIdentifier : process.processIdentifier, SIGINT) == 0)
        let ended = process.ended(within: .seconds(120))
        #expect(ended, "Ctrl-C did not stop the check")
        let stdout = try String(contentsOfFile: check.output, encoding: .utf8), stderr = try String(contentsOfFile: check.errors, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(stdout)\n\(stderr)")
        #expect(stdout.contains("median/op") && stdout.contains("stopped by Ctrl-C: the table covers the operations done"), "\(stdout)")
        let done = try #require(stderr.firstMatch(of: /after (\d+) of 1000000000000 operations/), "\(stderr)")
        #expect(Int(done.1)! > 0, "\(stderr)")
        #expect(!stdout.contains("CRASHED"), "an interrupted strategy was taken for a crash: \(stdout)")
    }
}
