/// For every parent, its children in an array slice with a Fenwick tree (binary indexed
/// tree) of one value per child: the prefix sum of the values before a child, the change of
/// one child's value, and the child at a given prefix sum are O(log *f*) for *f* children.
///
/// Each parent's children live in a region of ``members`` whose capacity is a power of two;
/// the Fenwick cells of that region are at the same indices of a cell array. Appending a
/// child is O(log *f*) (amortized: a full region moves to the end of the arrays with twice
/// the capacity); inserting one elsewhere shifts the region and rebuilds its cells, O(*f*).
/// A removed child leaves a hole (a member of -1 and a value of 0), so the positions of its
/// siblings stay valid.
struct SiblingLists {
    /// Per slot: where its children's region starts in ``members`` (-1: none yet).
    var start: ContiguousArray<Int32>
    /// Per slot: the capacity of its region (a power of two, or 0).
    var capacity: ContiguousArray<Int32>
    /// Per slot: the cells of its region in use, holes included.
    var used: ContiguousArray<Int32>
    /// Per slot: its index in its parent's region.
    var position: ContiguousArray<Int32>
    /// The regions: a child's slot, or -1 for a hole or a free cell.
    var members: ContiguousArray<Int32>

    /// Empty lists for `slotCount` slots.
    init(slotCount: Int) {
        start = ContiguousArray(repeating: -1, count: slotCount)
        capacity = ContiguousArray(repeating: 0, count: slotCount)
        used = ContiguousArray(repeating: 0, count: slotCount)
        position = ContiguousArray(repeating: -1, count: slotCount)
        members = []
    }

    /// Adds the bookkeeping of a new slot (no children, no place yet).
    mutating func appendSlot() {
        start.append(-1)
        capacity.append(0)
        used.append(0)
        position.append(-1)
    }

    /// A region of `size` cells (a power of two) at the end of the arrays; the cells'
    /// arrays grow with it.
    private mutating func allocate(_ size: Int32, cells: inout [ContiguousArray<Int64>]) -> Int32 {
        let first = Int32(members.count)
        members.append(contentsOf: repeatElement(-1, count: Int(size)))
        for index in cells.indices { cells[index].append(contentsOf: repeatElement(0, count: Int(size))) }
        return first
    }

    /// The smallest power of two of at least `count` (and at least 2).
    static func roundedCapacity(_ count: Int) -> Int32 {
        var size: Int32 = 2
        while Int(size) < count { size <<= 1 }
        return size
    }

    /// Lays out the children of `parent` afresh, in `children` order, with room for
    /// `extra` more, and builds the cells from `value` (one function per cell array).
    mutating func layOut(
        _ parent: Int, children: [Int32], extra: Int = 0, cells: inout [ContiguousArray<Int64>], value: (Int, Int32) -> Int64
    ) {
        let needed = Self.roundedCapacity(children.count + extra)
        if capacity[parent] < needed {
            start[parent] = allocate(needed, cells: &cells)
            capacity[parent] = needed
        }
        let first = Int(start[parent])
        for cell in first..<first + Int(capacity[parent]) { members[cell] = -1 }
        for (index, child) in children.enumerated() {
            members[first + index] = child
            position[Int(child)] = Int32(index)
        }
        used[parent] = Int32(children.count)
        for array in cells.indices { rebuild(parent, &cells[array], array: array, value: value) }
    }

    /// Recomputes the Fenwick cells of `parent`'s region from the members' values.
    ///
    /// - Complexity: O(*c*) for capacity *c*.
    func rebuild(_ parent: Int, _ cells: inout ContiguousArray<Int64>, array: Int, value: (Int, Int32) -> Int64) {
        let first = Int(start[parent])
        let size = Int(capacity[parent])
        guard size > 0 else { return }
        for index in 0..<size {
            let member = members[first + index]
            cells[first + index] = member < 0 ? 0 : value(array, member)
        }
        for index in 1...size {
            let parentIndex = index + (index & -index)
            if parentIndex <= size { cells[first + parentIndex - 1] += cells[first + index - 1] }
        }
    }

