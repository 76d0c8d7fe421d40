import Foundation
import Testing

/// Every relative link of the README and of docs/ names a file or folder that exists, so a
/// page moved or renamed cannot leave a reader at a dead end.
@Suite struct DocumentationLinkTests {
    /// The Markdown files: README.md and everything under docs/ but the example's build folders.
    static func pages() -> [URL] {
        let root = TreeRowsExecutable.packageRoot
        var pages = [root.appendingPathComponent("README.md")]
        let docs = root.appendingPathComponent("docs")
        let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.lastPathComponent.hasPrefix(".build") { walker?.skipDescendants() }
            if url.pathExtension == "md" { pages.append(url) }
        }
        return pages
    }

    /// The targets of `](target)` links in `text`, without their anchors; web and mail links
    /// and links within the page left out.
    static func relativeTargets(in text: String) -> [String] {
        var targets: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close]).split(separator: " ").first.map(String.init) ?? ""
            rest = rest[close...]
            if target.isEmpty || target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:") { continue }
            targets.append(String(target.split(separator: "#", maxSplits: 1)[0]))
        }
        return targets
    }

    @Test func relativeLinksResolve() throws {
        let pages = Self.pages()
        #expect(pages.count > 5, "found only \(pages.map(\.lastPathComponent))")
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for target in Self.relativeTargets(in: text) {
                let resolved = page.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: resolved.path),
                        "\(page.path.replacingOccurrences(of: TreeRowsExecutable.packageRoot.path + "/", with: "")) links \(target), which does not exist")
            }
        }
    }

    @Test func linkTargetsAreParsed() {
        #expect(Self.relativeTargets(in: "see [a](docs/A.md#x), [b](https://x.org), [c](#local) and ![d](img.svg \"t\")")
            == ["docs/A.md", "img.svg"])
    }
}
