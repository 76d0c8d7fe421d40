import Foundation
import Testing
import TreeRows
@testable import TreeRowsHarness

/// The isolation wrapper's protocol with its children (``ChildProtocol``): every reply comes
/// back as it was sent, and a child of another version is refused with a message.
struct ChildProtocolTests {
    static let disagreement = Disagreement(strategy: "s", operationIndex: 3, problem: "row count 2, reference 3",
                                           expectedRows: ["0:a"], actualRows: [], diff: "-[1]",
                                           crash: Crash(kind: .stackOverflow, signal: 11, message: "deep", function: "f()", location: "F.swift:1"),
                                           aspect: .rowCount, expected: "3", found: "2")

    @Test func everyReplyComesBackAsSent() throws {
        var result = BenchmarkTests.result("a")
        result.medianNanoseconds = .infinity
        result.crash = Self.disagreement.crash
        result.distribution = BenchmarkSamples(batch: 2, nanoseconds: [1.5, 2.25], singleNanoseconds: [3])
        let decoded = try ChildProtocol.decode(ChildReply.self, from: ChildProtocol.encode(ChildReply.measured(result)))
        guard case .measured(let back) = decoded else { Issue.record("\(decoded)"); return }
        #expect(back == result)

        let failed = try ChildProtocol.decode(ChildReply.self, from: ChildProtocol.encode(ChildReply.ran(.failure(Self.disagreement))))
        guard case .ran(.failure(let found)) = failed else { Issue.record("\(failed)"); return }
        #expect(found == Self.disagreement)

        var counts = TimingCounts()
        counts.record(120)
        counts.record(120)
        let report = LockstepReport(strategy: "s", operations: 2, disagreements: 1, messages: ["m"], timings: ["all": counts])
        let checked = try ChildProtocol.decode(ChildReply.self, from: ChildProtocol.encode(ChildReply.checked(reference: report, strategy: report)))
        guard case .checked(_, let strategy) = checked else { Issue.record("\(checked)"); return }
        #expect(strategy.timings == report.timings && strategy.messages == ["m"])
    }

    @Test func aFuzzWorkersOutcomeComesBackWithItsFinding() throws {
        let fuzzer = Fuzzer(configuration: .init(seed: 3, operations: 2_000, timeLimit: nil), strategies: [ShortCollapse.self],
                            recorded: [])
        let outcome = fuzzer.run(shrinking: false, shouldStop: { false }, progress: { _, _ in })
        let finding = try #require(outcome.failure)
        let bytes = ChildProtocol.encode(ChildReply.fuzzed(FuzzWorkerReport(outcome)))
        guard case .fuzzed(let report) = try ChildProtocol.decode(ChildReply.self, from: bytes),
              let back = report.outcome(strategies: fuzzer.strategies) else { Issue.record("not an outcome"); return }
        #expect(back.operations == outcome.operations && back.cases == outcome.cases && back.elapsed == outcome.elapsed)
        #expect(back.coverage.counts == outcome.coverage.counts && back.failure?.identity == finding.identity)
        #expect(back.failure?.disagreement == finding.disagreement)
        #expect(report.outcome(strategies: []) == nil)
    }

    /// A child forked from another build cannot happen; one of another version is what a
    /// replay in a new process meets when the tool was rebuilt while it ran. Its answer is
    /// refused, naming both versions and the fix.
    @Test func aChildOfAnotherVersionIsRefused() throws {
        let folder = try ScratchFolder()
        let child = ChildProcess.start(limits: .standard, folder: folder.path) { _ in
            ChildProtocol.encode(ChildReply.ran(.pass), version: ChildProtocol.version - 1)
        }
        guard case .finished(let bytes) = child.wait() else { Issue.record("the child did not finish"); return }
        #expect(throws: ChildProtocolError.otherVersion(found: ChildProtocol.version - 1, expected: ChildProtocol.version)) {
            try ChildProtocol.decode(ChildReply.self, from: bytes)
        }
        let message = ChildProtocolError.otherVersion(found: 1, expected: 2).description
        #expect(message.contains("version 1") && message.contains("version 2") && message.contains("Fix:"))
        #expect(throws: ChildProtocolError.self) { try ChildProtocol.decode(ChildReply.self, from: Array("{}".utf8)) }
        #expect(throws: ChildProtocolError.self) { try ChildProtocol.decode(ChildReply.self, from: []) }
    }
}
