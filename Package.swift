// swift-tools-version:6.1
import PackageDescription

/// Invariant checks after every mutating operation, in builds with the trait `InternalChecks`
/// only: the project's test command turns it on (`.ci/test` runs the suite in an optimized
/// build with it); a dependent's builds run no checks unless it asks for the trait.
let internalChecks: [SwiftSetting] = [
    .define("TREEROWS_INTERNAL_CHECKS", .when(traits: ["InternalChecks"]))
]

/// The test targets' own code is not optimized, even in a release build: what they measure
/// runs in the library targets and the tools (optimized there), while optimizing the tests
/// themselves costs `.ci/test`'s release build two more minutes.
let testCode: [SwiftSetting] = [.unsafeFlags(["-Onone"])]

let package = Package(
    name: "TreeRows",
    // Synchronization (Mutex, Atomic) and typed throws in generic code need these; docs/Platforms.md says why no lower.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "TreeRows", targets: ["TreeRows"]),
        .library(name: "TreeRowsCorpora", targets: ["TreeRowsCorpora"]),
        .library(name: "TreeRowsHarness", targets: ["TreeRowsHarness"]),
        // The whole command for a dependent's own strategies: TreeRowsTool.main(strategies:).
        .library(name: "TreeRowsTool", targets: ["TreeRowsTool"]),
        .executable(name: "treerows", targets: ["treerows"]),
    ],
    traits: [
        .trait(name: "InternalChecks", description: "Invariant checks after every operation (O(n) each; for tests, never for measuring)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // Core: tree model, rows, diffs, validator, strategies. No Foundation.
        .target(name: "TreeRows", dependencies: ["CPrefetch"], swiftSettings: internalChecks),
        // The compiler's prefetch hint, which Swift does not expose; header only.
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
        // zlib (Debian's zlib1g-dev, macOS's libz): CRC-32 and gzip for corpus files.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Corpus formats (JSON Lines, CSV, gzip, .trows), generators, statistics, catalog.
        .target(name: "TreeRowsCorpora", dependencies: ["TreeRows", "CZlib"], swiftSettings: internalChecks),
        // fork(2) for the isolated runs (Darwin's Swift overlay hides it); header only.
        .systemLibrary(name: "CProcess", path: "Sources/CProcess"),
        // valgrind's callgrind client requests (instruction counts); header only, and no-ops
        // where valgrind's headers are missing.
        .systemLibrary(name: "CCallgrind", path: "Sources/CCallgrind"),
        // Lock-step checking, random operation sequences, timing, isolated runs.
        .target(
            name: "TreeRowsHarness",
            dependencies: ["TreeRows", "TreeRowsCorpora", "CProcess", "CCallgrind"],
            swiftSettings: internalChecks
        ),
        // jemalloc (Debian's libjemalloc-dev, Homebrew's jemalloc): linked with the tool product, where
        // it becomes the process's malloc and counts allocations for `bench`. Found through
        // pkg-config, so under either Homebrew prefix (/opt/homebrew, /usr/local) too.
        .systemLibrary(
            name: "CJemalloc", path: "Sources/CJemalloc", pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]
        ),
        // The command line as a library: every subcommand, for any list of strategies.
        .target(
            name: "TreeRowsTool",
            dependencies: [
                "TreeRows", "TreeRowsCorpora", "TreeRowsHarness", "CJemalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: internalChecks
        ),
        // `treerows`: the tool with the built-in strategies.
        .executableTarget(name: "treerows", dependencies: ["TreeRows", "TreeRowsTool"]),
        // Test helpers (not a product).
        .target(name: "TreeRowsTestSupport", dependencies: ["TreeRows", "TreeRowsCorpora", "TreeRowsHarness"], path: "Tests/TreeRowsTestSupport"),
        .testTarget(name: "TreeRowsTests", dependencies: ["TreeRows", "TreeRowsHarness", "TreeRowsTestSupport"], swiftSettings: testCode),
        .testTarget(
            name: "TreeRowsHarnessTests", dependencies: ["TreeRows", "TreeRowsCorpora", "TreeRowsHarness", "TreeRowsTestSupport"],
            swiftSettings: testCode
        ),
        .testTarget(name: "TreeRowsCorporaTests", dependencies: ["TreeRows", "TreeRowsCorpora", "TreeRowsTestSupport"], swiftSettings: testCode),
        // `treerows-mutants`: the tool with every planted mutant, run end to end by the tests.
        .executableTarget(name: "treerows-mutants", dependencies: ["TreeRows", "TreeRowsTool", "TreeRowsTestSupport"], path: "Tests/MutantTool"),
        .testTarget(
            name: "TreeRowsCLITests", dependencies: ["treerows", "treerows-mutants", "TreeRowsTool", "TreeRowsTestSupport"],
            swiftSettings: testCode
        ),
    ]
)
