import Foundation
import Testing
import TreeRowsTestSupport

/// The check that stands in for a Mac's compiler: an API newer than the declared macOS,
/// used unguarded, is found; guarded, commented, quoted or Linux-only, it is not. Then the
/// package's own sources, against each manifest's platforms.
@Suite struct AvailabilityCheckTests {
    typealias Version = AvailabilityCheck.Version

    static func lines(_ source: String, declared: Version = Version(15)) -> [Int] {
        AvailabilityCheck.findings(in: source, file: "planted.swift", declared: declared).map(\.line)
    }

    @Test func aPlantedUnguardedUseIsFoundOnItsLine() {
        let source = """
            import Synchronization

            func count() -> Int {
                let slots = InlineArray<4, Int>(repeating: 0)
                return slots.count
            }
            """
        #expect(Self.lines(source) == [4])
        let finding = AvailabilityCheck.findings(in: source, file: "Sources/X/Y.swift", declared: Version(15))
        #expect(finding.first?.description.hasPrefix("Sources/X/Y.swift:4: InlineArray needs macOS 26, but the package declares macOS 15") == true)
        #expect(finding.first?.description.contains("Fix: `if #available(macOS 26, *)") == true)
    }

    @Test func everyFormOfGuardIsHonoured() {
        let source = """
            func a() {
                if #available(macOS 26, iOS 26, *) {
                    _ = InlineArray<2, Int>(repeating: 0)
                } else {
                    _ = [0, 0]
                }
            }
            @available(macOS 26.0, *)
            struct B {
                var slots = InlineArray<2, Int>(repeating: 0)
            }
            func c() {
                guard #available(macOS 26, *) else { return }
                _ = InlineArray<2, Int>(repeating: 0)
            }
            func d() {
                _ = InlineArray<2, Int>(repeating: 0)
            }
            """
        // Only d's use is bare; c's guard ends with c.
        #expect(Self.lines(source) == [17])
        // A guard for an older macOS than the API's guards nothing.
        #expect(Self.lines("func e() {\n    if #available(macOS 15, *) { _ = InlineArray<2, Int>(repeating: 0) }\n}") == [2])
    }

    @Test func commentsAndStringsAreNotCodeButInterpolationsAre() {
        let source = #"""
            // InlineArray in a comment
            /* InlineArray /* nested */ InlineArray */
            let a = "InlineArray"
            let b = #"a "quoted" InlineArray"#
            let c = """
                InlineArray { unbalanced
                """
            let d = "\(InlineArray<1, Int>(repeating: 0).count)"
            """#
        #expect(Self.lines(source) == [8])
    }

    @Test func branchesNoApplePlatformCompilesAreSkipped() {
        let source = """
            #if os(Linux)
            let a = InlineArray<1, Int>(repeating: 0)
            #elseif canImport(Darwin)
            let b = InlineArray<1, Int>(repeating: 0)
            #endif
            #if canImport(Darwin)
            let c = 0
            #else
            let d = InlineArray<1, Int>(repeating: 0)
            #endif
            #if DEBUG
            let e = InlineArray<1, Int>(repeating: 0)
            #endif
            """
        #expect(Self.lines(source) == [4, 12])
    }

    @Test func theDeclaredMinimumDecidesWhatIsNewer() {
        let source = "let lock = Mutex(0)\nlet text = String(validating: bytes, as: UTF8.self)\nlet handlers: [() throws(Failure) -> Void] = []"
        #expect(Self.lines(source, declared: Version(15)).isEmpty)
        #expect(Self.lines(source, declared: Version(14)) == [1, 2, 3])
        // A collection's `span` property is new; a method of one's own named `span(of:)` is not.
        #expect(Self.lines("let a = values.span\nlet b = self.span(of: node)") == [1])
    }

    @Test func aManifestsPlatformIsRead() {
        #expect(AvailabilityCheck.declaredMacOS(manifest: "platforms: [.macOS(.v15), .iOS(.v18)]") == Version(15))
        #expect(AvailabilityCheck.declaredMacOS(manifest: "platforms: [.macOS(.v10_15)]") == Version(10, 15))
        #expect(AvailabilityCheck.declaredMacOS(manifest: #"platforms: [.macOS("13.3")]"#) == Version(13, 3))
        #expect(AvailabilityCheck.declaredMacOS(manifest: "// platforms: [.macOS(.v15)]\nlet package = Package(name: \"X\")") == nil)
    }

    /// Each manifest of the package, and the folders it builds.
    static let packages: [(manifest: String, folders: [String])] = [
        ("Package.swift", ["Sources", "Tests/TreeRowsTests", "Tests/TreeRowsHarnessTests", "Tests/TreeRowsCorporaTests", "Tests/TreeRowsCLITests",
                           "Tests/TreeRowsTestSupport", "Tests/MutantTool"]),
        ("Benchmarks/Package.swift", ["Benchmarks/Benchmarks"]),
        ("Tests/Fuzzing/Package.swift", ["Tests/Fuzzing/Sources"]),
        ("docs/Examples/CustomStrategy/Package.swift", ["docs/Examples/CustomStrategy/Sources"]),
    ]

    @Test(arguments: packages.map(\.manifest))
    func thePackagesOwnSourcesBuildOnTheDeclaredMacOS(manifest: String) throws {
        let folders = try #require(Self.packages.first { $0.manifest == manifest }).folders
        let text = try String(contentsOfFile: "\(PackageFolder.root)/\(manifest)", encoding: .utf8)
        let declared = try #require(AvailabilityCheck.declaredMacOS(manifest: text), "\(manifest) declares no macOS platform")
        #expect(declared >= Version(15), "\(manifest): Synchronization needs macOS 15")
        for folder in folders {
            #expect(FileManager.default.fileExists(atPath: "\(PackageFolder.root)/\(folder)"), "\(folder) is gone; update the list")
        }
        let findings = AvailabilityCheck.findings(root: PackageFolder.root, folders: folders, declared: declared)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }
}
