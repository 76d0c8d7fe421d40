import TreeRows

/// What one benchmark sample does: a name and the ``BenchmarkOperationBody`` that draws
/// its inputs, times it and checks it.
///
/// The operations are the static members (`.toggleRandom`, `.loadPage`, …), each defined
/// beside its body in the file of its family; ``allCases`` lists them in the order `bench`
/// measures them. Two operations are equal when their names are.
public struct BenchmarkOperation: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// The name, as `--operations` takes it and the JSON results carry it.
    public let rawValue: String
    /// What the operation does.
    package let body: any BenchmarkOperationBody

    /// An operation named `name`, doing `body`.
    package init(_ name: String, _ body: any BenchmarkOperationBody) {
        rawValue = name
        self.body = body
    }

    /// The operation named `rawValue`, or `nil`.
    ///
    /// - Complexity: O(*k*) for *k* operations.
    public init?(rawValue: String) {
        guard let found = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = found
    }

    /// Every operation, in the order `bench` measures them.
    public static let allCases: [BenchmarkOperation] = [
        .build, .toggleRandom, .toggleHeavy, .toggleDeep, .toggleLast, .expandAll, .collapseAll, .rowAtRandom, .indexOfRandom,
        .insertReply, .removeSubtree, .sortMoves, .sortReload, .accordionExpand, .loadPage, .offsetOfRandom, .rowAtOffsetRandom,
        .toggleSectioned, .insertSectioned, .removeSectioned, .loadPageSectioned, .sortSectioned,
    ]

    /// The operations run when none are named: every one but `measuredWhenNamed` (the sectioned insert, remove, page and sort).
    public static let defaults: [BenchmarkOperation] = allCases.filter { !measuredWhenNamed.contains($0) }

    /// Whether the cell's tree gets row heights (from the `text` model) first.
    package var needsHeights: Bool { body.needsHeights }

    public var description: String { rawValue }

    public static func == (left: BenchmarkOperation, right: BenchmarkOperation) -> Bool { left.rawValue == right.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
