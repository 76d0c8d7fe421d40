import Foundation
import Testing
import TreeRowsTestSupport

/// The project's own scripts on each platform, run here with `uname` answering Darwin or
/// Linux and fakes of the tools they call (Homebrew, apt-get, swift, pkg-config, valgrind),
/// each fake logging its arguments: every branch's install, and its message when the
/// installer itself is missing.
@Suite struct SetupScriptTests {
    /// What a script run printed and did.
    struct Run {
        var status: Int
        var errors: String
        /// Each call of a fake installer, as `tool arguments`.
        var calls: [String]
    }

    /// Runs `script` (relative to the package root) with `arguments`, with a `PATH` of fakes
    /// only: `uname` answering `system`, and the `tools` named (each exits 0 and logs its
    /// call). A fake `brew` answers `list` with 0 only for the formulas in `installed`.
    static func run(_ script: String, _ arguments: [String] = [], system: String, tools: Set<String>,
                    installed: Set<String> = [], swiftBuilds: Bool = true) async throws -> Run {
        let folder = try TemporaryFolder("setup-script")
        defer { folder.remove() }
        let bin = try folder.subfolder("bin")
        let log = folder.path("calls")
        func fake(_ name: String, _ body: String) throws {
            let path = try bin.write("#!/bin/sh\n\(body)\n", to: name)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        try fake("uname", "echo \(system)")
        try fake("swift", #"[ "$1" = --version ] && echo "Swift version 6.3.1 (swift-6.3.1-RELEASE)"; [ "$1" = build ] && exit "# + (swiftBuilds ? "0" : "1") + "; exit 0")
        try fake("sudo", #"exec "$@""#)
        for tool in tools.subtracting(["brew"]) { try fake(tool, "echo \"\(tool) $*\" >> '\(log)'") }
        if tools.contains("brew") {
            let list = installed.map { "[ \"$3\" = \($0) ] && exit 0" }.joined(separator: "; ")
            try fake("brew", "echo \"brew $*\" >> '\(log)'; if [ \"$1\" = list ]; then \(list.isEmpty ? ":" : list); exit 1; fi; exit 0")
        }
        // The few real tools the scripts use besides the fakes.
        for tool in ["dirname", "sed", "head", "id", "mktemp", "grep", "rm"] {
            let real = ["/usr/bin/\(tool)", "/bin/\(tool)"].first { FileManager.default.isExecutableFile(atPath: $0) }
            if let real { try FileManager.default.createSymbolicLink(atPath: bin.path(tool), withDestinationPath: real) }
        }
        let command = "cd '\(PackageFolder.root)' && PATH='\(bin.url.path)' /bin/bash \(script) \(arguments.joined(separator: " "))"
            + " 2>'\(folder.path("stderr"))'; echo $? > '\(folder.path("status"))'"
        _ = try await SystemCommand.output(of: ["bash", "-c", command])
        let status = try String(contentsOfFile: folder.path("status"), encoding: .utf8)
        let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return Run(status: Int(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                   errors: try String(contentsOfFile: folder.path("stderr"), encoding: .utf8),
                   calls: calls.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("brew list") })
    }

    @Test func onMacOSHomebrewInstallsJemallocAndPkgConfig() async throws {
        let run = try await Self.run(".ci/setup", system: "Darwin", tools: ["brew"])
        #expect(run.status == 0 && run.calls == ["brew install pkg-config jemalloc"], "\(run)")
    }

    @Test func onMacOSNothingIsInstalledTwice() async throws {
        let run = try await Self.run(".ci/setup", system: "Darwin", tools: ["brew", "pkg-config"], installed: ["jemalloc"])
        #expect(run.status == 0 && run.calls.isEmpty, "\(run)")
    }

    @Test func onMacOSTheBrowserIsAChromeCask() async throws {
        // No Chrome in /Applications here (this is not a Mac): the cask is installed.
        let run = try await Self.run(".ci/setup", ["--browser"], system: "Darwin", tools: ["brew", "pkg-config"], installed: ["jemalloc"])
        #expect(run.status == 0 && run.calls == ["brew install --cask google-chrome"], "\(run)")
    }

    @Test func onMacOSWithoutHomebrewItNamesWhatToInstall() async throws {
        let run = try await Self.run(".ci/setup", ["--browser"], system: "Darwin", tools: [])
        #expect(run.status == 2, "\(run)")
        #expect(run.errors.contains("install it (https://brew.sh), then: brew install pkg-config jemalloc; brew install --cask google-chrome"),
                "\(run)")
    }

    @Test(.linuxOnly("the Linux branch reads this machine's /usr/include, which .ci/setup filled"))
    func onLinuxAptGetInstallsWhatIsMissing() async throws {
        let present = try await Self.run(".ci/setup", system: "Linux", tools: ["apt-get", "pkg-config", "zip", "unzip", "valgrind"])
        #expect(present.status == 0 && present.calls.isEmpty, "\(present)")
        let missing = try await Self.run(".ci/setup", system: "Linux", tools: ["apt-get"])
        #expect(missing.status == 0 && missing.calls.contains { $0.hasPrefix("apt-get install") && $0.contains("pkg-config zip unzip valgrind") },
                "\(missing)")
        let noInstaller = try await Self.run(".ci/setup", system: "Linux", tools: ["pkg-config", "zip", "unzip"])
        #expect(noInstaller.status == 2 && noInstaller.errors.contains("error: missing valgrind"), "\(noInstaller)")
    }

    @Test func theAllocationGateKeepsThresholdsPerOS() async throws {
        // Linux's are in the repository; a Mac's are recorded on a Mac.
        #expect(FileManager.default.fileExists(atPath: "\(PackageFolder.root)/Benchmarks/Thresholds/Linux/6.3"))
        let run = try await Self.run(".ci/bench-gate", system: "Darwin", tools: [])
        #expect(run.status == 1 && run.errors.contains("no thresholds for Swift 6.3 on Darwin in Benchmarks/Thresholds/Darwin/6.3"),
                "\(run)")
    }

    @Test func onMacOSTheFuzzScriptNamesTheToolchainItNeeds() async throws {
        // Xcode's swift cannot build with -sanitize=fuzzer: the fake's build fails.
        let mac = try await Self.run("Tests/Fuzzing/run.sh", ["ImporterFuzzer", "1"], system: "Darwin", tools: [], swiftBuilds: false)
        #expect(mac.status == 2 && mac.errors.contains("Xcode's Swift has no libFuzzer")
                && mac.errors.contains("TOOLCHAINS=swift"), "\(mac)")
        let linux = try await Self.run("Tests/Fuzzing/run.sh", ["ImporterFuzzer", "1"], system: "Linux", tools: [], swiftBuilds: false)
        #expect(linux.status == 2 && linux.errors.contains("the ImporterFuzzer build failed") && !linux.errors.contains("Xcode"),
                "\(linux)")
    }
}
