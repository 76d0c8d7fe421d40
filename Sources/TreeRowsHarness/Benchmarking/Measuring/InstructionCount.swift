import CCallgrind
import TreeRowsCorpora

/// Instructions per operation, counted by valgrind's callgrind: exact for a seed, so a
/// change of 1% shows where time's noise hides it.
///
/// A run of `bench` under `valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no`
/// instruments a cell's warm-up and counted inputs alone, turns collection on only around
/// the strategy's calls on the counted inputs (those whose allocations are counted), and
/// dumps each cell's count under a name that says the cell and how many operations it
/// holds. ``counts(in:files:)`` reads the dumps back.
package enum InstructionCount {
    /// Whether this process counts: built with valgrind's client requests and running under
    /// valgrind.
    ///
    /// - Complexity: O(1).
    package static var isCounting: Bool { treerows_callgrind_available() == 1 && treerows_running_on_valgrind() > 0 }

    /// Whether this build has valgrind's client requests (its headers were there when built).
    package static var isBuiltIn: Bool { treerows_callgrind_available() == 1 }

    /// Turns collection on (off) around counted code.
    ///
    /// - Complexity: O(1).
    @inline(__always) static func toggle() { treerows_callgrind_toggle_collect() }

    /// Turns instrumentation on (off) around a cell's warm-up and counted inputs: the rest of
    /// the run goes at valgrind's plain speed, and the cache simulation sees the warm-up.
    ///
    /// - Complexity: O(1), and a flush of valgrind's translated code.
    static func instrument(_ on: Bool) {
        if on { treerows_callgrind_start_instrumentation() } else { treerows_callgrind_stop_instrumentation() }
    }

    /// Writes the count collected since the last dump under the name of `cell`, with the
    /// `operations` it holds.
    ///
    /// - Complexity: one dump file.
    static func dump(strategy: String, corpus: String, operation: String, operations: Int) {
        let name = JSONValue.array([.string(strategy), .string(corpus), .string(operation), .integer(Int64(operations))]).serialized
        treerows_callgrind_dump_stats_at(name)
    }

    /// A cell's counts per operation: instructions, and the cache misses callgrind's
    /// simulation of this machine's caches gives (`--cache-sim=yes`; `nil` without it).
    package struct PerOperation: Equatable, Sendable {
        /// Instructions executed (`Ir`).
        package var instructions: Double
        /// First-level misses: instruction reads, data reads and data writes (`I1mr + D1mr + D1mw`).
        package var firstLevelMisses: Double?
        /// Last-level misses of the same three kinds (`ILmr + DLmr + DLmw`).
        package var lastLevelMisses: Double?

        package init(instructions: Double, firstLevelMisses: Double? = nil, lastLevelMisses: Double? = nil) {
            (self.instructions, self.firstLevelMisses, self.lastLevelMisses) = (instructions, firstLevelMisses, lastLevelMisses)
        }
    }

    /// The counts per operation of every cell dumped into the files of `folder` (one per
    /// process and dump: `cg.PID.N`), by cell. Dumps of other names are ignored.
    ///
    /// A cell's count leaves out the allocator (jemalloc, and what it calls) and the dynamic
    /// linker's one-time symbol binding: their instructions depend on the allocator's state
    /// and on which call came first, not on the strategy, and allocations are counted apart.
    ///
    /// - Throws: ``CorpusError`` when a dump cannot be read.
    /// - Complexity: O(*b*) for *b* bytes of dumps.
    package static func counts(in folder: String, files: [String]) throws(CorpusError) -> [BenchmarkCellKey: PerOperation] {
        var counts: [BenchmarkCellKey: PerOperation] = [:]
        for file in files {
            let path = folder + "/" + file
            let dump = Dump(try FileContents.read(path, fix: "rerun bench --instructions"))
            guard case .array(let parts)? = dump.name.flatMap({ try? JSONParser.parse(Array($0.utf8)) }), parts.count == 4,
                  case .string(let strategy) = parts[0], case .string(let corpus) = parts[1], case .string(let operation) = parts[2],
                  let operations = parts[3].integer, operations > 0, let instructions = dump.counted("Ir") else { continue }
            // The sum of `events` per operation, when the dump has them all.
            func perOperation(_ events: [String]) -> Double? {
                let counted = events.compactMap(dump.counted)
                return counted.count == events.count ? Double(counted.reduce(0, +)) / Double(operations) : nil
            }
            counts[BenchmarkCellKey(strategy: strategy, corpus: corpus, operation: operation)] = PerOperation(
                instructions: Double(instructions) / Double(operations),
                firstLevelMisses: perOperation(["I1mr", "D1mr", "D1mw"]), lastLevelMisses: perOperation(["ILmr", "DLmr", "DLmw"]))
        }
        return counts
    }

    /// One callgrind dump, as `--dump-instr=no --dump-line=no` writes it: its trigger's
    /// name, and its events' costs outside the allocator and the dynamic linker.
    struct Dump {
        /// The name given to the dump (`desc: Trigger: Client Request: NAME`).
        var name: String?
        /// The events a cost line gives, in order (`events: Ir` without cache simulation).
        var events: [String] = ["Ir"]
        /// Each event's cost counted, without the left-out objects'.
        var costs: [Int] = []

        /// The cost of `event` counted, or `nil` when the dump has no such event.
        ///
        /// - Complexity: O(*e*) for *e* events.
        func counted(_ event: String) -> Int? {
            events.firstIndex(of: event).map { $0 < costs.count ? costs[$0] : 0 }
        }

        /// Whether `object` is the allocator, whose own instructions and calls are left out.
        static func isAllocator(_ object: String) -> Bool { object.contains("libjemalloc") }

        /// Whether instructions of `object` itself are left out: the allocator's, and the
        /// dynamic linker's (whose lazy binding callgrind shows as a call of the bound
        /// function, which stays counted).
        static func isLeftOut(_ object: String) -> Bool {
            isAllocator(object) || object.contains("/ld-linux") || object.contains("/ld-musl")
        }

        /// Whether a line starting with `first` is a cost line: its position is a number, a
        /// difference from the last one (`+N`, `-N`), or the same one again (`*`). Callgrind
        /// writes `*` wherever the position repeats, which depends on the order its functions
        /// are written in, so a reader that skips it miscounts by the order.
        ///
        /// - Complexity: O(1).
        static func startsCostLine(_ first: UInt8) -> Bool {
            first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: "*")
                || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        }

        /// Reads the dump's lines: `events:` names a cost line's costs; `ob=(N) NAME` sets the
        /// object of the functions after it (`ob=(N)` alone repeats a name given before); a
        /// cost line after `calls=` is what that call cost, inclusive, in the object `cob=`
        /// named (or the same one); any other cost line is the current function's own.
        /// Counted: every function's own cost in a kept object, less what the allocator's
        /// functions called in kept ones.
        ///
        /// - Complexity: O(*b*) for *b* bytes.
        init(_ bytes: [UInt8]) {
            var objects: [String: String] = [:]
            var current = "", callee: String?
            var afterCalls = false
            for line in bytes.split(separator: UInt8(ascii: "\n")) {
                let text = String(decoding: line, as: UTF8.self)
                if let reason = text.dropPrefix("desc: Trigger: Client Request: ") {
                    name = String(reason)
                } else if let listed = text.dropPrefix("events:") {
                    events = listed.split(separator: " ").map(String.init)
                } else if text.hasPrefix("ob=(") || text.hasPrefix("cob=(") {
                    let isCall = text.hasPrefix("c")
                    let body = text.dropFirst(isCall ? 5 : 4)
                    guard let close = body.firstIndex(of: ")") else { continue }
                    let id = String(body[..<close])
                    let given = body[body.index(after: close)...].drop(while: { $0 == " " })
                    if !given.isEmpty { objects[id] = String(given) }
                    let object = objects[id] ?? id
                    if isCall { callee = object } else { current = object }
                } else if text.hasPrefix("calls=") {
                    afterCalls = true
                } else if let first = text.utf8.first, Self.startsCostLine(first) {
                    // The position, then one cost an event; costs left off at the end are 0.
                    let line = text.split(separator: " ").dropFirst().map { Int($0) ?? 0 }
                    if costs.count < line.count { costs += repeatElement(0, count: line.count - costs.count) }
                    if afterCalls {
                        // The allocator's calls into kept objects (locks in libc) are the allocator's.
                        if Self.isAllocator(current) && !Self.isLeftOut(callee ?? current) {
                            for (index, cost) in line.enumerated() { costs[index] -= cost }
                        }
                        afterCalls = false
                        callee = nil
                    } else if !Self.isLeftOut(current) {
                        for (index, cost) in line.enumerated() { costs[index] += cost }
                    }
                }
            }
        }
    }
}

extension String {
    /// The rest of the string after `prefix`, or `nil` when it does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}
