/// The ranges of one list of a ``RowDiff``: an array that keeps zero or one range inline,
/// so the diff of one expand or collapse allocates nothing.
///
/// It behaves as an array of `Range<Int>` (a random-access, range-replaceable collection,
/// written as an array literal); two lists are equal when their ranges are.
public struct RangeList: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case empty
        case one(Range<Int>)
        case many([Range<Int>])
    }

    @usableFromInline var storage: Storage

    /// An empty list.
    @inlinable
    public init() { storage = .empty }

    /// A list of one range, stored inline.
    @inlinable
    public init(_ range: Range<Int>) { storage = .one(range) }

    /// The list of `ranges`, kept inline when there is at most one.
    @inlinable
    public init<S: Sequence<Range<Int>>>(_ ranges: S) {
        self.init()
        append(contentsOf: ranges)
    }

    /// The list of `ranges`, kept as they are: ascending and apart, as a ``RangeList``
    /// keeps its ranges, and neither merged nor checked.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init(storing ranges: [Range<Int>]) {
        self.init()
        store(ranges)
    }

    /// The ranges as an array.
    @inlinable
    public var array: [Range<Int>] {
        switch storage {
        case .empty: return []
        case .one(let range): return [range]
        case .many(let ranges): return ranges
        }
    }

    /// Stores `ranges`, inline when there is at most one.
    @inlinable
    mutating func store(_ ranges: [Range<Int>]) {
        switch ranges.count {
        case 0: storage = .empty
        case 1: storage = .one(ranges[0])
        default: storage = .many(ranges)
        }
    }
}

extension RangeList: RandomAccessCollection, MutableCollection {
    @inlinable public var startIndex: Int { 0 }

    @inlinable
    public var endIndex: Int {
        switch storage {
        case .empty: return 0
        case .one: return 1
        case .many(let ranges): return ranges.count
        }
    }

    @inlinable
    public subscript(position: Int) -> Range<Int> {
        get {
            switch storage {
            case .empty: preconditionFailure("index \(position) of an empty range list")
            case .one(let range):
                precondition(position == 0, "index \(position) of a one-range list")
                return range
            case .many(let ranges): return ranges[position]
            }
        }
        set {
            switch storage {
            case .empty: preconditionFailure("index \(position) of an empty range list")
            case .one:
                precondition(position == 0, "index \(position) of a one-range list")
                storage = .one(newValue)
            case .many(var ranges):
                storage = .empty  // release the array first, so the write does not copy it
                ranges[position] = newValue
                storage = .many(ranges)
            }
        }
    }
}

extension RangeList: RangeReplaceableCollection {
    /// Appends `range`: the first one is stored inline.
    ///
    /// - Complexity: O(1) amortized.
    @inlinable
    public mutating func append(_ range: Range<Int>) {
        switch storage {
        case .empty: storage = .one(range)
        case .one(let first): storage = .many([first, range])
        case .many(var ranges):
            storage = .empty
            ranges.append(range)
            storage = .many(ranges)
        }
    }

    /// Appends `range`, which must not start before the last range ends, merged into the
    /// last range when it starts where that one ends; an empty range adds nothing.
    ///
    /// - Complexity: O(1) amortized.
    package mutating func appendMerging(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if let last {
            precondition(range.lowerBound >= last.upperBound, "ranges must be added in ascending order")
            if range.lowerBound == last.upperBound {
                self[count - 1] = last.lowerBound..<range.upperBound
                return
            }
        }
        append(range)
    }

    @inlinable
    public mutating func replaceSubrange<C: Collection<Range<Int>>>(_ subrange: Range<Int>, with newElements: C) {
        var ranges = array
        storage = .empty
        ranges.replaceSubrange(subrange, with: newElements)
        store(ranges)
    }
}

extension RangeList: ExpressibleByArrayLiteral {
    @inlinable
    public init(arrayLiteral ranges: Range<Int>...) {
        self.init()
        for range in ranges { append(range) }
    }
}

extension RangeList: Hashable {
    @inlinable
    public static func == (a: RangeList, b: RangeList) -> Bool { a.elementsEqual(b) }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for range in self { hasher.combine(range) }
    }
}

extension RangeList: CustomStringConvertible {
    /// As an array prints, e.g. `[3..<7, 9..<10]`.
    public var description: String { array.description }
}

extension RangeList {
    /// Whether the ranges are ascending, apart, and within `0..<count`.
    ///
    /// - Complexity: O(*k*) for *k* ranges.
    func fits(in count: Int) -> Bool {
        var end = 0
        for range in self {
            guard range.lowerBound >= end else { return false }
            end = range.upperBound
        }
        return end <= count
    }
}