    /// Adds `delta` to the value of the child at `position` of `parent`'s region.
    ///
    /// - Complexity: O(log *c*).
    @inline(__always)
    func add(_ delta: Int64, at position: Int32, of parent: Int, _ cells: inout ContiguousArray<Int64>) {
        let first = Int(start[parent])
        let size = Int(capacity[parent])
        var index = Int(position) + 1
        while index <= size {
            cells[first + index - 1] += delta
            index += index & -index
        }
    }

    /// The sum of the values of the children before `position` in `parent`'s region.
    ///
    /// - Complexity: O(log *c*).
    @inline(__always)
    func prefix(_ position: Int32, of parent: Int, _ cells: ContiguousArray<Int64>) -> Int64 {
        let first = Int(start[parent])
        var index = Int(position)
        var sum: Int64 = 0
        while index > 0 {
            sum += cells[first + index - 1]
            index -= index & -index
        }
        return sum
    }

    /// The child of `parent` whose values span `target` (the prefix before it is at most
    /// `target` and the prefix through it is more), and that prefix. `target` must be below
    /// the sum of all values.
    ///
    /// - Complexity: O(log *c*).
    @inline(__always)
    func child(at target: Int64, of parent: Int, _ cells: ContiguousArray<Int64>) -> (child: Int32, before: Int64) {
        let first = Int(start[parent])
        let size = Int(capacity[parent])
        var index = 0
        var remaining = target
        var step = size
        while step > 0 {
            let next = index + step
            if next <= size && cells[first + next - 1] <= remaining {
                index = next
                remaining -= cells[first + next - 1]
            }
            step >>= 1
        }
        return (members[first + index], target - remaining)
    }

    /// Puts `child` into `parent`'s region right after `previous` (-1: first), moving the
    /// region if it is full. The caller adds the child's values.
    ///
    /// - Returns: Whether the cells must be rebuilt (the child was not appended at the end,
    ///   or the region moved); otherwise the cells of the new place are still 0.
    mutating func insert(_ child: Int32, after previous: Int32, under parent: Int, cells: inout [ContiguousArray<Int64>]) -> Bool {
        let place = previous < 0 ? 0 : position[Int(previous)] + 1
        if used[parent] == capacity[parent] {
            // Full (or no region yet): a new region of twice the size, compacted.
            var children: [Int32] = []
            if start[parent] >= 0 {
                let first = Int(start[parent])
                for cell in first..<first + Int(used[parent]) where members[cell] >= 0 { children.append(members[cell]) }
            }
            let index = previous < 0 ? 0 : (children.firstIndex(of: previous)! + 1)
            children.insert(child, at: index)
            let size = Self.roundedCapacity(2 * children.count)
            start[parent] = allocate(size, cells: &cells)
            capacity[parent] = size
            let first = Int(start[parent])
            for (offset, member) in children.enumerated() {
                members[first + offset] = member
                position[Int(member)] = Int32(offset)
            }
            used[parent] = Int32(children.count)
            return true
        }
        let first = Int(start[parent])
        if place == used[parent] {
            members[first + Int(place)] = child
            position[Int(child)] = place
            used[parent] += 1
            return false
        }
        var cell = first + Int(used[parent])
        while cell > first + Int(place) {
            members[cell] = members[cell - 1]
            if members[cell] >= 0 { position[Int(members[cell])] += 1 }
            cell -= 1
        }
        members[first + Int(place)] = child
        position[Int(child)] = place
        used[parent] += 1
        return true
    }

    /// The children of `parent` in region order, holes skipped.
    func children(of parent: Int) -> [Int32] {
        guard start[parent] >= 0 else { return [] }
        let first = Int(start[parent])
        return (first..<first + Int(used[parent])).compactMap { members[$0] >= 0 ? members[$0] : nil }
    }
}
