import TreeRows

/// How a ``ScaleScenario/regionChurn`` case spends its operations: many inserts, pages and
/// removals in one region of a tree of one size band, so that a structure's inner
/// boundaries are crossed many times over one case (leaves fill and split, the splits
/// cascade up to a new root level, removals empty nodes and leave the rest sparse, a root
/// loses a level).
///
/// Each mix and band is one *arm* of ``EventSteering``, which picks the arm for the next
/// churn case by the structural events each arm has produced so far.
package struct RegionChurn: Hashable, Sendable, CustomStringConvertible {
    /// The operations of a case.
    package enum Mix: String, CaseIterable, Sendable {
        /// Pages and replies poured into the region, with toggles of it and its ancestors.
        case grow
        /// Grow a bushy region (small pages, many under new replies), then remove single
        /// nodes without replies, new ones or anywhere, in random order until a tenth of
        /// the tree is left: holes everywhere; then again in another region.
        case growThenDrain = "grow-then-drain"
        /// Bursts of pages into a region until the tree is back at its starting size (at
        /// most ``cutRegrowth`` nodes), each followed by the removal of a large subtree
        /// around it, often most of the tree; then another region. Half the rounds pour
        /// into the first or last top-level node instead, trim the rest of the tree to 4 to
        /// 400 nodes (in at most 16 removals), and cut that node once the tree is 16 times
        /// the rest and at least a size up to ``edgeCeiling``: a root falls through every
        /// level to that of the small run of the tree left.
        case cut
    }

    /// The sizes of tree an arm draws, about a factor of 14 apart (a B-tree level of
    /// typical fanout per band); the last one's trees are a level taller than the third's
    /// (preorder-btree's root at level 4, above 153,664 elements).
    package static let bands: [ClosedRange<Int>] = [40...1_000, 1_000...15_000, 15_000...160_000, 160_000...420_000]

    /// Every arm: each mix in each band, but a drain on the largest (one removal per
    /// operation thins out nothing there). The steering tries them once in this order
    /// first, which takes most of a one-minute run: the arms that reach what other cases
    /// rarely do come first (a cut and a drain of the smallest trees, where a B-tree of
    /// small nodes loses many levels per cut and its leaves are packed; then cuts of larger
    /// trees, where a root loses levels, and growth of the largest, whose splits climb).
    package static let all: [RegionChurn] = [
        RegionChurn(mix: .cut, band: 0), RegionChurn(mix: .growThenDrain, band: 0), RegionChurn(mix: .cut, band: 1),
        RegionChurn(mix: .cut, band: 3), RegionChurn(mix: .cut, band: 2), RegionChurn(mix: .grow, band: 3),
        RegionChurn(mix: .grow, band: 2), RegionChurn(mix: .grow, band: 1), RegionChurn(mix: .grow, band: 0),
        RegionChurn(mix: .growThenDrain, band: 1), RegionChurn(mix: .growThenDrain, band: 2),
    ]

    package var mix: Mix
    /// An index into ``bands``.
    package var band: Int

    package init(mix: Mix, band: Int) {
        self.mix = mix
        self.band = band
    }

    /// The arm at `arm` in ``all`` (clamped, so a damaged record still names an arm).
    package init(arm: Int) { self = Self.all[min(max(arm, 0), Self.all.count - 1)] }

    /// The position in ``all``.
    package var arm: Int { Self.all.firstIndex(of: self)! }

    /// Whether the arm draws from the largest band, where every page is large (a few
    /// operations must pour in enough replies for splits to climb to the top levels).
    package var isLargest: Bool { band == Self.bands.count - 1 }

    /// `grow, 1000...15000 nodes`.
    package var description: String { "\(mix.rawValue), \(Self.bands[band]) nodes" }

    /// How many operations a case on `nodes` nodes gets: a drain gets thousands on small
    /// trees (one removal per hole, enough to grow and drain a tree of a few hundred nodes
    /// several times), a cut hundreds (a page of up to 2,048 replies regrows a tree of
    /// tens of thousands in tens of them), a growth tens; fewer on larger trees, where
    /// every operation of a flat strategy costs O(*n*).
    package func operations(nodes: Int) -> Int {
        let nodes = max(1, nodes)
        switch mix {
        case .growThenDrain: return min(4_000, max(48, 8_000_000 / nodes))
        case .cut: return min(240, max(24, 6_000_000 / nodes))
        case .grow: return min(48, max(16, 4_000_000 / nodes))
        }
    }

    /// The largest size an edge round of a cut may draw to grow its tree to before the cut:
    /// 1,000 on the smallest band (its trees are a few hundred nodes), 64,000 above, where a
    /// B-tree grown at one end, its nodes half full, gains its fourth level of 64/16
    /// (preorder-btree's root at level 4 from about 35,000 elements so grown).
    ///
    /// - Complexity: O(1).
    package var edgeCeiling: Int { band == 0 ? 1_000 : 64_000 }

    /// A size an edge round grows its edge by: log-uniform from 1,000 to ``edgeCeiling``.
    ///
    /// - Complexity: O(1).
    func edgeGrowth(using random: inout SplitMix64) -> Int { random.logUniform(1_000, edgeCeiling) }

    /// The most nodes a cut case regrows its tree to before each cut.
    package static let cutRegrowth = 20_000

    /// How many replies a case's pages and replies add at most: thousands, enough for
    /// splits to climb two levels, fewer on the largest trees (a strategy that adds a
    /// page's replies one by one pays O(*n*) for each there).
    ///
    /// - Complexity: O(1).
    package func growth(random: inout SplitMix64) -> Int {
        switch band {
        case 0 where mix == .growThenDrain: random.logUniform(150, 600)
        case 0: random.logUniform(2_000, 12_000)
        case 1: random.logUniform(4_000, 24_000)
        case 2: random.logUniform(1_000, 6_000)
        default: random.logUniform(6_000, 24_000)
        }
    }
}
