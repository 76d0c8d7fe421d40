import TreeRows

extension Tree {
    /// A uniformly chosen live node drawn from `random`: the choice of every generator
    /// (lock-step checks, the fuzzer, its tree sampler, step expectations). The tree must
    /// not be empty.
    ///
    /// - Complexity: O(1) expected while most slots are live (up to 16 random slots), O(*s*)
    ///   for *s* slots otherwise.
    package func randomLiveNode(using random: inout SplitMix64) -> NodeIndex {
        for _ in 0..<16 {
            let node = NodeIndex(Int32(1 + random.below(slotCount - 1)))
            if contains(node) { return node }
        }
        let live = nodes
        return live[random.below(live.count)]
    }
}
