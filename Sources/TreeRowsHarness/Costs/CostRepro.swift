import Foundation
import TreeRows
import TreeRowsCorpora

/// A cost repro file: one ``Cliff`` as `treerows cliffs` wrote it, which `treerows replay`
/// measures again. `{"kind": "cost-repro", "version": 1, "cliff": {…}}`.
package struct CostRepro: Codable, Sendable {
    package static let kind = "cost-repro"
    package static let currentVersion = 1
    package var kind = CostRepro.kind
    package var version = CostRepro.currentVersion
    /// The command that measures it again.
    package var replay: String
    package var cliff: Cliff

    package init(cliff: Cliff, command: String) {
        self.cliff = cliff
        replay = "\(command) replay <this file>"
    }

    /// The file's text: JSON, keys sorted, one field a line.
    package var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// Whether `bytes` look like a cost repro file (its `kind`), so that `replay` reads it as
    /// one and not as a fuzz repro.
    ///
    /// - Complexity: O(*b*).
    package static func isCostRepro(_ bytes: [UInt8]) -> Bool {
        guard case .string(let kind)? = (try? JSONParser.parse(bytes))?["kind"] else { return false }
        return kind == Self.kind
    }

    /// Reads a cost repro file.
    ///
    /// - Throws: ``CorpusError`` naming the file and what is wrong.
    package static func read(contentsOf path: String) throws(CorpusError) -> CostRepro {
        let bytes = try FileContents.read(path, fix: "give a file `treerows cliffs` wrote")
        let repro: CostRepro
        do { repro = try JSONDecoder().decode(CostRepro.self, from: Data(bytes)) } catch {
            throw CorpusError(file: path, line: nil, problem: "not a readable cost repro file (\(Self.reason(error)))",
                              fix: "give a file `treerows cliffs` wrote, unchanged")
        }
        guard repro.version == currentVersion else {
            throw CorpusError(file: path, line: nil, problem: "cost repro version \(repro.version), this tool reads \(currentVersion)",
                              fix: "run `cliffs` again with this tool")
        }
        guard repro.cliff.growth.sizes.count >= 2, repro.cliff.growth.sizes.allSatisfy({ (1...SyntheticSpec.maximumNodes).contains($0) }),
              (try? SyntheticShape(validating: repro.cliff.candidate.shape)) != nil else {
            throw CorpusError(file: path, line: nil, problem: "its sizes or shape are out of range",
                              fix: "give two sizes or more from 1 to \(SyntheticSpec.maximumNodes) and a shape of \(SyntheticShape.names.joined(separator: ", "))")
        }
        return repro
    }

    /// The decoder's complaint in a few words.
    private static func reason(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: "no \"\(key.stringValue)\""
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            "at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: "\(error)"
        }
    }
}

extension CostSearch {
    /// `cliff` measured again, as the search measured it: its candidate at its sizes, judged
    /// against its yardstick's source (the strategy's declaration now, or the built-in
    /// strategy measured again).
    ///
    /// - Returns: The cliff as measured now, or `nil` when it is gone; and the growth now.
    package func remeasure(_ cliff: Cliff) -> (still: Cliff?, growth: CostGrowth?) {
        guard let strategy = configuration.strategies.first(where: { $0.name == cliff.strategy }) else { return (nil, nil) }
        var unit = Unit(search: self, strategy: strategy, step: cliff.candidate.step, deadline: .now + .seconds(86_400), yardsticks: YardstickCache())
        let record = unit.grow(cliff.candidate, strategy, sizes: cliff.growth.sizes, singles: cliff.kind == .tail || cliff.kind == .memory)
        if let crash = record.crash { return (unit.crashCliff(cliff.candidate, record, crash), record.growth) }
        guard let growth = record.growth else { return (nil, nil) }
        let yardstick: Cliff.Yardstick?
        if let name = cliff.yardstick.strategy, let other = configuration.yardsticks.first(where: { $0.name == name }) {
            yardstick = unit.yardstickGrowth(cliff.candidate, other, sizes: growth.sizes).map {
                Cliff.Yardstick(exponent: $0.exponent, source: "\(name), measured", strategy: name)
            }
        } else {
            yardstick = unit.judgeGrowth(cliff.candidate, record).1
        }
        switch cliff.kind {
        case .growth:
            guard let yardstick, unit.isCliff(growth, yardstick) else { return (nil, growth) }
            return (unit.cliff(.growth, cliff.candidate, growth, yardstick), growth)
        case .tail:
            return (yardstick.flatMap { unit.tailCliff(record, $0) }, growth)
        case .memory:
            return (unit.memoryCliff(record, yardstick), growth)
        case .crash:
            return (nil, growth)
        }
    }
}
