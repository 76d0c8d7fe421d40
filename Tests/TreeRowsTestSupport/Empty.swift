import TreeRows
