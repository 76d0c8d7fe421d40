// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "CustomStrategy",
    dependencies: [
        // In your project: .package(url: "https://github.com/<owner>/TreeRows", from: "<version>")
        .package(name: "TreeRows", path: "../../..")
    ],
    targets: [
        .target(name: "MyStrategy", dependencies: [.product(name: "TreeRows", package: "TreeRows")]),
        .executableTarget(
            name: "check-my-strategy",
            dependencies: [
                "MyStrategy",
                .product(name: "TreeRows", package: "TreeRows"),
                .product(name: "TreeRowsHarness", package: "TreeRows"),
            ]
        ),
    ]
)
