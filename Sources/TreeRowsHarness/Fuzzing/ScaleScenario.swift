/// The kinds of large case the fuzzer's large tier draws, in the order it takes them (then
/// again from the first), and ``regionChurn``, which has a time share of its own. Each reaches a size threshold that bugs of fast, compact
/// strategies hide behind (counts or positions in too few bits, depth limits, caches sized
/// for short sibling lists, a large-tree code path, a compaction every *N* changes).
public enum ScaleScenario: String, CaseIterable, Sendable {
    /// 1,000 to 10,000 nodes and 1,000 to 3,000 operations on one tree.
    case longCase = "long-case"
    /// 65,537 to 200,000 rows: more than 2^16.
    case rowsBeyond16Bits = "rows>2^16"
    /// A chain 100,001 to 300,000 levels deep.
    case deepChain = "deep-chain"
    /// One sibling list of 100,001 to 300,000 nodes, at the top level or under one node.
    case wideSiblings = "wide-siblings"
    /// One node whose expanded block is 100,001 to 400,000 rows, toggled often.
    case bigBlock = "big-block"
    /// A whole recorded thread, with a random expansion state and hundreds of operations.
    case recordedThread = "recorded-thread"
    /// 1,000 to 1,000,000 nodes, log-uniformly, any shape and expansion state.
    case sizeLadder = "size-ladder"
    /// 1,048,577 to 1,150,000 rows: more than 2^20.
    case rowsBeyond20Bits = "rows>2^20"
    /// 40 to 600,000 nodes and many inserts, pages and removals in one region (a
    /// ``RegionChurn`` arm, steered by the structural events strategies report): a
    /// structure's splits, packings, and root growth and collapse.
    case regionChurn = "region-churn"

}
