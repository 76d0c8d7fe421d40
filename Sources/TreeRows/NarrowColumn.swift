/// A column of `Int32`s, one per position, in about a byte each: the positions are grouped
/// in blocks of 64, a block keeps its values as one-byte offsets from a base of its own, and
/// a block whose values spread too far for its byte (more than 254, or more than 190 when a
/// write must rebase it) is kept whole, four bytes a value, in a side pool. A column whose
/// neighbouring positions hold close values (a node's depth, or the leaf a strategy keeps
/// it in, by slot, in a tree whose slots mostly follow its rows) takes 1.06 bytes a
/// position instead of 4; one whose values are scattered takes 5.06 at
/// worst, and every read and write stays O(1).
///
/// One value, `absent`, is stored as the offset 255 in any block, so positions without a
/// value (a strategy's removed nodes) never widen their block.
@usableFromInline
struct NarrowColumn: Sendable {
    /// The positions of a block: 64.
    @usableFromInline static var blockShift: Int { 6 }
    /// The offset of `absent`.
    @usableFromInline static var absentOffset: UInt8 { .max }
    /// A base at or below this marks a pooled block: its values are in `pool`, from
    /// `(base - Int32.min) << blockShift` on. Blocks of values this low are pooled.
    @usableFromInline static var pooledLimit: Int32 { Int32.min / 2 }

    /// The offset of each position's value from its block's base, or `absentOffset`;
    /// unused in a pooled block.
    @usableFromInline var offsets: ContiguousArray<UInt8>
    /// Each block's base, or its place in `pool`.
    @usableFromInline var bases: ContiguousArray<Int32>
    /// The values of the pooled blocks, 64 a block.
    @usableFromInline var pool: ContiguousArray<Int32> = []
    /// The value stored without widening a block.
    @usableFromInline let absent: Int32

    /// A column of `count` positions, each `value`.
    ///
    /// - Complexity: O(`count`).
    init(repeating value: Int32, count: Int, absent: Int32) {
        self.absent = absent
        offsets = ContiguousArray(repeating: Self.absentOffset, count: count)
        bases = ContiguousArray(repeating: 0, count: (count + 63) >> Self.blockShift)
        if value != absent {
            for position in 0..<count { self[position] = value }
        }
    }

    /// The number of positions.
    @inlinable
    var count: Int { offsets.count }

    /// Whether the column has no position.
    @inlinable
    var isEmpty: Bool { offsets.isEmpty }

    /// The number of blocks kept whole in the pool, for tests and the docs' accounting.
    var pooledBlocks: Int { pool.count >> Self.blockShift }

    /// The value at `position`, which must be below ``count``.
    ///
    /// - Complexity: O(1): two loads that do not wait for each other, and a third in a
    ///   pooled block. A write that does not fit its block's byte rebases or pools the
    ///   block: O(64).
    @inlinable
    subscript(position: Int) -> Int32 {
        get {
            let offset = offsets[position]
            let base = bases[position &>> Self.blockShift]
            if base > Self.pooledLimit {
                return offset == Self.absentOffset ? absent : base &+ Int32(truncatingIfNeeded: offset)
            }
            return pool[(Int(base) &- Int(Int32.min)) &<< Self.blockShift | position & 63]
        }
        @inline(__always)
        set {
            let base = bases[position &>> Self.blockShift]
            // Wrapping: within 0..<255 only for a value at most 254 above the base, since no
            // base is at or below `pooledLimit` or within 510 of `Int32.max` (`centredBase`).
            if newValue != absent, base > Self.pooledLimit, UInt32(bitPattern: newValue &- base) < UInt32(Self.absentOffset) {
                offsets[position] = UInt8(truncatingIfNeeded: newValue &- base)
            } else {
                store(newValue, at: position)
            }
        }
    }

    /// Appends `value` at position ``count``.
    ///
    /// - Complexity: O(1) amortized.
    @inlinable
    mutating func append(_ value: Int32) {
        if offsets.count & 63 == 0 { bases.append(0) }
        offsets.append(Self.absentOffset)
        if value != absent { self[offsets.count - 1] = value }
    }

    /// Appends `count` absent values.
    ///
    /// - Complexity: O(`count`) amortized.
    mutating func appendAbsent(count: Int) {
        for _ in 0..<count { append(absent) }
    }

