// swift-tools-version:6.1
import PackageDescription

/// Invariant checks after every mutating operation: on in debug builds (and so in
/// `swift test`), off in release builds, where the benchmarks run.
let internalChecks: [SwiftSetting] = [
    .define("TREEROWS_INTERNAL_CHECKS", .when(configuration: .debug))
]

let package = Package(
    name: "TreeRows",
    products: [
        .library(name: "TreeRows", targets: ["TreeRows"]),
        .library(name: "TreeRowsCorpora", targets: ["TreeRowsCorpora"]),
        .library(name: "TreeRowsHarness", targets: ["TreeRowsHarness"]),
        .executable(name: "treerows", targets: ["treerows"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0"),
    ],
    targets: [
        // Core: tree model, rows, diffs, validator, strategies. No Foundation.
        .target(name: "TreeRows", swiftSettings: internalChecks),
        // zlib (Debian's zlib1g-dev, macOS's libz): CRC-32 and gzip for corpus files.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Corpus formats (JSON Lines, CSV, gzip, .trows), generators, statistics, catalog.
        .target(name: "TreeRowsCorpora", dependencies: ["TreeRows", "CZlib"], swiftSettings: internalChecks),
        // Lock-step checking, random operation sequences, timing.
        .target(
            name: "TreeRowsHarness",
            dependencies: ["TreeRows", "TreeRowsCorpora", .product(name: "Histogram", package: "hdrhistogram-swift")],
            swiftSettings: internalChecks
        ),
        // jemalloc (Debian's libjemalloc-dev): linked into the command-line tool only, where it
        // becomes the process's malloc and counts allocations for `treerows bench`.
        .systemLibrary(name: "CJemalloc", path: "Sources/CJemalloc", providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]),
        .executableTarget(
            name: "treerows",
            dependencies: [
                "TreeRows", "TreeRowsCorpora", "TreeRowsHarness", "CJemalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: internalChecks
        ),
        // Test helpers (not a product).
        .target(name: "TreeRowsTestSupport", dependencies: ["TreeRows", "TreeRowsCorpora", "TreeRowsHarness"], path: "Tests/TreeRowsTestSupport"),
        .testTarget(name: "TreeRowsTests", dependencies: ["TreeRows", "TreeRowsHarness", "TreeRowsTestSupport"]),
        .testTarget(name: "TreeRowsCorporaTests", dependencies: ["TreeRows", "TreeRowsCorpora", "TreeRowsTestSupport"]),
        .testTarget(name: "TreeRowsCLITests", dependencies: ["treerows", "TreeRowsTestSupport"]),
    ]
)
