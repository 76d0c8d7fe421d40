import TreeRows

/// Every mutant, by type.
public enum Mutants {
    nonisolated(unsafe) public static let all: [any RowStrategy.Type] = [
        RowArrayMutant<ExpandInsertsOnlyChildren>.self, RowArrayMutant<CollapseRemovesOnlyChildren>.self,
        RowArrayMutant<RangeEndOffByOne>.self, StaleCountsMutant.self, RowArrayMutant<HiddenStateResetOnCollapse>.self,
        RowArrayMutant<InsertUnderHiddenParentYieldsRow>.self, RowArrayMutant<RemoveLeavesMapStale>.self,
        RowArrayMutant<SortOnlyTopLevel>.self, RowArrayMutant<AccordionInsertsAtOldIndex>.self,
        RowArrayMutant<LastPageKeepsLoadMoreRowInDiff>.self, RowArrayMutant<OffsetsNotUpdated>.self,
        SectionLayoutMutant.self,
    ] + threshold + parameter

    /// The mutants that trap, overflow their stack, hang or exhaust memory: only an
    /// isolated run (`treerows fuzz`, ``IsolatedFuzzer``) survives them, so they are not in
    /// ``all``, which the in-process tests run.
    nonisolated(unsafe) public static let crashing: [any RowStrategy.Type] = [
        CrashMutant<RemoveLastChildReadsPastEnd>.self, CrashMutant<ScoreSumOverflows>.self, CrashMutant<ToggleHiddenUnwrapsRow>.self,
        CrashMutant<RecursiveExpandAll>.self, CrashMutant<RecursiveExpandRecursively>.self, CrashMutant<AccordionOnlyChildLoops>.self, CrashMutant<EmptyPageRetriesForever>.self,
        CrashMutant<FirstToggleStalls>.self,
    ]

    /// The mutants wrong only sometimes (``FlakyMutant``): a run finds them, and a case run
    /// again alone passes more often than not, or always, unless run again and again.
    nonisolated(unsafe) public static let flaky: [any RowStrategy.Type] = [
        FlakyMutant<SetOrderFlaky>.self, FlakyMutant<EveryThousandthToggle>.self, FlakyMutant<RetainsEveryToggle>.self,
    ]

    /// preorder-btree with a bug planted in an inner boundary of its B-tree (``BTreeMutant``):
    /// some trap, so only an isolated run survives them all.
    nonisolated(unsafe) public static let bTree: [any RowStrategy.Type] = [
        BTreeMutant<LeafSplitKeepsLastLink, StandardMutantNodes>.self,
        BTreeMutant<InnerSplitKeepsParents, StandardMutantNodes>.self,
        BTreeMutant<PackingDropsAdds, StandardMutantNodes>.self,
        BTreeMutant<RootGrowthLinksOnlyLeaves, StandardMutantNodes>.self,
        BTreeMutant<RootCollapseDropsAdd, StandardMutantNodes>.self,
        BTreeMutant<RangeAddSkipsMinimum, StandardMutantNodes>.self,
        BTreeMutant<HighInnerSplitKeepsParents, StandardMutantNodes>.self,
        BTreeMutant<HighRootCollapseDropsAdd, StandardMutantNodes>.self,
    ]

    /// B-tree mutants at level 3 with preorder-btree's node sizes and no fuzzing variant, as a
    /// user's copy of its code may come: only the region churn's largest trees reach them.
    nonisolated(unsafe) public static let bTreeAlone: [any RowStrategy.Type] = [
        BTreeMutant<HighInnerSplitKeepsParents, LoneMutantNodes>.self,
        BTreeMutant<HighRootCollapseDropsAdd, LoneMutantNodes>.self,
    ]

    /// The mutants whose bug shows only beyond a size threshold.
    nonisolated(unsafe) public static let threshold: [any RowStrategy.Type] = [
        ThresholdMutant<RowIndexIn16Bits>.self, ThresholdMutant<DepthIn16Bits>.self, ThresholdMutant<ChildPositionIn16Bits>.self,
        ThresholdMutant<BlockLengthIn16Bits>.self, ThresholdMutant<RowsIn20Bits>.self, ThresholdMutant<OffsetsIn32Bits>.self,
        ThresholdMutant<CompactionAfter400Changes>.self,
    ]

    /// The mutants whose bug hides behind a parameter's edge value or a combination.
    nonisolated(unsafe) public static let parameter: [any RowStrategy.Type] = [
        ParameterMutant<InsertDropsTime>.self, ParameterMutant<SortReloadReportsMoves>.self,
        ParameterMutant<EmptyPageKeepsLoadMoreRow>.self, ParameterMutant<ReusedIDStaysHidden>.self,
        ParameterMutant<LoadMoreRowRepliesLeft>.self, ParameterMutant<PageAfterSortMisplaced>.self,
        ParameterMutant<RowAtOffsetMidpoint>.self,
    ]
}
