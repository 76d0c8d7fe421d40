// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "CustomStrategy",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.executable(name: "my-treerows", targets: ["my-treerows"])],
    dependencies: [
        // In your project: .package(url: "https://github.com/<owner>/TreeRows", from: "<version>").
        // A path dependency is named after its folder: without `name:`, `package:` below
        // must be that folder's name.
        .package(name: "TreeRows", path: "../../..")
    ],
    targets: [
        .target(name: "MyStrategy", dependencies: [.product(name: "TreeRows", package: "TreeRows")]),
        // The whole treerows command, with your strategies beside the built-in ones.
        .executableTarget(
            name: "my-treerows",
            dependencies: ["MyStrategy", .product(name: "TreeRowsTool", package: "TreeRows")]
        ),
    ]
)
