import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

@Suite struct FuzzCoverageTests {
    /// One operation of each kind, as the byte decoder gives it for `FuzzCase.firstByte(of:)`
    /// on a tree of two nodes (`nil` if it decodes to none): a kind without its first byte
    /// does not compile, one the decoder does not give fails `everyKindHasBytes`.
    static func sample(_ kind: OperationKind) -> FuzzOperation? {
        // A written tree of two nodes (header 1: two nodes; node 1 under node 0), then the operation.
        FuzzCase(bytes: [0x01, 0x00, 0x01, FuzzCase.firstByte(of: kind), 0x00, 0x00]).operations.first
    }

    /// The parameters of an operation, by the labels of its associated values (`.0` for
    /// an unlabelled first one).
    static func parameterLabels<Node>(of operation: NodeOperation<Node>) -> [String] {
        guard let payload = Mirror(reflecting: operation).children.first?.value else { return [] }
        let elements = Mirror(reflecting: payload)
        guard elements.displayStyle == .tuple else { return [".0"] }
        return elements.children.map { $0.label ?? "" }
    }

    @Test("Every parameter of every operation has coverage features", arguments: OperationKind.allCases)
    func everyParameterIsCovered(_ kind: OperationKind) throws {
        let labels = Self.parameterLabels(of: try #require(Self.sample(kind), "\(kind) has no bytes"))
        let declared = FuzzCoverage.parameters(of: kind)
        #expect(labels.count == declared.count, "\(kind): TreeOperation has parameters \(labels), the coverage catalog \(declared.map(\.name))")
        for (label, parameter) in zip(labels, declared) {
            #expect(label.hasPrefix(".") || label == parameter.name, "\(kind): parameter \(label) is declared as \(parameter.name)")
            #expect(!parameter.features.isEmpty, "\(kind): parameter \(parameter.name) has no features")
            for feature in parameter.features {
                #expect(FuzzCoverage.catalog.contains("\(kind.rawValue) · \(feature)"))
            }
        }
    }

    /// The byte decoder and `FuzzCase.firstByte(of:)` agree on every kind: a kind added to
    /// the one and not the other fails here, in every build.
    @Test("Every kind has a first byte that decodes to it", arguments: OperationKind.allCases)
    func everyKindHasBytes(kind: OperationKind) throws {
        let operation = try #require(Self.sample(kind), "\(kind): no operation decoded")
        #expect(operation.kind == kind, "\(kind): decoded \(operation)")
    }

    @Test func catalogHasNoDuplicatesAndCoversEveryKind() {
        #expect(Set(FuzzCoverage.catalog).count == FuzzCoverage.catalog.count)
        for kind in OperationKind.allCases {
            #expect(FuzzCoverage.catalog.contains { $0.hasPrefix(kind.rawValue + " · ") }, "\(kind) has no feature")
        }
    }

    @Test func recordingCountsConditions() {
        var tree = TreeNotation.tree("a(b,c-(d)),e")
        tree.setExpanded(TreeNotation.node("c", in: tree), false)
        let reference = ReferenceStrategy(tree: tree)
        var coverage = FuzzCoverage()
        var history = FuzzCoverage.History()
        coverage.record(.toggle(TreeNotation.node("d", in: tree)), on: reference, history: &history)
        coverage.record(.toggle(TreeNotation.node("c", in: tree)), on: reference, history: &history)
        coverage.record(.insert("x", under: TreeNotation.node("a", in: tree), at: 2, time: Int64.max, score: nil), on: reference,
                        history: &history)
        coverage.record(.sort(SiblingOrder(.time), reportingMoves: false), on: reference, history: &history)
        #expect(coverage.counts["toggle · target hidden"] == 1)
        #expect(coverage.counts["toggle · only child"] == 1)
        #expect(coverage.counts["toggle · target visible, collapsed, with children"] == 1)
        #expect(coverage.counts["toggle · last sibling"] == 1)
        #expect(coverage.counts["insert · position: last sibling"] == 1)
        #expect(coverage.counts["insert · time Int64.max"] == 1)
        #expect(coverage.counts["insert · score absent"] == 1)
        #expect(coverage.counts["sort · time after an insert with a time"] == 1)
        #expect(coverage.counts["sort · reloading"] == 1)
        #expect(!coverage.missing.isEmpty)
    }
}

/// The default fuzz run (both tiers, every built-in strategy) passes and exercises every
/// feature of the coverage catalog, and so do the libFuzzer target's byte strings. Release
/// speed is needed for the million-node trees:
/// `swift test -c release --filter FuzzDefaultRunTests`, which `.ci/test` runs.
///
/// The run is the default configuration's minute with nine tenths of it for the large tier
/// (not 45%): the large tier takes its scenarios in turn, and the last (rows beyond 2^20)
/// starts at about 55 s of a default minute on this VM when it is quick, and past a minute
/// when it is slower. What is tested is that the default streams reach every feature (the
/// small tier's in its six seconds), not the machine's speed.
@Suite(.serialized, .enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter FuzzDefaultRunTests"))
struct FuzzDefaultRunTests {
    @Test func defaultRunPassesAndHitsEveryFeature() {
        var configuration = Fuzzer.Configuration()
        configuration.largeShare = 0.9
        let outcome = Fuzzer(configuration: configuration, strategies: BuiltinStrategies.all).run()
        #expect(outcome.failure == nil, "\(outcome.failure.map { "\($0.disagreement)" } ?? "")")
        #expect(outcome.coverage.missing.isEmpty, "never exercised: \(outcome.coverage.missing)")
        let large = outcome.tiers[.large]!.elapsed.nanoseconds, small = outcome.tiers[.small]!.elapsed.nanoseconds
        #expect(large >= (large + small) / 5, "the large tier had \(large / 1e9) s of \((large + small) / 1e9) s")
        #expect(Set(outcome.tiers[.large]!.scenarios.keys) == Set(ScaleScenario.allCases))
    }

    /// The byte decoder of the libFuzzer target reaches every feature: random byte strings
    /// (seeded) for the operations and their parameters, and one header per size threshold.
    @Test func byteDecoderReachesEveryFeature() {
        var coverage = FuzzCoverage()
        var random = SplitMix64(seed: 14)
        for index in 0..<3_000 {
            let length = index % 100 == 0 ? 9_000 + random.below(3_000) : 1 + random.below(200)
            // Headers of written trees (not 0xFF); the sizes come below, one header each.
            let bytes = (0..<length).map { position in UInt8(truncatingIfNeeded: random.next()) & (position == 0 ? 0x3F : 0xFF) }
            coverage.record(FuzzCase(bytes: bytes))
        }
        // Header (mode, fields), shape, size, expansion, then operations (kind, node, bits).
        let collapseAll: [UInt8] = [FuzzCase.firstByte(of: .collapseAll), 0, 0]
        // 65,537 random; a chain of 300,001; 100,001 top-level nodes; 1,048,577 reddit-like, tall rows.
        for (shape, size, expansion) in [(4, 2, 0), (2, 5, 0), (3, 3, 0), (5, 6, 4)] as [(UInt8, UInt8, UInt8)] {
            coverage.record(FuzzCase(bytes: [0xFF, 0x5A, shape, size, expansion] + collapseAll))
        }
        #expect(coverage.missing.isEmpty, "never reached: \(coverage.missing)")
    }
}
