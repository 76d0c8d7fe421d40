// swift-tools-version:6.1
// package-benchmark suites for TreeRows, kept out of the main package so that
// `swift build` / `swift test` there never compile the framework.
// Run: cd Benchmarks && swift package benchmark --no-progress
// Gate: swift package benchmark thresholds check --metric mallocCountTotal --target Allocations
import PackageDescription

let suite: (String) -> Target = { name in
    .executableTarget(
        name: name,
        dependencies: [
            "BenchmarkSupport",
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "TreeRows", package: "TreeRows"),
            .product(name: "TreeRowsHarness", package: "TreeRows"),
        ],
        path: "Benchmarks/\(name)",
        swiftSettings: [.swiftLanguageMode(.v5)],
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "TreeRowsBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "TreeRows", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "TreeRows", package: "TreeRows"), .product(name: "TreeRowsCorpora", package: "TreeRows"),
                .product(name: "TreeRowsHarness", package: "TreeRows"), .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Shared",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        suite("Operations"), suite("Allocations"),
    ]
)
