import TreeRows

/// A strategy's ``StructuralEvent``s summed over a session from its cumulative counts
/// (``RowStrategy/structuralEvents``), read after every step: a count that went down means
/// the strategy was built again (a default operation rebuilds it), so the new count is all new.
struct StructuralEventTally {
    /// Events since the tally began.
    private(set) var totals: [StructuralEvent: Int] = [:]
    private var last: [StructuralEvent: Int] = [:]

    /// Adds what happened since the last reading.
    ///
    /// - Complexity: O(*e*) for *e* kinds of event reported; O(1) when none are.
    mutating func read(_ reading: [StructuralEvent: Int]) {
        guard !reading.isEmpty || !last.isEmpty else { return }
        let rebuilt = last.contains { reading[$0.key, default: 0] < $0.value }
        for (event, count) in reading {
            let new = rebuilt ? count : count - last[event, default: 0]
            if new > 0 { totals[event, default: 0] += new }
        }
        last = reading
    }
}
