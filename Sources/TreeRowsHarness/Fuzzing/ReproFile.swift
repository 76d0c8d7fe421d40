import Foundation
import TreeRows
import TreeRowsCorpora

/// A repro file: a shrunk ``FuzzCase`` with the strategy it broke, the seed it came from,
/// and what was expected and what came. JSON, so a person can read and edit it:
///
/// ```json
/// {"format": "treerows-repro", "version": 1, "strategy": "range-counts", "seed": 1, "case": 3, "stream": "small",
///  "tree": [{"id": "a", "parent": null, "expanded": true}, …],
///  "operations": [{"op": "toggle", "node": "a"}, {"op": "insert", "id": "n1", "parent": "a", "position": 0}, …],
///  "failure": {"operation": 1, "problem": "…", "expectedRows": ["0:a"], "actualRows": […], "diff": "…", "aspect": "diff"}}
/// ```
///
/// `strategy` may be `all` (every built-in strategy). Ids are JSON integers or strings,
/// as in the corpora.
public struct ReproFile: Sendable {
    public var fuzzCase: FuzzCase
    public var strategy: String
    public var seed: UInt64?
    /// The case's number in its stream of the run (`caseStream`).
    public var caseNumber: Int?
    /// The stream the case came from: `small`, `large` or `churn` (`nil` in older files,
    /// whose case numbers counted every stream together).
    public var caseStream: String?
    public var disagreement: Disagreement?
    /// How often the failure showed when its case ran again in new processes, for a
    /// finding that did not fail again at once (``Flakiness``).
    public var flakiness: Flakiness?

    public init(fuzzCase: FuzzCase, strategy: String, seed: UInt64?, caseNumber: Int?, caseStream: String? = nil,
                disagreement: Disagreement?, flakiness: Flakiness? = nil) {
        self.fuzzCase = fuzzCase
        self.strategy = strategy
        self.seed = seed
        self.caseNumber = caseNumber
        self.caseStream = caseStream
        self.disagreement = disagreement
        self.flakiness = flakiness
    }