    /// Reserves room for `capacity` positions.
    ///
    /// - Complexity: O(`capacity`).
    mutating func reserveCapacity(_ capacity: Int) {
        offsets.reserveCapacity(capacity)
        bases.reserveCapacity((capacity + 63) >> Self.blockShift)
    }

    /// The widest spread of values a write rebases a block around: 190, which leaves at
    /// least 64 free offsets, half below the values and half above. A block of values
    /// drifting past its ends (a leaf split after split, each new leaf numbered one higher)
    /// is rebased after 32 writes at the soonest, and pooled once its spread passes this;
    /// with no margin, each such write would find no room left and rebase, O(64) a write.
    @usableFromInline static var rebaseSpread: Int64 { 190 }

    /// Stores `value` at `position` where the one-byte path of the setter does not: in a
    /// pooled block, as `absent`, or in a block whose base is too far from it, which is then
    /// rebased around its values if they spread over at most ``rebaseSpread``, else moved
    /// to the pool.
    ///
    /// - Complexity: O(64) for a rebase, amortized over the writes before it; O(64)
    ///   amortized where the block moves to the pool (whose growth is geometric).
    @usableFromInline
    mutating func store(_ value: Int32, at position: Int) {
        precondition(position >= 0 && position < offsets.count, "position \(position) out of 0..<\(offsets.count)")
        let block = position >> Self.blockShift
        let base = bases[block]
        if base <= Self.pooledLimit {
            pool[(Int(base) - Int(Int32.min)) << Self.blockShift | position & 63] = value
            return
        }
        if value == absent {
            offsets[position] = Self.absentOffset
            return
        }
        let positions = block << Self.blockShift..<Swift.min(offsets.count, (block + 1) << Self.blockShift)
        // The old value goes in every path below: read as absent, it drops out of the spread.
        offsets[position] = Self.absentOffset
        var least = value, greatest = value
        // The first value of a whole empty block needs no scan.
        if positions.count < 64 || !isAbsent(block: block) {
            let (low, high) = offsets.withUnsafeBufferPointer { Self.offsetRange(in: $0, positions) }
            if low != Self.absentOffset {
                least = Swift.min(least, base &+ Int32(low))
                greatest = Swift.max(greatest, base &+ Int32(high))
            }
        }
        if Int64(greatest) - Int64(least) <= Self.rebaseSpread, let centred = Self.centredBase(least: least, greatest: greatest) {
            for other in positions where offsets[other] != Self.absentOffset {
                offsets[other] = UInt8(truncatingIfNeeded: base &+ Int32(offsets[other]) &- centred)
            }
            bases[block] = centred
            offsets[position] = UInt8(truncatingIfNeeded: value &- centred)
            return
        }
        let start = pool.count
        precondition(start >> Self.blockShift < Int(Self.pooledLimit) - Int(Int32.min), "more than 2^30 pooled blocks")
        // Appended whole, not by an exact `reserveCapacity`, which would copy the whole pool
        // at each pooling: the pool's growth stays geometric, O(1) amortized per pooled value.
        pool.append(contentsOf: repeatElement(absent, count: 64))
        pool.withUnsafeMutableBufferPointer { pool in
            offsets.withUnsafeBufferPointer { offsets in
                let source = offsets.baseAddress! + positions.lowerBound, target = pool.baseAddress! + start
                for index in 0..<positions.count {
                    let offset = source[index]
                    target[index] = offset == Self.absentOffset ? absent : base &+ Int32(offset)
                }
            }
        }
        pool[start + position & 63] = value
        bases[block] = Int32(truncatingIfNeeded: Int(Int32.min) + start >> Self.blockShift)
    }
}

extension NarrowColumn {
    /// The base that centres the values `least...greatest` in a block's 255 offsets: the
    /// room left over goes half below them, half above, so that values arriving in any
    /// order rarely rebase the block again. `nil` where they spread over more than 254, or
    /// come within reach of either end of `Int32` (such a block is pooled), so that no base
    /// is within 510 of `Int32.max` or at or below ``pooledLimit``.
    ///
    /// - Complexity: O(1).
    @usableFromInline
    static func centredBase(least: Int32, greatest: Int32) -> Int32? {
        let room = Int64(absentOffset) - 1 - (Int64(greatest) - Int64(least))
        guard room >= 0, Int64(least) - room / 2 > Int64(pooledLimit), Int64(greatest) + (room + 1) / 2 < Int64(Int32.max) - 256 else {
            return nil
        }
        return Int32(Int64(least) - room / 2)
    }

