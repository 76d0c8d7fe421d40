import Foundation
import Testing
import TreeRowsTestSupport
import TreeRowsHarness

/// `treerows gate` runs `bench` in both tools at once in each round, taking turns, and gates
/// the combined rounds. Here both tools are scripts that write a bench JSON whose medians are
/// known, so the test runs in the checked build and knows the answer.
@Suite struct GateCommandTests {
    /// A tool whose `bench --json PATH` writes twelve cells; `slow` cell takes `factor` times
    /// as long; each round's medians move by up to ±2% (from the round number in PATH). With
    /// `--instructions`, each cell counts 5000 instructions an operation, cell 0
    /// `instructionFactor` times that. When the gate gives it turns (`TREEROWS_TURNS`) and it
    /// `takesTurns`, it takes three, writing `NAME turn N` to `turns.log` beside the round's
    /// JSON in each, and says so in its JSON, as the tool does.
    /// `allocations`: each cell's allocations an operation (`nil`: none counted, as a tool
    /// built without jemalloc); `lacking`: a round whose JSON lacks the last cell, s11;
    /// `hangsFrom`: the round from which it never ends.
    static func fakeTool(in folder: TemporaryFolder, name: String, factor: Double, instructionFactor: Double = 1,
                         exitCode: Int = 0, takesTurns: Bool = true, allocations: Int? = 1, lacking round: Int = 0,
                         lastFactor: Double = 1, hangsFrom: Int = 0) throws -> String {
        let allocationMember = allocations.map { #""allocationsPerOp":\#($0),"# } ?? ""
        let script = """
            #!/bin/sh
            [ "$1" = bench ] || exit 64
            # A write to a peer that ended fails instead of ending the script, as in the tool.
            trap '' PIPE
            json=""; counts=""
            while [ $# -gt 0 ]; do [ "$1" = --json ] && json="$2"; [ "$1" = --instructions ] && counts=5000; shift; done
            machine=""
            turns="${TREEROWS_TURNS:-}"
            if [ -n "$turns" ] && [ \(takesTurns) = true ]; then
              fd=${turns%%:*}; role=$(echo "$turns" | cut -d: -f2)
              [ "$role" = wait ] && eval "head -c1 <&$fd" > /dev/null
              for turn in 1 2 3; do
                echo "\(name) turn $turn" >> "$(dirname "$json")/turns.log"
                eval "printf x >&$fd" 2> /dev/null; eval "head -c1 <&$fd" > /dev/null
              done
              machine='"tookTurns":true'
            fi
            round=$(echo "$json" | sed 's/.*round-\\([0-9]*\\).json/\\1/')
            [ \(hangsFrom) -gt 0 ] && [ "$round" -ge \(hangsFrom) ] && exec sleep 100000
            wobble=$(( (round * 7) % 5 ))
            {
              printf '{"schema":2,"machine":{%s},"results":[' "$machine"
              cells="0 1 2 3 4 5 6 7 8 9 10 11"
              [ "$round" = \(round) ] && cells="0 1 2 3 4 5 6 7 8 9 10"
              for cell in $cells; do
                median=$(( 1000 + 10 * wobble - 20 ))
                [ $cell = 0 ] && median=$(awk "BEGIN { print \(factor) * $median }")
                [ $cell = 11 ] && median=$(awk "BEGIN { print \(lastFactor) * $median }")
                [ $cell != 0 ] && printf ','
                extra=""
                [ -n "$counts" ] && extra=",\\"instructionsPerOp\\":$counts"
                [ -n "$counts" ] && [ $cell = 0 ] && extra=",\\"instructionsPerOp\\":$(awk "BEGIN { print \(instructionFactor) * $counts }")"
                printf '{"strategy":"s%s","corpus":"c","operation":"toggle-random","samples":5,"medianNs":%s,\(allocationMember)"correct":true%s}' $cell $median "$extra"
              done
              printf '],"exponents":[]}'
            } > "$json"
            echo "bench of \(name) done"
            exit \(exitCode)
            """
        let path = try folder.write(script, to: name)
        chmod(path, 0o755)
        return path
    }

    @Test func alternatingRoundsOfTheSameToolPass() async throws {
        let folder = try TemporaryFolder("gate-aa")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1), head = try Self.fakeTool(in: folder, name: "head", factor: 1)
        let result = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", head, "--rounds", "10",
                                                       "--out", folder.path("out"), "--", "--operations", "toggle-random"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("time: 12 cells tested on their samples")
                && result.standardOutput.contains("(rounds in pairs: Wilcoxon signed-rank, Bonferroni)"), "\(result)")
        #expect(!result.standardOutput.contains("regression"), "\(result)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("out"))
        #expect(files.contains("base.json") && files.contains("head.json") && files.contains("head-round-10.json"), "\(files)")
        // The two sides ran at once and took strict turns, the side that starts alternating by round.
        let turns = try String(contentsOfFile: folder.path("out/turns.log"), encoding: .utf8).split(separator: "\n").map(String.init)
        let round = { (first: String, second: String) in (1...3).flatMap { ["\(first) turn \($0)", "\(second) turn \($0)"] } }
        #expect(turns == (1...10).flatMap { $0 % 2 == 1 ? round("base", "head") : round("head", "base") }, "\(turns)")
    }

    /// A base built before tools took turns (it ignores `TREEROWS_TURNS`) runs alone, as the
    /// head waits for a turn that comes only when the base has ended; the rounds are then
    /// compared as samples, and the gate says so.
    @Test func aBaseThatTakesNoTurnsIsComparedAsSamples() async throws {
        let folder = try TemporaryFolder("gate-old-base")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1, takesTurns: false)
        let head = try Self.fakeTool(in: folder, name: "head", factor: 1)
        let result = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", head, "--rounds", "10",
                                                       "--out", folder.path("out")])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("the rounds are not in pairs") && result.standardOutput.contains("(Mann-Whitney, Bonferroni)"),
                "\(result)")
        #expect(!result.standardOutput.contains("regression"), "\(result)")
    }

    /// A tool that hangs after round 1 is stopped past a multiple of round 1's time, not
    /// after --round-timeout: the gate fails naming the budget, side and round.
    @Test func aToolThatHangsInALaterRoundIsStopped() async throws {
        let folder = try TemporaryFolder("gate-hang")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1), head = try Self.fakeTool(in: folder, name: "head", factor: 1, hangsFrom: 2)
        let result = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", head, "--rounds", "3",
                                                       "--round-timeout", "86400", "--out", folder.path("out")])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardError.contains("round 2: the head tool's bench ran past the round's budget of 30.0 s (--round-growth 5 times round 1's"),
                "\(result)")
        #expect(!result.standardOutput.contains("round 2/3"), "\(result)")
    }

    @Test func aPlantedSlowdownFailsTheGate() async throws {
        let folder = try TemporaryFolder("gate-slow")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1), head = try Self.fakeTool(in: folder, name: "head", factor: 1.3)
        let result = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", head, "--rounds", "10",
                                                       "--out", folder.path("out")])
        #expect(result.exitCode == 1, "\(result)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("s0 ") }.map(String.init), "\(result)")
        #expect(line.contains("+30.0% [") && line.hasSuffix("regression"), "\(line)")
        #expect(result.standardError.contains("1 cells regressed beyond 5%"), "\(result)")
    }

    /// `gate --instructions`: each side counts in its first round alone, and a cell 2% above
    /// the base's count fails at the 1% default while its time stays within noise.
    @Test(.linuxOnly("valgrind counts instructions on Linux only (bash .ci/setup installs it)"))
    func instructionsAreCountedOnceASideAndGated() async throws {
        let folder = try TemporaryFolder("gate-instructions")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1)
        let head = try Self.fakeTool(in: folder, name: "head", factor: 1, instructionFactor: 1.02)
        let result = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", head, "--rounds", "10", "--instructions",
                                                       "--out", folder.path("out")])
        #expect(result.exitCode == 1 && result.standardError.contains("instructions: 1 cells regressed beyond 1%"), "\(result)")
        #expect(!result.standardError.contains("regressed beyond 5%") && result.standardOutput.contains("s0 "), "\(result)")
        for side in ["base", "head"] {
            let first = try String(contentsOfFile: folder.path("out/\(side)-round-1.json"), encoding: .utf8)
            let second = try String(contentsOfFile: folder.path("out/\(side)-round-2.json"), encoding: .utf8)
            #expect(first.contains("instructionsPerOp") && !second.contains("instructionsPerOp"), "\(side)")
        }
        let same = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", base, "--rounds", "10", "--instructions",
                                                     "--out", folder.path("same")])
        #expect(same.exitCode == 0, "\(same)")
        let inBench = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--", "--instructions"])
        #expect(inBench.exitCode == 2 && inBench.standardError.contains("give it to gate"), "\(inBench)")
    }

    @Test func aToolThatFailsOrAJSONOptionIsBadInput() async throws {
        let folder = try TemporaryFolder("gate-bad")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1), broken = try Self.fakeTool(in: folder, name: "broken", factor: 1, exitCode: 2)
        let failing = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", broken, "--out", folder.path("out")])
        #expect(failing.exitCode == 2 && failing.standardError.contains("the head tool's bench failed (exit 2)")
            && failing.standardError.contains("bench of broken done"), "\(failing)")
        let json = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--", "--json", "x.json"])
        #expect(json.exitCode == 2 && json.standardError.contains("--json among the bench options"), "\(json)")
        let missing = try await TreeRowsExecutable.run(["gate", "--base-tool", folder.path("nothing")])
        #expect(missing.exitCode == 2 && missing.standardError.contains("is not an executable file"), "\(missing)")
        let rounds = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--rounds", "1"])
        #expect(rounds.exitCode == 2 && rounds.standardError.contains("--rounds"), "\(rounds)")
    }

    /// The gate's rules are compare's: a side that counted no allocations fails unless time
    /// alone is asked for, and ten times the allocations is a regression.
    @Test func aSideWithoutAllocationsFailsUnlessTimeAloneIsAsked() async throws {
        let folder = try TemporaryFolder("gate-allocations")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1)
        let uncounted = try Self.fakeTool(in: folder, name: "uncounted", factor: 1, allocations: nil)
        let arguments = { (head: String, out: String) in ["gate", "--base-tool", base, "--head-tool", head, "--rounds", "10", "--out", folder.path(out)] }
        let failing = try await TreeRowsExecutable.run(arguments(uncounted, "a"))
        #expect(failing.exitCode == 2 && failing.standardError.contains("the head tool's bench counted none")
                && failing.standardError.contains("--no-allocations"), "\(failing)")
        let timeAlone = try await TreeRowsExecutable.run(arguments(uncounted, "b") + ["--no-allocations"])
        #expect(timeAlone.exitCode == 0 && timeAlone.standardOutput.contains("allocations: not gated (--no-allocations)"), "\(timeAlone)")
        let tenfold = try Self.fakeTool(in: folder, name: "tenfold", factor: 1, allocations: 10)
        let more = try await TreeRowsExecutable.run(arguments(tenfold, "c"))
        #expect(more.exitCode == 1 && more.standardError.contains("allocations: 12 cells regressed"), "\(more)")
    }

    /// A cell one round of the base lacks is missing, and fails, even where the head is 3
    /// times slower on it (combining the rounds alone would leave it out).
    @Test func aCellMissingFromOneRoundFails() async throws {
        let folder = try TemporaryFolder("gate-missing-round")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1, lacking: 3)
        let head = try Self.fakeTool(in: folder, name: "head", factor: 1, lastFactor: 3)
        let result = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", head, "--rounds", "10", "--out", folder.path("out")])
        #expect(result.exitCode == 1 && result.standardError.contains("base: s11 · c · toggle-random is missing from round 3 of 10"), "\(result)")
    }

    /// A bench that exits 1 fails its side even when its JSON shows nothing wrong.
    @Test func aBenchThatSaysItFailedFailsItsSide() async throws {
        let folder = try TemporaryFolder("gate-exit-1")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1)
        let head = try Self.fakeTool(in: folder, name: "head", factor: 1, exitCode: 1)
        let result = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", head, "--rounds", "10", "--out", folder.path("out")])
        #expect(result.exitCode == 1 && result.standardError.contains("ended its bench with exit 1, though its results show no failing cell")
                && result.standardError.contains("head-round-1.txt"), "\(result)")
    }

    /// A failing tool's output is quoted as a bounded tail: a line of megabytes is cut with its
    /// length said, and bytes that are not UTF-8 are shown as bytes, not as "nothing".
    @Test func aFailingToolIsQuotedBoundedAndAsBytes() async throws {
        let folder = try TemporaryFolder("gate-tail")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1)
        for (name, body, expected) in [
            ("binary", #"printf '\377\376\001binary'"#, "bytes ff fe 01 62"),
            ("long", #"head -c 20000000 /dev/zero | tr '\0' x"#, "… (a line of more than 16384 bytes)"),
            ("longer", #"head -c 20000000 /dev/zero | tr '\0' x; echo; head -c 1000 /dev/zero | tr '\0' y"#, "… (1000 bytes)"),
        ] {
            let tool = try folder.write("#!/bin/sh\n\(body)\nexit 3\n", to: name)
            chmod(tool, 0o755)
            let result = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", tool, "--rounds", "2",
                                                           "--out", folder.path("out-\(name)")])
            #expect(result.exitCode == 2 && result.standardError.contains(expected), "\(name): \(result.standardError.prefix(2_000))")
            #expect(!result.standardError.contains("it printed nothing") && result.standardError.utf8.count < 4_000,
                    "\(name): \(result.standardError.utf8.count) bytes")
        }
    }

    /// `--out` is checked before the first round, and its files are replaced, never written
    /// through: a link there leaves its target alone, a tool or FIFO there is refused at once.
    @Test func theOutputFolderIsCheckedAndNeverWrittenThrough() async throws {
        let folder = try TemporaryFolder("gate-out")
        defer { folder.remove() }
        let base = try Self.fakeTool(in: folder, name: "base", factor: 1)
        // A link where a round's log goes: the victim keeps its bytes.
        try FileManager.default.createDirectory(atPath: folder.path("linked"), withIntermediateDirectories: true)
        let victim = try folder.write("precious\n", to: "victim")
        #expect(symlink(victim, folder.path("linked/head-round-1.txt")) == 0 && symlink(victim, folder.path("linked/base.json")) == 0)
        let linked = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--head-tool", base, "--rounds", "10", "--out", folder.path("linked")])
        #expect(linked.exitCode == 0, "\(linked)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        // The base tool itself where a round's log would go: refused, and kept whole.
        try FileManager.default.createDirectory(atPath: folder.path("tool"), withIntermediateDirectories: true)
        let stored = folder.path("tool/base-round-1.txt")
        try FileManager.default.copyItem(atPath: base, toPath: stored)
        let size = try #require(FileManager.default.attributesOfItem(atPath: stored)[.size] as? Int)
        let overTool = try await TreeRowsExecutable.run(["gate", "--base-tool", stored, "--head-tool", base, "--rounds", "10", "--out", folder.path("tool")])
        #expect(overTool.exitCode == 2 && overTool.standardError.contains("is the tool") && !overTool.standardOutput.contains("round 1/"),
                "\(overTool)")
        #expect(try FileManager.default.attributesOfItem(atPath: stored)[.size] as? Int == size)
        // A FIFO and a folder where files go: refused before any round (a FIFO would block forever).
        for (name, make) in [("fifo", { (path: String) in mkfifo(path, 0o644) == 0 }),
                             ("folder", { (path: String) in mkdir(path, 0o755) == 0 })] {
            try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: true)
            #expect(make(folder.path("\(name)/base.json")))
            let result = try await TreeRowsExecutable.run(["gate", "--base-tool", base, "--rounds", "10", "--out", folder.path(name)])
            #expect(result.exitCode == 2 && result.standardError.contains("base.json is a \(name == "fifo" ? "FIFO" : "folder")")
                    && !result.standardOutput.contains("round 1/"), "\(name): \(result)")
        }
    }
}
