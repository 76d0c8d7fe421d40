import TreeRows
import TreeRowsTool

TreeRowsTool.main(strategies: BuiltinStrategies.all)
