import Foundation
import Testing
import TreeRowsTestSupport

/// docs/API.md lists every public type of the four library products, so a dependent finds
/// each in one place; a type only the package's own modules use is `package`, not public.
@Suite struct APIDocumentationTests {
    static let products = ["TreeRows", "TreeRowsCorpora", "TreeRowsHarness", "TreeRowsTool"]

    /// The top-level public types declared in `folder`'s Swift files, with the file of each.
    static func publicTypes(in folder: String) throws -> [(name: String, file: String)] {
        let pattern = try NSRegularExpression(pattern: #"^public (?:final )?(?:struct|enum|class|protocol|actor) ([A-Za-z0-9_]+)"#,
                                              options: .anchorsMatchLines)
        var found: [(String, String)] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.append((String(text[Range(match.range(at: 1), in: text)!]), file))
            }
        }
        return found
    }

    @Test func everyPublicTypeIsInTheAPIPage() throws {
        let page = try String(contentsOfFile: "\(PackageFolder.root)/docs/API.md", encoding: .utf8)
        var total = 0
        for product in Self.products {
            let types = try Self.publicTypes(in: "\(PackageFolder.root)/Sources/\(product)")
            total += types.count
            for (name, file) in types where !["`\(name)`", "`\(name).", "`\(name)(", "`\(name)<"].contains(where: page.contains) {
                Issue.record("""
                    \(product)/\(file): public type \(name) is not in docs/API.md. Fix: add it to the \(product) table, \
                    or make it `package` if only TreeRows' own modules use it
                    """)
            }
        }
        #expect(total > 60, "found only \(total) public types: is the scan still reading the sources?")
    }
}
