import Foundation
import Testing
import TreeRowsCorpora

/// The folder and last component of any path, short and odd names included.
@Suite struct PathNameTests {
    @Test(arguments: [
        ("z", "", "z"), ("a/b", "a", "b"), ("a/b/", "a", "b"), ("/a", "/", "a"), ("/", "/", "/"), ("//", "/", "/"),
        ("a//b", "a", "b"), ("", "", ""), (".", "", "."), ("./z", ".", "z"), ("x/", "", "x"), ("/a/b//", "/a", "b"),
    ])
    func examples(_ path: String, _ folder: String, _ last: String) {
        #expect(PathName.folder(of: path) == folder, "\(path)")
        #expect(PathName.lastComponent(of: path) == last, "\(path)")
    }

    /// Every path of one to four characters over slashes, dots, letters and a composed
    /// character: the folder and the last component join back into the path (runs of
    /// slashes taken as one, trailing ones ignored).
    @Test func folderAndLastComponentRebuildEveryShortPath() {
        let alphabet = ["a", "/", ".", "é"]
        var paths = [""]
        var all: [String] = []
        for _ in 1...4 {
            paths = paths.flatMap { path in alphabet.map { path + $0 } }
            all += paths
        }
        func collapsed(_ path: String) -> String {
            var text = path
            while text.contains("//") { text = text.replacingOccurrences(of: "//", with: "/") }
            while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
            return text
        }
        for path in all {
            let folder = PathName.folder(of: path), last = PathName.lastComponent(of: path)
            let expected = collapsed(path)
            if expected == "/" {
                #expect(folder == "/" && last == "/", "\(path)")
            } else if !expected.contains("/") {
                #expect(folder == "" && last == expected, "\(path)")
            } else {
                #expect(collapsed(folder == "/" ? "/" + last : folder + "/" + last) == expected, "\(path): \(folder) + \(last)")
                #expect(!last.contains("/") && !last.isEmpty, "\(path)")
            }
        }
    }
}
