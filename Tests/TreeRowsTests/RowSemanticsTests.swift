import Testing
import TreeRows
import TreeRowsTestSupport

/// One test per sentence of the README's row semantics, for every strategy.
@Suite struct RowSemanticsTests {
    static let thread = "a(b(c(d),e),f(g)),h"

    @Test("Rows are the preorder walk; top level has depth 0", arguments: BuiltinStrategies.names)
    func preorderWithDepths(strategy: String) {
        let scenario = StrategyScenario(strategy, Self.thread)
        #expect(scenario.rows == ["0:a", "1:b", "2:c", "3:d", "2:e", "1:f", "2:g", "0:h"])
    }

    @Test("Siblings and top-level nodes keep their input order", arguments: BuiltinStrategies.names)
    func inputOrder(strategy: String) {
        let scenario = StrategyScenario(strategy, "z(y2,y1,y3),x,w(v)")
        #expect(scenario.rows == ["0:z", "1:y2", "1:y1", "1:y3", "0:x", "0:w", "1:v"])
    }

    @Test("A collapsed node is itself a row; its descendants are not", arguments: BuiltinStrategies.names)
    func collapsedNodeIsARow(strategy: String) {
        let scenario = StrategyScenario(strategy, "a-(b(c)),d")
        #expect(scenario.rows == ["0:a", "0:d"])
        #expect(scenario.strategy.index(of: scenario.node("a")) == 0)
        #expect(scenario.strategy.index(of: scenario.node("b")) == nil)
        #expect(scenario.strategy.index(of: scenario.node("c")) == nil)
    }

    @Test("Hidden descendants keep their expanded state", arguments: BuiltinStrategies.names)
    func hiddenDescendantsKeepState(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        scenario.run(.collapse(scenario.node("c")))
        let before = scenario.rows
        scenario.run(.collapse(scenario.node("a")))
        #expect(scenario.rows == ["0:a", "0:h"])
        let diff = scenario.run(.expand(scenario.node("a")))
        #expect(scenario.rows == before)
        #expect(diff == RowDiff(insertions: [1..<6]))
        #expect(!scenario.strategy.tree.isExpanded(scenario.node("c")))
    }

    @Test("Operations on a hidden node change state but no rows", arguments: BuiltinStrategies.names)
    func hiddenNodeOperations(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        scenario.run(.collapse(scenario.node("a")))
        let hiddenOperations: [TreeOperation] = [
            .toggle(scenario.node("c")), .collapseRecursively(scenario.node("f")),
            .expandRecursively(scenario.node("b")), .expand(scenario.node("f")), .collapse(scenario.node("b")),
            .insert("x", under: scenario.node("e"), at: 0), .remove(scenario.node("d")), .reload(scenario.node("g")),
        ]
        for operation in hiddenOperations {
            #expect(scenario.run(operation).isEmpty, "\(operation)")
            #expect(scenario.rows == ["0:a", "0:h"])
        }
        // The state did change: expanding a shows it.
        scenario.run(.expand(scenario.node("a")))
        #expect(scenario.rows == ["0:a", "1:b", "1:f", "2:g", "0:h"])
        #expect(scenario.strategy.tree.index(of: "d") == nil)
        scenario.run(.expand(scenario.node("b")))
        #expect(scenario.rows == ["0:a", "1:b", "2:c", "2:e", "3:x", "1:f", "2:g", "0:h"])
    }
}
