extension Tree {
    /// One flag per slot, packed 64 to a word: the tree's expanded flags in an eighth of a
    /// byte per node.
    @usableFromInline
    struct FlagColumn: Sendable {
        /// Bit `slot % 64` of word `slot / 64` is the flag of `slot`; bits past ``count`` are 0.
        @usableFromInline var words: ContiguousArray<UInt64>
        /// The number of flags.
        @usableFromInline private(set) var count: Int

        /// A column of `count` copies of `flag`.
        ///
        /// - Complexity: O(`count`).
        @usableFromInline
        init(repeating flag: Bool, count: Int) {
            let wordCount = (count + 63) >> 6
            words = ContiguousArray(repeating: flag ? ~0 : 0, count: wordCount)
            self.count = count
            if flag && count & 63 != 0 { words[wordCount - 1] = (1 << UInt64(count & 63)) - 1 }
        }

        /// The flag of `slot`, which must be below ``count``.
        ///
        /// - Complexity: O(1).
        @inlinable
        subscript(slot: Int) -> Bool {
            get { words[slot >> 6] >> UInt64(slot & 63) & 1 != 0 }
            @inline(__always)
            set {
                let bit: UInt64 = 1 << UInt64(slot & 63)
                if newValue { words[slot >> 6] |= bit } else { words[slot >> 6] &= ~bit }
            }
        }

        /// Adds a flag for the next slot.
        ///
        /// - Complexity: O(1) amortized.
        @usableFromInline
        mutating func append(_ flag: Bool) {
            if count & 63 == 0 { words.append(0) }
            count += 1
            if flag { self[count - 1] = true }
        }

        /// Read access to the flags without bounds or uniqueness checks, for tight walks.
        @usableFromInline
        struct UnsafeFlags {
            @usableFromInline let words: UnsafeBufferPointer<UInt64>

            @inlinable
            init(words: UnsafeBufferPointer<UInt64>) { self.words = words }

            /// The flag of `slot`.
            ///
            /// - Complexity: O(1).
            @inlinable
            subscript(slot: Int) -> Bool { words[slot >> 6] >> UInt64(slot & 63) & 1 != 0 }
        }

        /// Calls `body` with read access to the flags.
        ///
        /// - Complexity: O(1) beyond `body`.
        @inlinable
        func withUnsafeFlags<Result>(_ body: (UnsafeFlags) throws -> Result) rethrows -> Result {
            try words.withUnsafeBufferPointer { try body(UnsafeFlags(words: $0)) }
        }

        /// Makes room for `capacity` flags without reallocation.
        ///
        /// - Complexity: O(`capacity`) at most (a reallocation).
        @usableFromInline
        mutating func reserveCapacity(_ capacity: Int) { words.reserveCapacity((capacity + 63) >> 6) }
    }
}
