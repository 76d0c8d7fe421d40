import Foundation

/// What the isolation wrapper asks of a process it did not fork: an executed replay
/// (``ExecutedReplay``), a new process of the tool. A forked child needs no request: it
/// runs the work it was forked with.
package enum ChildRequest: Codable, Sendable, Equatable {
    /// Run the case of the repro file at `repro` through `strategies` (by name) beside the
    /// reference, up to `repetitions` times within `seconds`, and write the reply to `answer`.
    case replay(repro: String, strategies: [String], repetitions: Int, seconds: Int, answer: String)
}

/// Everything a child answers the isolation wrapper: one case per kind of work.
package enum ChildReply: Codable, Sendable {
    /// A fuzz worker's outcome (also what its checkpoints hold).
    case fuzzed(FuzzWorkerReport)
    /// An isolated check: the reference's report and the strategy's.
    case checked(reference: LockstepReport, strategy: LockstepReport)
    /// An isolated run of a case.
    case ran(RunResult)
    /// What a strategy retained per run of a case, and the case's operations.
    case retained(perRun: [Int64], operations: Int)
    /// A benchmark cell.
    case measured(BenchmarkResult)
    /// A probe of the cost search.
    case probed(CostMeasurement)
    /// An executed replay: every one of `repetitions` passed.
    case replayed(repetitions: Int)
    /// An executed replay: the strategy failed on this repetition (from 1).
    case replayFailed(repetition: Int, failure: Disagreement)
    /// The process refused the request (another version asked it, or it names a strategy
    /// the process does not know): why, with the fix.
    case refused(String)

    /// What an isolated run of a case found.
    package enum RunResult: Codable, Sendable {
        /// Every strategy agreed with the reference.
        case pass
        /// A strategy disagreed.
        case failure(Disagreement)
        /// (Replayed strictly.) Operation `index` did not apply to the tree as it stood.
        case invalid(index: Int, problem: String)
    }
}

/// Why a child's message could not be taken.
package enum ChildProtocolError: Error, Equatable, CustomStringConvertible {
    /// The message is of another version of the protocol: another build of the tool wrote it.
    case otherVersion(found: Int, expected: Int)
    /// The message is not one of the protocol's.
    case unreadable(String)

    package var description: String {
        switch self {
        case .otherVersion(let found, let expected):
            "the child speaks version \(found) of the isolation protocol and this tool version \(expected): another build of the"
                + " tool answered. Fix: run the tool again from one build (it was replaced on disk while it ran)"
        case .unreadable(let problem):
            "the child's answer is not a message of the isolation protocol (\(problem))"
        }
    }
}

/// The isolation wrapper's whole protocol with its children: a ``ChildRequest`` or a
/// ``ChildReply`` in an envelope with the protocol's ``version``, as JSON. A message of
/// another version is refused, never half read.
package enum ChildProtocol {
    /// The protocol's version: raised whenever a request or a reply changes shape.
    package static let version = 3

    /// A message with its version.
    struct Envelope<Body: Codable>: Codable {
        var version: Int
        var body: Body
    }

    /// The version alone, read before the body.
    private struct Version: Decodable {
        var version: Int
    }

    /// `body` in an envelope of this version, as JSON.
    ///
    /// - Complexity: O(*b*) for a body of *b* bytes.
    package static func encode<Body: Codable>(_ body: Body) -> [UInt8] {
        encode(body, version: version)
    }

    /// `body` in an envelope of `version` (another version only in tests).
    ///
    /// - Complexity: O(*b*) for a body of *b* bytes.
    package static func encode<Body: Codable>(_ body: Body, version: Int) -> [UInt8] {
        // Every value this protocol carries encodes (non-finite numbers as strings).
        (try? Array(encoder.encode(Envelope(version: version, body: body)))) ?? []
    }

    /// The body of a message of this version.
    ///
    /// - Throws: ``ChildProtocolError/otherVersion(found:expected:)`` for a message of
    ///   another version, ``ChildProtocolError/unreadable(_:)`` for anything else.
    /// - Complexity: O(*b*) for a message of *b* bytes.
    package static func decode<Body: Codable>(_ type: Body.Type, from bytes: [UInt8]) throws(ChildProtocolError) -> Body {
        let data = Data(bytes)
        let found: Int
        do { found = try decoder.decode(Version.self, from: data).version } catch {
            throw .unreadable(bytes.isEmpty ? "it is empty" : "no version")
        }
        guard found == version else { throw .otherVersion(found: found, expected: version) }
        do { return try decoder.decode(Envelope<Body>.self, from: data).body } catch {
            throw .unreadable("\(error)")
        }
    }

    /// What `payload` takes from the reply in `bytes`, when the child answered the kind of
    /// reply asked for (`payload` gives `nil` for any other).
    ///
    /// - Parameter asked: The kind asked for, in words, for the error.
    /// - Throws: What ``decode(_:from:)`` throws, and ``ChildProtocolError/unreadable(_:)``
    ///   naming both kinds for a reply of another kind.
    /// - Complexity: O(*b*) for a message of *b* bytes.
    package static func answer<Payload>(_ bytes: [UInt8], asked: String,
                                        _ payload: (ChildReply) -> Payload?) throws(ChildProtocolError) -> Payload {
        let reply = try decode(ChildReply.self, from: bytes)
        guard let taken = payload(reply) else {
            let kind = "\(reply)".prefix { $0 != "(" }
            throw .unreadable("it answered \(kind) where \(asked) was asked")
        }
        return taken
    }

    /// Encodes and decodes one message of every kind, so that everything a child needs to
    /// answer is set up in the parent before it forks: a child forked while another thread
    /// held a lock it would take could wait forever.
    ///
    /// - Complexity: O(1).
    package static func prepare() {
        _ = prepared
    }

    private static let prepared: Bool = {
        let disagreement = Disagreement(strategy: "", operationIndex: 0, problem: "", expectedRows: [], actualRows: [], diff: "",
                                        crash: Crash(kind: .trap, message: ""))
        let report = LockstepReport(strategy: "", operations: 0, disagreements: 0, messages: [], timings: ["all": TimingCounts()])
        let result = BenchmarkResult(strategy: "", corpus: "", nodes: 0, operation: "", samples: 0, medianNanoseconds: .infinity,
                                     p90Nanoseconds: 0, p99Nanoseconds: 0, operationsPerSecond: 0, allocationsPerOperation: nil,
                                     bytesPerOperation: nil, peakResidentBytes: 0, ratioToReference: nil, ratioToFastest: nil, correct: true)
        let replies: [ChildReply] = [
            .fuzzed(FuzzWorkerReport()), .checked(reference: report, strategy: report), .ran(.pass), .ran(.failure(disagreement)),
            .ran(.invalid(index: 0, problem: "")), .retained(perRun: [0], operations: 0), .measured(result), .replayed(repetitions: 0),
            .replayFailed(repetition: 0, failure: disagreement), .refused(""),
        ]
        for reply in replies { _ = try? decode(ChildReply.self, from: encode(reply)) }
        _ = try? decode(ChildRequest.self, from: encode(ChildRequest.replay(repro: "", strategies: [], repetitions: 0, seconds: 0, answer: "")))
        return true
    }()

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
