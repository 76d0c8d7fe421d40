extension ReportDocument {
    /// The blocks of a comparison: what was compared and how, then one row per cell (base,
    /// head, the change with its interval, the verdict), failures first, then the cells of
    /// the base that the head lacks. `charts` stands where a format with charts puts the
    /// base and head distributions side by side.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    init(comparison: BenchmarkComparison, base: BenchmarkReport, head: BenchmarkReport) {
        let metric = switch comparison.metric { case .median: "time"; case .allocations: "allocations"; case .instructions: "instructions" }
        blocks = [.title("TreeRows comparison: \(metric)")]
        blocks.append(.paragraph([.text(String(format: "Threshold %g%%: ", comparison.threshold * 100)
            + "\(comparison.comparedCount) of the head's \(head.results.count) cells compared; the base has \(base.results.count).")]))
        if comparison.intervalCount > 0 {
            blocks.append(.paragraph([.text("\(comparison.intervalCount) cells tested on their samples ("
                + (comparison.paired ? "rounds in pairs, Wilcoxon signed-rank intervals" : "Mann–Whitney intervals") + ", Bonferroni):"
                + " each interval at \(BenchmarkComparison.percentText(confidence: comparison.cellConfidence)), \(BenchmarkComparison.percentText(confidence: comparison.confidence)) for the comparison"
                + " as a whole. A cell regresses only when its whole interval lies beyond the threshold.")]))
        }
        if !comparison.timeTested {
            blocks.append(.paragraph([.strong("Time not tested:"), .text(" each side is one run, and \(BenchmarkComparison.oneRunReason)."
                + " The medians are shown; nothing is judged."
                + " Gate the two builds (treerows gate), or compare \(comparison.runsAdvised) or more runs a side.")]))
        }
        for (name, report) in [("Base", base), ("Head", head)] {
            blocks.append(.paragraph([.text("\(name): \(report.builtWith).")]))
            if let lacking = report.lacking { blocks.append(.paragraph([.text("\(name): \(lacking); its cells compare medians alone.")])) }
        }
        if comparison.metric == .median && comparison.intervalCount > 0 { blocks.append(.charts) }
        let order = BenchmarkComparison.Change.Verdict.displayOrder
        let rows: [[[Span]]] = comparison.changes.sorted {
            (order.firstIndex(of: $0.verdict)!, $0.strategy) < (order.firstIndex(of: $1.verdict)!, $1.strategy)
        }.map { change in
            let failing = [.wrong, .crashed, .unmeasured, .untested, .regression].contains(change.verdict)
            let verdict: [Span] = [failing ? .strong(change.verdict.rawValue) : .text(change.verdict.rawValue)]
                + (change.note.map { [.text(" (\($0))")] } ?? [])
            return [[.text(change.strategy)], [.text(change.corpus)], [.text(change.operation)],
                    [.text(Self.figure(change.base, comparison.metric))], [.text(Self.figure(change.head, comparison.metric))],
                    [.text(change.percentText(missing: "–"))], verdict]
        }
        blocks.append(.table(header: ["strategy", "corpus", "operation", "base", "head", "change", "verdict"],
                             rightAligned: [false, false, false, true, true, true, false], rows: rows))
        if !comparison.missingFromHead.isEmpty {
            blocks.append(.paragraph([.strong("Missing from the head:"), .text(" " + comparison.missingFromHead.joined(separator: "; "))]))
        }
        if !comparison.newInHead.isEmpty {
            blocks.append(.paragraph([.text("Only in the head: " + comparison.newInHead.joined(separator: "; "))]))
        }
    }

    static func figure(_ value: Double?, _ metric: BenchmarkComparison.Metric) -> String {
        guard let value else { return "–" }
        return metric == .median ? FigureText.time(value) : FigureText.amount(value)
    }
}
