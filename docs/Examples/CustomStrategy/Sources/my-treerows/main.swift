import MyStrategy
import TreeRows
import TreeRowsTool

TreeRowsTool.main(strategies: BuiltinStrategies.all + [MyStrategy.self, MyStrategyDraft.self])
