import Foundation
import Testing
import TreeRowsTestSupport
import TreeRowsHarness

/// `treerows gate` runs `bench` in both tools at once in each round, taking turns, and gates
/// the combined rounds. Here both tools are scripts that write a bench JSON whose medians are
/// known, so the test runs in a debug build and knows the answer.
@Suite struct GateCommandTests {
    /// A tool whose `bench --json PATH` writes twelve cells; `slow` cell takes `factor` times
    /// as long; each round's medians move by up to ±2% (from the round number in PATH). With
    /// `--instructions`, each cell counts 5000 instructions an operation, cell 0
    /// `instructionFactor` times that. When the gate gives it turns (`TREEROWS_TURNS`) and it
    /// `takesTurns`, it takes three, writing `NAME turn N` to `turns.log` beside the round's
    /// JSON in each, and says so in its JSON, as the tool does.
    static func fakeTool(in folder: TemporaryFolder, name: String, factor: Double, instructionFactor: Double = 1,
                         exitCode: Int = 0, takesTurns: Bool = true) throws -> String {
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
            wobble=$(( (round * 7) % 5 ))
            {
              printf '{"schema":2,"machine":{%s},"results":[' "$machine"
              for cell in 0 1 2 3 4 5 6 7 8 9 10 11; do
                median=$(( 1000 + 10 * wobble - 20 ))
                [ $cell = 0 ] && median=$(awk "BEGIN { print \(factor) * $median }")
                [ $cell != 0 ] && printf ','
                extra=""
                [ -n "$counts" ] && extra=",\\"instructionsPerOp\\":$counts"
                [ -n "$counts" ] && [ $cell = 0 ] && extra=",\\"instructionsPerOp\\":$(awk "BEGIN { print \(instructionFactor) * $counts }")"
                printf '{"strategy":"s%s","corpus":"c","operation":"toggle-random","samples":5,"medianNs":%s,"allocationsPerOp":1,"correct":true%s}' $cell $median "$extra"
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
}
