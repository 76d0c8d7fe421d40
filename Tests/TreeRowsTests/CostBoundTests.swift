import Testing
import TreeRows
import TreeRowsTestSupport

/// Declared costs: their text, their value at the variables a search measures, and every
/// built-in strategy's declaration of every step.
struct CostBoundTests {
    @Test func textReadsAsTheDocsWriteIt() {
        #expect(CostBound.constant.description == "O(1)")
        #expect(CostBound.logarithmic.description == "O(log n)")
        let scan = CostBound.linear(in: .depth) * .linear(in: .siblings) + .linear(in: .elements)
        #expect(scan.description == "O(d·f + k)")
        #expect((CostBound.linear(in: .elements) * .logarithmic).description == "O(k·log n)")
    }

    @Test func valueMultipliesAndAdds() {
        var point = CostPoint()
        point[.depth] = 10
        point[.siblings] = 7
        point[.elements] = 3
        point[.nodes] = 1_023
        let scan = CostBound.linear(in: .depth) * .linear(in: .siblings) + .linear(in: .elements)
        #expect(scan.value(at: point) == 73)
        #expect(abs(CostBound.logarithmic.value(at: point) - 10) < 1e-9)
        // A variable not measured counts as 1; a logarithm is at least 1.
        #expect(CostBound.linear(in: .children).value(at: point) == 1)
        #expect(CostBound.logarithm(of: .children).value(at: point) == 1)
        #expect(CostBound.constant.value(at: point) == 1)
    }

    @Test func everyBuiltinStrategyDeclaresEveryStep() {
        for strategy in BuiltinStrategies.all {
            for step in CostedStep.allCases {
                #expect(strategy.declaredCost(of: step) != nil, "\(strategy.name) \(step.name)")
            }
        }
        #expect(PreorderBTreeStrategy.declaredCost(of: .toggle) == .logarithmic)
        #expect(FullRebuildStrategy.declaredCost(of: .toggle) == .linear(in: .nodes))
        // A strategy that says nothing declares nothing.
        #expect(MinimalStrategy.declaredCost(of: .toggle) == nil)
    }
}
