// swift-tools-version:6.1
// libFuzzer targets for TreeRows, kept out of the main package: they link only when built
// with `-sanitize=fuzzer`. Build and run with `Tests/Fuzzing/run.sh TARGET SECONDS`.
import PackageDescription

let package = Package(
    name: "TreeRowsFuzzing",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "TreeRows", path: "../..")],
    targets: [
        // Declares libFuzzer's LLVMFuzzerRunDriver, so that our own main can start it.
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "DifferentialFuzzer",
            dependencies: [
                "CFuzzerDriver", .product(name: "TreeRows", package: "TreeRows"),
                .product(name: "TreeRowsHarness", package: "TreeRows"),
            ]
        ),
        .executableTarget(
            name: "ImporterFuzzer",
            dependencies: ["CFuzzerDriver", .product(name: "TreeRowsCorpora", package: "TreeRows")]
        ),
    ]
)
