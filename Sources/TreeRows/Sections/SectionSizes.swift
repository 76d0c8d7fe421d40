/// The number of flat rows of each section (header included), in section order, as an
/// implicit treap: a binary tree over positions whose every node keeps the number of
/// sections and of rows below it, so that a section's first row, the section of a row,
/// and a change of size, an insertion or a removal of a section each take one walk from
/// the root.
///
/// Nodes live in one array and are reused through a free list, so that a change of size
/// allocates nothing. Priorities make the tree a heap on them: the tree built from
/// sizes is perfectly balanced (priorities fall with depth), and a section inserted later
/// draws its priority from a fixed-seed generator below those, so the shape, like
/// everything else, is the same on every machine.
package struct SectionSizes: Sendable {
    struct Node: Sendable {
        var left: Int32
        var right: Int32
        var priority: UInt32
        /// Sections in the subtree.
        var count: Int32
        /// Rows of this section.
        var size: Int32
        /// Rows of the sections in the subtree.
        var total: Int32
    }

    static let none: Int32 = -1
    /// Priorities of inserted sections stay below this, under every built node's.
    static let insertedPriorityCeiling: UInt32 = .max - 64

    private(set) var nodes: ContiguousArray<Node> = []
    private var free: ContiguousArray<Int32> = []
    private(set) var root: Int32 = none
    private var random = SplitMix64(seed: 0x5EC7_1075)

    /// No sections.
    package init() {}

    /// The sections of `sizes`, in order.
    ///
    /// - Complexity: O(*S*) for *S* sections.
    package init<Sizes: RandomAccessCollection<Int>>(_ sizes: Sizes) where Sizes.Index == Int {
        nodes.reserveCapacity(sizes.count)
        for size in sizes {
            nodes.append(Node(left: Self.none, right: Self.none, priority: 0, count: 1, size: Int32(size), total: Int32(size)))
        }
        root = build(0..<sizes.count, depth: 0)
    }

    /// Links `range` of the nodes into a balanced subtree and returns its root.
    ///
    /// - Complexity: O(*m*) for *m* nodes; recursion depth log₂ *m*.
    private mutating func build(_ range: Range<Int>, depth: UInt32) -> Int32 {
        guard !range.isEmpty else { return Self.none }
        let middle = (range.lowerBound + range.upperBound) / 2
        let left = build(range.lowerBound..<middle, depth: depth + 1)
        let right = build(middle + 1..<range.upperBound, depth: depth + 1)
        nodes[middle].left = left
        nodes[middle].right = right
        nodes[middle].priority = .max - depth
        refresh(Int32(middle))
        return Int32(middle)
    }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    package var count: Int { root == Self.none ? 0 : Int(nodes[Int(root)].count) }

    /// The number of rows of every section together.
    ///
    /// - Complexity: O(1).
    package var total: Int { root == Self.none ? 0 : Int(nodes[Int(root)].total) }

    @inline(__always)
    private func count(_ node: Int32) -> Int32 { node == Self.none ? 0 : nodes[Int(node)].count }

    @inline(__always)
    private func total(_ node: Int32) -> Int32 { node == Self.none ? 0 : nodes[Int(node)].total }

    @inline(__always)
    private mutating func refresh(_ node: Int32) {
        let n = nodes[Int(node)]
        nodes[Int(node)].count = 1 + count(n.left) + count(n.right)
        nodes[Int(node)].total = n.size + total(n.left) + total(n.right)
    }

    /// The first row of `section` and its number of rows.
    ///
    /// - Complexity: O(log *S*) expected.
    package func start(of section: Int) -> (row: Int, size: Int) {
        precondition(section >= 0 && section < count, "section \(section) is out of range 0..<\(count)")
        var node = root
        var position = Int32(section)
        var row: Int32 = 0
        while true {
            let n = nodes[Int(node)]
            let leftCount = count(n.left)
            if position < leftCount {
                node = n.left
            } else if position == leftCount {
                return (Int(row + total(n.left)), Int(n.size))
            } else {
                position -= leftCount + 1
                row += total(n.left) + n.size
                node = n.right
            }
        }
    }

    /// The section holding `row`, with its first row.
    ///
    /// - Complexity: O(log *S*) expected.
    package func section(containing row: Int) -> (section: Int, start: Int) {
        precondition(row >= 0 && row < total, "row \(row) is out of range 0..<\(total)")
        var node = root
        var remaining = Int32(row)
        var section: Int32 = 0
        var start: Int32 = 0
        while true {
            let n = nodes[Int(node)]
            let leftTotal = total(n.left)
            if remaining < leftTotal {
                node = n.left
            } else if remaining < leftTotal + n.size {
                return (Int(section + count(n.left)), Int(start + leftTotal))
            } else {
                remaining -= leftTotal + n.size
                section += count(n.left) + 1
                start += leftTotal + n.size
                node = n.right
            }
        }
    }

    /// Adds `delta` rows to `section`.
    ///
    /// - Complexity: O(log *S*) expected; allocates nothing.
    package mutating func add(_ delta: Int, to section: Int) {
        precondition(section >= 0 && section < count, "section \(section) is out of range 0..<\(count)")
        let change = Int32(delta)
        var node = root
        var position = Int32(section)
        while true {
            nodes[Int(node)].total += change
            let n = nodes[Int(node)]
            let leftCount = count(n.left)
            if position < leftCount {
                node = n.left
            } else if position == leftCount {
                nodes[Int(node)].size += change
                precondition(nodes[Int(node)].size >= 0, "section \(section) would have \(nodes[Int(node)].size) rows")
                return
            } else {
                position -= leftCount + 1
                node = n.right
            }
        }
    }

    /// Inserts a section of `size` rows so that it becomes section `section`.
    ///
    /// - Complexity: O(log *S*) expected.
    package mutating func insert(size: Int, at section: Int) {
        precondition(section >= 0 && section <= count, "section \(section) is out of range 0...\(count)")
        let node: Int32
        let fresh = Node(left: Self.none, right: Self.none, priority: UInt32(truncatingIfNeeded: random.next()) % Self.insertedPriorityCeiling,
                         count: 1, size: Int32(size), total: Int32(size))
        if let reused = free.popLast() {
            node = reused
            nodes[Int(node)] = fresh
        } else {
            node = Int32(nodes.count)
            nodes.append(fresh)
        }
        let (before, after) = split(root, Int32(section))
        root = merge(merge(before, node), after)
    }

    /// Removes `section` and returns its number of rows.
    ///
    /// - Complexity: O(log *S*) expected.
    @discardableResult
    package mutating func remove(at section: Int) -> Int {
        precondition(section >= 0 && section < count, "section \(section) is out of range 0..<\(count)")
        let (before, rest) = split(root, Int32(section))
        let (removed, after) = split(rest, 1)
        free.append(removed)
        root = merge(before, after)
        return Int(nodes[Int(removed)].size)
    }

    /// The subtree at `node` cut into its first `leading` sections and the rest.
    ///
    /// - Complexity: O(depth); recursion as deep as the treap.
    private mutating func split(_ node: Int32, _ leading: Int32) -> (Int32, Int32) {
        guard node != Self.none else { return (Self.none, Self.none) }
        let leftCount = count(nodes[Int(node)].left)
        if leading <= leftCount {
            let (a, b) = split(nodes[Int(node)].left, leading)
            nodes[Int(node)].left = b
            refresh(node)
            return (a, node)
        } else {
            let (a, b) = split(nodes[Int(node)].right, leading - leftCount - 1)
            nodes[Int(node)].right = a
            refresh(node)
            return (node, b)
        }
    }

    /// The subtrees `a` and `b`, every section of `a` first, as one.
    ///
    /// - Complexity: O(depth(`a`) + depth(`b`)); recursion as deep.
    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        guard a != Self.none else { return b }
        guard b != Self.none else { return a }
        if nodes[Int(a)].priority >= nodes[Int(b)].priority {
            nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
            refresh(a)
            return a
        } else {
            nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
            refresh(b)
            return b
        }
    }

    /// The size of every section, in order.
    ///
    /// - Complexity: O(*S*).
    package var sizes: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        var stack: [Int32] = []
        var node = root
        while node != Self.none || !stack.isEmpty {
            while node != Self.none {
                stack.append(node)
                node = nodes[Int(node)].left
            }
            node = stack.removeLast()
            result.append(Int(nodes[Int(node)].size))
            node = nodes[Int(node)].right
        }
        return result
    }

    /// Checks every node's counts and totals against its children's, the heap order of
    /// priorities, and that every node is either in the tree or free.
    ///
    /// - Throws: ``InvariantViolation`` naming the first node found wrong.
    /// - Complexity: O(*S*).
    package func checkInvariants() throws(InvariantViolation) {
        var reached = 0
        var stack: [Int32] = root == Self.none ? [] : [root]
        while let node = stack.popLast() {
            reached += 1
            let n = nodes[Int(node)]
            guard n.count == 1 + count(n.left) + count(n.right), n.total == n.size + total(n.left) + total(n.right), n.size >= 0 else {
                throw InvariantViolation("section sizes: node \(node) keeps count \(n.count) and total \(n.total), its children say otherwise")
            }
            for child in [n.left, n.right] where child != Self.none {
                guard nodes[Int(child)].priority <= n.priority else {
                    throw InvariantViolation("section sizes: node \(child) has a higher priority than its parent \(node)")
                }
                stack.append(child)
            }
        }
        guard reached + free.count == nodes.count else {
            throw InvariantViolation("section sizes: \(reached) nodes in the tree and \(free.count) free, of \(nodes.count)")
        }
    }
}