    /// The least and greatest offsets other than `absentOffset` at `positions` of
    /// `offsets`; `absentOffset` as the least where every one is absent.
    ///
    /// - Complexity: O(`positions.count`), without branches.
    @inline(__always)
    private static func offsetRange(in offsets: UnsafeBufferPointer<UInt8>, _ positions: Range<Int>) -> (low: UInt8, high: UInt8) {
        var low = absentOffset, high: UInt8 = 0
        for position in positions {
            let offset = offsets[position]
            low = Swift.min(low, offset)
            high = Swift.max(high, offset == absentOffset ? 0 : offset)
        }
        return (low, high)
    }

    /// Whether the 64 positions of `block`, a whole one, are all `absent`.
    ///
    /// - Complexity: O(1).
    private func isAbsent(block: Int) -> Bool {
        offsets.withUnsafeBufferPointer { Self.isAbsent(block: block, in: $0.baseAddress!) }
    }

    /// Whether the 64 bytes of `block` from `offsets` are all the offset of `absent`.
    ///
    /// - Complexity: O(1): eight 8-byte loads.
    @usableFromInline
    static func isAbsent(block: Int, in offsets: UnsafePointer<UInt8>) -> Bool {
        let start = UnsafeRawPointer(offsets + block << blockShift)
        var all = UInt64.max
        for word in 0..<8 { all &= start.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self) }
        return all == .max
    }

    /// Writes through the column's buffers, without a uniqueness check a value: for a bulk
    /// fill that writes each position at most once and reads none (a build). A value that
    /// fits its block's byte, or is the first of a whole empty block, is stored at once; the
    /// rest are kept aside and stored by the subscript after `body` returns.
    ///
    /// - Complexity: O(1) a value stored at once, O(64) one kept aside.
    mutating func withUnsafeWriter<Result>(_ body: (inout UnsafeWriter) throws -> Result) rethrows -> Result {
        let count = offsets.count, absent = absent
        var deferred: [(value: Int32, position: Int)] = []
        let result = try offsets.withUnsafeMutableBufferPointer { offsets in
            try bases.withUnsafeMutableBufferPointer { bases in
                var writer = UnsafeWriter(offsets: offsets.baseAddress!, bases: bases.baseAddress!, count: count, absent: absent)
                defer { deferred = writer.deferred }
                return try body(&writer)
            }
        }
        for (value, position) in deferred { self[position] = value }
        return result
    }

    /// The writer of ``withUnsafeWriter(_:)``.
    struct UnsafeWriter {
        fileprivate let offsets: UnsafeMutablePointer<UInt8>
        fileprivate let bases: UnsafeMutablePointer<Int32>
        fileprivate let count: Int
        fileprivate let absent: Int32
        fileprivate var deferred: [(value: Int32, position: Int)] = []

        /// Stores `value` at `position`, below the column's count, or keeps it aside.
        ///
        /// - Complexity: O(1).
        @inline(__always)
        mutating func set(_ value: Int32, at position: Int) {
            precondition(UInt(bitPattern: position) < UInt(count), "position \(position) out of 0..<\(count)")
            let block = position &>> NarrowColumn.blockShift
            let base = bases[block]
            if value != absent, base > NarrowColumn.pooledLimit, UInt32(bitPattern: value &- base) < UInt32(NarrowColumn.absentOffset) {
                offsets[position] = UInt8(truncatingIfNeeded: value &- base)
            } else if value != absent, (block &+ 1) &<< NarrowColumn.blockShift <= count,
                      NarrowColumn.isAbsent(block: block, in: offsets), let centred = NarrowColumn.centredBase(least: value, greatest: value) {
                bases[block] = centred
                offsets[position] = UInt8(truncatingIfNeeded: value &- centred)
            } else {
                deferred.append((value, position))
            }
        }
    }
}

extension NarrowColumn: RandomAccessCollection, MutableCollection {
    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { offsets.count }
}
