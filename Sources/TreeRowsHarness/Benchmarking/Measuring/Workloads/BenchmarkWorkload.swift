import TreeRows

/// A benchmark workload: what the samples of one cell do, a name and the
/// ``BenchmarkWorkloadBody`` that draws its inputs, times them and checks them. (An
/// *operation* is one change a strategy performs, a `TreeOperation`; a workload times many,
/// or queries.) The command line's `--operations` and the results' `operation` field name
/// workloads, as they always did.
///
/// The workloads are the static members (`.toggleRandom`, `.loadPage`, …), each defined
/// beside its body in the file of its family; ``allCases`` lists them in the order `bench`
/// measures them. Two workloads are equal when their names are.
public struct BenchmarkWorkload: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// The name, as `--operations` takes it and the JSON results carry it.
    public let rawValue: String
    /// What the workload does.
    package let body: any BenchmarkWorkloadBody

    /// A workload named `name`, doing `body`.
    package init(_ name: String, _ body: any BenchmarkWorkloadBody) {
        rawValue = name
        self.body = body
    }

    /// The workload named `rawValue`, or `nil`.
    ///
    /// - Complexity: O(*k*) for *k* workloads.
    public init?(rawValue: String) {
        guard let found = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = found
    }

    /// Every workload, in the order `bench` measures them.
    public static let allCases: [BenchmarkWorkload] = [
        .build, .toggleRandom, .toggleHeavy, .toggleDeep, .toggleLast, .expandAll, .collapseAll, .rowAtRandom, .indexOfRandom,
        .insertReply, .removeSubtree, .sortMoves, .sortReload, .accordionExpand, .loadPage, .offsetOfRandom, .rowAtOffsetRandom,
        .toggleSectioned, .insertSectioned, .removeSectioned, .loadPageSectioned, .sortSectioned,
    ]

    /// The workloads run when none are named: every one but `measuredWhenNamed` (the sectioned insert, remove, page and sort).
    public static let defaults: [BenchmarkWorkload] = allCases.filter { !measuredWhenNamed.contains($0) }

    /// Whether the cell's tree gets row heights (from the `text` model) first.
    package var needsHeights: Bool { body.needsHeights }

    public var description: String { rawValue }

    public static func == (left: BenchmarkWorkload, right: BenchmarkWorkload) -> Bool { left.rawValue == right.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// The name of ``BenchmarkWorkload`` before "operation" came to mean a `TreeOperation` alone.
@available(*, deprecated, renamed: "BenchmarkWorkload")
public typealias BenchmarkOperation = BenchmarkWorkload
