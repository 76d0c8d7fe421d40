extension Tree {
    /// An optional 64-bit value per slot (a node's time or score), in one of two encodings:
    /// - 16 bits a slot while the values are close: slots are grouped in blocks of 64, each
    ///   block keeps its values as offsets from a base of its own (its first value, centred);
    /// - 32 bits a slot once more than a 32nd of the values (and 64) are too far from their
    ///   block's base for 16 bits: each value's distance from the first value stored.
    ///
    /// In either, the rare value too far for its encoding goes to a side table. A column
    /// no node has a value in stores nothing at all. Scores, and times a few hours apart,
    /// stay in 16 bits (2.2 bytes a node with the bases); times spread over days move to 32
    /// bits, once, in O(*n*).
    @usableFromInline
    struct ValueColumn: Sendable {
        /// `value - bases[slot >> 6]` by slot, or one of the two marks; empty while no slot
        /// has a value, and in the 32-bit encoding.
        private var short: ContiguousArray<UInt16> = []
        /// Each block's base, or `unsetBase` for a block without a value yet.
        private var bases: ContiguousArray<Int64> = []
        /// `value - base` by slot, or one of the two marks, in the 32-bit encoding.
        private var long: ContiguousArray<Int32> = []
        /// The first value stored: the origin of every value in the 32-bit encoding.
        private var base: Int64 = 0
        /// The values too far for their encoding, by slot.
        private var wide: [Int32: Int64] = [:]
        /// The slots to reserve room for when the first value arrives.
        private var reservation = 0

        /// The 16-bit entry of a slot without a value.
        private static let shortAbsent = UInt16.max
        /// The 16-bit entry of a slot whose value is in `wide`.
        private static let shortWide = UInt16.max - 1
        /// The base of a block without a value yet.
        private static let unsetBase = Int64.min
        /// The 32-bit entry of a slot without a value.
        private static let longAbsent = Int32.min
        /// The 32-bit entry of a slot whose value is in `wide`.
        private static let longWide = Int32.min + 1

        /// An empty column that reserves room for `capacity` slots once it holds a value.
        init(reservingCapacity capacity: Int = 0) { reservation = capacity }

        /// Whether the column is in the 32-bit encoding.
        private var isLong: Bool { !long.isEmpty }

        /// Whether the column holds values in the 16-bit encoding, for tests.
        var isShort: Bool { !short.isEmpty }

        /// Whether no slot has a value (then nothing is stored).
        var isEmpty: Bool { short.isEmpty && long.isEmpty }

        /// The number of slots stored: 0 while no slot has a value, else the slot count.
        var count: Int { isLong ? long.count : short.count }

        /// The value of `slot`, or `nil` for none.
        ///
        /// - Complexity: O(1) (a hash lookup for a value too far for its encoding).
        subscript(slot: Int) -> Int64? {
            if isLong {
                switch long[slot] {
                case Self.longAbsent: return nil
                case Self.longWide: return wide[Int32(slot)]
                case let offset: return base + Int64(offset)
                }
            }
            guard !short.isEmpty else { return nil }
            switch short[slot] {
            case Self.shortAbsent: return nil
            case Self.shortWide: return wide[Int32(slot)]
            case let offset: return bases[slot >> 6] + Int64(offset)
            }
        }

        /// Adds the value of the next slot, slot number `slotCount`.
        ///
        /// - Complexity: O(1) amortized; the first value stored takes O(`slotCount`) to
        ///   mark the slots before it, and the one that moves the column to 32 bits
        ///   O(`slotCount`).
        mutating func append(_ value: Int64?, slotCount: Int) {
            if isLong { return appendLong(value) }
            if short.isEmpty {
                guard value != nil else { return }
                short.reserveCapacity(max(reservation, slotCount + 1))
                bases.reserveCapacity((max(reservation, slotCount + 1) + 63) >> 6)
                short.append(contentsOf: repeatElement(Self.shortAbsent, count: slotCount))
                bases.append(contentsOf: repeatElement(Self.unsetBase, count: (slotCount + 63) >> 6))
            }
            let slot = short.count
            if slot & 63 == 0 { bases.append(Self.unsetBase) }
            guard let value else { return short.append(Self.shortAbsent) }
            if bases[slot >> 6] == Self.unsetBase {
                // Centred on the block's first value.
                let (centred, overflow) = value.subtractingReportingOverflow(Int64(Self.shortWide / 2))
                if !overflow, centred != Self.unsetBase { bases[slot >> 6] = centred }
            }
            let (offset, overflow) = value.subtractingReportingOverflow(bases[slot >> 6])
            if bases[slot >> 6] != Self.unsetBase, !overflow, offset >= 0, offset < Int64(Self.shortWide) {
                short.append(UInt16(offset))
                return
            }
            wide[Int32(slot)] = value
            short.append(Self.shortWide)
            if wide.count > 64 + short.count / 32 { lengthen() }
        }

        /// Adds the value of the next slot in the 32-bit encoding.
        ///
        /// - Complexity: O(1) amortized.
        private mutating func appendLong(_ value: Int64?) {
            long.append(Self.longEntry(value, slot: long.count, from: base, wide: &wide))
        }

        /// The 32-bit entry of `value` at `slot`, its distance from `base`; a value too far
        /// goes to `wide`.
        ///
        /// - Complexity: O(1) amortized.
        private static func longEntry(_ value: Int64?, slot: Int, from base: Int64, wide: inout [Int32: Int64]) -> Int32 {
            guard let value else { return longAbsent }
            let (offset, overflow) = value.subtractingReportingOverflow(base)
            if !overflow, offset > Int64(longWide), offset <= Int64(Int32.max) { return Int32(offset) }
            wide[Int32(slot)] = value
            return longWide
        }

        /// Moves every value to the 32-bit encoding, from the first value stored.
        ///
        /// - Complexity: O(`count`).
        private mutating func lengthen() {
            var first: Int64 = 0
            for slot in 0..<short.count {
                if let value = self[slot] { first = value; break }
            }
            var entries = ContiguousArray<Int32>()
            entries.reserveCapacity(max(reservation, short.count))
            var far: [Int32: Int64] = [:]
            for slot in 0..<short.count { entries.append(Self.longEntry(self[slot], slot: slot, from: first, wide: &far)) }
            (short, bases, wide, long, base) = ([], [], far, entries, first)
        }

        /// Every slot's value, with `absent` for a slot without one.
        ///
        /// - Complexity: O(`slotCount`).
        func decoded(slotCount: Int, absent: Int64) -> ContiguousArray<Int64> {
            guard !isEmpty else { return ContiguousArray(repeating: absent, count: slotCount) }
            return ContiguousArray((0..<slotCount).lazy.map { self[$0] ?? absent })
        }
    }
}