    /// The file as JSON text (one member per line at the top level).
    public var json: String {
        func id(_ value: NodeID?) -> JSONValue {
            switch value {
            case .integer(let number)?: return .integer(number)
            case .string(let text)?: return .string(text)
            case nil: return .null
            }
        }
        var members: [(String, JSONValue)] = [
            ("format", .string("treerows-repro")), ("version", .integer(1)), ("strategy", .string(strategy)),
        ]
        if let seed { members.append(("seed", .number(String(seed)))) }
        if let caseNumber { members.append(("case", .integer(caseNumber))) }
        if let caseStream { members.append(("stream", .string(caseStream))) }
        members.append(("tree", .array(fuzzCase.nodes.map { node in
            var fields: [(String, JSONValue)] = [("id", id(node.id)), ("parent", id(node.parent)), ("expanded", .bool(node.isExpanded))]
            if let time = node.time { fields.append(("time", .number(String(time)))) }
            if let score = node.score { fields.append(("score", .number(String(score)))) }
            if let height = node.height { fields.append(("height", .integer(Int64(height)))) }
            return .object(fields)
        })))
        members.append(("operations", .array(fuzzCase.operations.map { operation in
            switch operation {
            case let .insert(newID, parent, position, time, score):
                var fields: [(String, JSONValue)] = [("op", .string("insert")), ("id", id(newID)), ("parent", id(parent)), ("position", .integer(position))]
                if let time { fields.append(("time", .number(String(time)))) }
                if let score { fields.append(("score", .number(String(score)))) }
                return .object(fields)
            case .expandAll, .collapseAll:
                return .object([("op", .string(operation.kind.rawValue))])
            case let .sort(order, reportingMoves):
                return .object([("op", .string("sort")), ("order", .string(order.description)), ("reportingMoves", .bool(reportingMoves))])
            case let .loadPage(ids, parent, loadMoreRow, removing):
                return .object([("op", .string(operation.kind.rawValue)), ("ids", .array(ids.map { id($0) })), ("parent", id(parent)),
                                ("loadMoreRow", id(loadMoreRow)), ("removeLoadMoreRow", .bool(removing))])
            default:
                return .object([("op", .string(operation.kind.rawValue)), ("node", id(operation.target))])
            }
        })))
        if let disagreement { members.append(("failure", disagreement.json)) }
        if let flakiness { members.append(("flaky", flakiness.json)) }
        return "{\n" + members.map { "  \(JSONValue.string($0.0).serialized): \($0.1.serialized)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// Reads a repro file.
    ///
    /// - Throws: ``CorpusError`` naming the file and the field that is wrong.
    public static func read(contentsOf path: String) throws(CorpusError) -> ReproFile {
        let fix = "pass a repro file written by `treerows fuzz`"
        let data = try FileContents.read(path, fix: fix, recognizing: { prefix throws(CorpusError) in
            try ForeignContent.refuse(prefix, file: path, expected: "a repro file", fix: fix)
        })
        func failure(_ problem: String) -> CorpusError {
            CorpusError(file: path, problem: problem, fix: "write a repro file as `treerows fuzz` does (see docs/Fuzzing.md)")
        }
        /// A field that is missing or of another kind, with what it holds.
        func wanted(_ field: String, _ value: JSONValue?, _ kind: String) -> CorpusError {
            failure("\(field) must be \(kind), but it is \(value?.shown ?? "missing")")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(data) } catch {
            throw failure("invalid JSON at byte \(error.column): \(error.message)")
        }
        guard value["format"] == .string("treerows-repro") else {
            throw failure("not a repro file (\"format\" must be \"treerows-repro\", but it is \(value["format"]?.shown ?? "missing"))")
        }
        guard value["version"]?.integer == 1 else {
            throw failure("unsupported repro version \(value["version"]?.shown ?? "(missing)") (this treerows reads version 1)")
        }
        guard case .string(let strategy)? = value["strategy"] else { throw wanted("\"strategy\"", value["strategy"], "a string") }
        func nodeID(_ field: JSONValue?, _ what: String) throws(CorpusError) -> NodeID {
            switch field {
            case .string(let text)?: return .string(text)
            case let number? where number.integer != nil: return .integer(number.integer!)
            default: throw failure("\(what) must be a 64-bit integer or a string, but it is \(field?.shown ?? "missing")")
            }
        }
        guard case .array(let treeNodes)? = value["tree"] else { throw wanted("\"tree\"", value["tree"], "an array of nodes") }
        var nodes: [FuzzCase.Node] = []
        for (index, node) in treeNodes.enumerated() {
            let parent = node["parent"] == nil || node["parent"] == .null ? nil : try nodeID(node["parent"], "tree[\(index)].parent")
            guard case .bool(let expanded)? = node["expanded"] else { throw wanted("tree[\(index)].expanded", node["expanded"], "true or false") }
            func field(_ name: String) throws(CorpusError) -> Int64? {
                guard let value = node[name], value != .null else { return nil }
                guard let number = value.integer else { throw failure("tree[\(index)].\(name) must be a 64-bit whole number, but it is \(value.shown)") }
                return number
            }
            let height = try field("height")
            if let height, height < 1 || height > Int64(Int32.max) { throw failure("tree[\(index)].height must be in 1...\(Int32.max)") }
            nodes.append(FuzzCase.Node(id: try nodeID(node["id"], "tree[\(index)].id"), parent: parent, isExpanded: expanded,
                                       time: try field("time"), score: try field("score"), height: height.map { Int32($0) }))
        }
        guard case .array(let operationValues)? = value["operations"] else { throw wanted("\"operations\"", value["operations"], "an array of operations") }
        var operations: [FuzzOperation] = []
        for (index, entry) in operationValues.enumerated() {
            guard case .string(let name)? = entry["op"] else { throw wanted("operations[\(index)].op", entry["op"], "the name of an operation") }
            let where_ = "operations[\(index)]"
            guard let kind = OperationKind(rawValue: name) else {
                throw failure("\(where_).op \"\(name)\" is not an operation")
            }
            if kind == .insert {
                let parent = entry["parent"] == nil || entry["parent"] == .null ? nil : try nodeID(entry["parent"], "\(where_).parent")
                guard let position = entry["position"]?.integer, position >= 0 else {
                    throw failure("\(where_).position must be a whole number from 0, but it is \(entry["position"]?.shown ?? "missing")")
                }
                func field(_ name: String) throws(CorpusError) -> Int64? {
                    guard let value = entry[name], value != .null else { return nil }
                    guard let number = value.integer, number != .min else {
                        throw failure("\(where_).\(name) must be a whole number above \(Int64.min) (or null), but it is \(value.shown)")
                    }
                    return number
                }
                operations.append(.insert(try nodeID(entry["id"], "\(where_).id"), under: parent, at: Int(position),
                                          time: try field("time"), score: try field("score")))
            } else if kind == .sort {
                guard case .string(let text)? = entry["order"], let order = SiblingOrder(text) else {
                    throw wanted("\(where_).order", entry["order"], "time, score or replies, optionally with -desc")
                }
                guard case .bool(let reportingMoves)? = entry["reportingMoves"] ?? .bool(true) else {
                    throw wanted("\(where_).reportingMoves", entry["reportingMoves"], "true or false")
                }
                operations.append(.sort(order, reportingMoves: reportingMoves))
            } else if kind == .loadPage {
                guard case .array(let idValues)? = entry["ids"] else { throw wanted("\(where_).ids", entry["ids"], "an array of ids") }
                var ids: [NodeID] = []
                for (number, value) in idValues.enumerated() { ids.append(try nodeID(value, "\(where_).ids[\(number)]")) }
                func optionalID(_ name: String) throws(CorpusError) -> NodeID? {
                    entry[name] == nil || entry[name] == .null ? nil : try nodeID(entry[name], "\(where_).\(name)")
                }
                guard case .bool(let removing)? = entry["removeLoadMoreRow"] ?? .bool(false) else {
                    throw wanted("\(where_).removeLoadMoreRow", entry["removeLoadMoreRow"], "true or false")
                }
                operations.append(.loadPage(ids, under: try optionalID("parent"), before: try optionalID("loadMoreRow"),
                                            removingLoadMoreRow: removing))
            } else if kind == .expandAll || kind == .collapseAll {
                operations.append(kind == .expandAll ? .expandAll : .collapseAll)
            } else {
                operations.append(FuzzOperation(kind, node: try nodeID(entry["node"], "\(where_).node"))!)
            }
        }
        var seed: UInt64?
        if case .number(let text)? = value["seed"] { seed = UInt64(text) }
        var stream: String?
        if case .string(let text)? = value["stream"] { stream = text }
        // What the finding was, as the fuzzer wrote it. What an older file lacks (its strategy
        // was the file's, the aspect was not kept) is left empty; an aspect or a crash kind
        // this version does not know is refused, as a newer file's finding would be misread.
        var disagreement: Disagreement?
        if let found = value["failure"], found != .null {
            guard case .object = found else { throw wanted("\"failure\"", found, "an object") }
            guard let read = Disagreement(json: found, fileStrategy: strategy) else {
                throw failure("\"failure\" names an aspect or a crash kind this treerows does not know (aspects: "
                    + StepDisagreement.Aspect.allCases.map(\.rawValue).joined(separator: ", ") + "; kinds: "
                    + Crash.Kind.allCases.map(\.rawValue).joined(separator: ", ") + "), or a crash without its message")
            }
            disagreement = read
        }
        var flakiness: Flakiness?
        if let flaky = value["flaky"], flaky != .null {
            guard let read = Flakiness(json: flaky) else {
                throw failure("\"flaky\" must hold runs, failures, a condition ("
                    + Flakiness.Condition.allCases.map(\.rawValue).joined(separator: ", ") + "), conditionRuns and conditionFailures,"
                    + " with no more failures than runs")
            }
            flakiness = read
        }
        return ReproFile(fuzzCase: FuzzCase(nodes: nodes, operations: operations), strategy: strategy, seed: seed,
                         caseNumber: value["case"]?.integer.map(Int.init), caseStream: stream, disagreement: disagreement,
                         flakiness: flakiness)
    }
}
