extension Tree {
    /// An optional 64-bit value per slot (a node's time or score) kept in 32 bits: each
    /// value is stored as its distance from the first value stored, and the rare value more
    /// than about 2^31 away goes to a side table. A column no node has a value in stores
    /// nothing at all.
    @usableFromInline
    struct ValueColumn: Sendable {
        /// `value - base` by slot, or one of the two marks; empty while no slot has a value.
        private var narrow: ContiguousArray<Int32> = []
        /// The first value stored: the origin of every narrow value.
        private var base: Int64 = 0
        /// The values too far from `base` for 32 bits, by slot.
        private var wide: [Int32: Int64] = [:]
        /// The slots to reserve room for when the first value arrives.
        private var reservation = 0

        /// The narrow entry of a slot without a value.
        private static let absentMark = Int32.min
        /// The narrow entry of a slot whose value is in `wide`.
        private static let wideMark = Int32.min + 1

        /// An empty column that reserves room for `capacity` slots once it holds a value.
        init(reservingCapacity capacity: Int = 0) { reservation = capacity }

        /// Whether no slot has a value (then nothing is stored).
        var isEmpty: Bool { narrow.isEmpty }

        /// The number of slots stored: 0 while no slot has a value, else the slot count.
        var count: Int { narrow.count }

        /// The value of `slot`, or `nil` for none.
        ///
        /// - Complexity: O(1) (a hash lookup for a value far from the first one stored).
        subscript(slot: Int) -> Int64? {
            guard !narrow.isEmpty else { return nil }
            switch narrow[slot] {
            case Self.absentMark: return nil
            case Self.wideMark: return wide[Int32(slot)]
            case let offset: return base + Int64(offset)
            }
        }

        /// Adds the value of the next slot, slot number `slotCount`.
        ///
        /// - Complexity: O(1) amortized; the first value stored takes O(`slotCount`) to
        ///   mark the slots before it.
        mutating func append(_ value: Int64?, slotCount: Int) {
            if narrow.isEmpty {
                guard let value else { return }
                base = value
                narrow.reserveCapacity(max(reservation, slotCount + 1))
                narrow.append(contentsOf: repeatElement(Self.absentMark, count: slotCount))
            }
            guard let value else {
                narrow.append(Self.absentMark)
                return
            }
            let (offset, overflow) = value.subtractingReportingOverflow(base)
            if !overflow, offset > Int64(Self.wideMark), offset <= Int64(Int32.max) {
                narrow.append(Int32(offset))
            } else {
                wide[Int32(narrow.count)] = value
                narrow.append(Self.wideMark)
            }
        }

        /// Every slot's value, with `absent` for a slot without one.
        ///
        /// - Complexity: O(`slotCount`).
        func decoded(slotCount: Int, absent: Int64) -> ContiguousArray<Int64> {
            guard !narrow.isEmpty else { return ContiguousArray(repeating: absent, count: slotCount) }
            return ContiguousArray((0..<slotCount).lazy.map { self[$0] ?? absent })
        }
    }
}
