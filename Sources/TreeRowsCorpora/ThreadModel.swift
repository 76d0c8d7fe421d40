import TreeRows

/// A branching process that grows comment threads depth-first, one top-level comment at a
/// time, until the tree has the requested size (the last thread is cut short).
///
/// A top-level comment gets a heavy-tailed number of replies: `below(2^below(topBits))`.
/// Below the top level a comment is a leaf with probability `leafPercent`, else it has
/// `1 + below(2^below(replyBits))` replies, each of which starts an argument chain with
/// probability `chainStartPercent`. A comment in a chain gets exactly one reply that
/// continues the chain with probability `chainContinuePercent` (plus a side reply with
/// probability `sideReplyPercent`), which is what makes threads 30 to 60 levels deep.
struct ThreadModel {
    var topBits: Int
    var leafPercent: Int
    var replyBits: Int
    var chainStartPercent: Int
    var chainContinuePercent: Int
    var sideReplyPercent: Int

    /// Calibrated against the five recorded r/worldnews threads (docs/Corpora.md).
    static let reddit = ThreadModel(
        topBits: 6, leafPercent: 70, replyBits: 3, chainStartPercent: 2, chainContinuePercent: 85, sideReplyPercent: 5)
    /// Calibrated against the recorded Hacker News thread.
    static let hackerNews = ThreadModel(
        topBits: 6, leafPercent: 55, replyBits: 2, chainStartPercent: 5, chainContinuePercent: 80, sideReplyPercent: 5)

    /// A node on the generation stack: how many replies it still has to get, and whether
    /// the next one continues its argument chain.
    private struct Open {
        var node: NodeIndex
        var remaining: Int
        var chainReplyPending: Bool
    }

    func generate(_ count: Int, into tree: inout Tree, _ fields: inout FieldDrawer, _ random: inout SplitMix64) {
        var stack: [Open] = []
        var made = 0
        while made < count {
            guard let top = stack.indices.last else {
                let replies = random.below(1 << random.below(topBits))
                let node = TreeGenerator.append(&tree, under: Tree.root, &fields, &random, replies: replies)
                stack.append(Open(node: node, remaining: replies, chainReplyPending: false))
                made += 1
                continue
            }
            guard stack[top].remaining > 0 else {
                stack.removeLast()
                continue
            }
            stack[top].remaining -= 1
            let inChain = stack[top].chainReplyPending || random.chance(chainStartPercent, in: 100)
            stack[top].chainReplyPending = false
            let replies: Int
            var continues = false
            if inChain {
                continues = random.chance(chainContinuePercent, in: 100)
                replies = (continues ? 1 : 0) + (random.chance(sideReplyPercent, in: 100) ? 1 : 0)
            } else if random.chance(leafPercent, in: 100) {
                replies = 0
            } else {
                replies = 1 + random.below(1 << random.below(replyBits))
            }
            let node = TreeGenerator.append(&tree, under: stack[top].node, &fields, &random, replies: replies)
            stack.append(Open(node: node, remaining: replies, chainReplyPending: continues))
            made += 1
        }
    }
}
