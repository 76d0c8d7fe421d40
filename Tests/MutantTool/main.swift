import TreeRows
import TreeRowsTestSupport
import TreeRowsTool

// `treerows-mutants`: the whole tool with every planted mutant beside the built-in
// strategies, so that tests run the mutants end to end as a user runs a strategy of theirs.
TreeRowsTool.main(strategies: BuiltinStrategies.all + Mutants.all + Mutants.crashing + Mutants.flaky + Mutants.bTree + Mutants.bTreeAlone + [PlantedSlowdown.self] + PlantedCliffs.all
    + SlowStrategies.all)
