import ArgumentParser
import TreeRowsCorpora

/// `all`, or names separated by commas: what `--strategies` and `--operations` take.
///
/// Parsing keeps the names as written; ``resolve(in:option:kind:name:)`` looks each up, so
/// that an unknown or repeated name gets a message naming the option and the fix.
struct NameList: ExpressibleByArgument, CustomStringConvertible {
    /// The names as written; `nil` for `all`.
    var names: [String]?

    /// Every item.
    static let all = NameList(names: nil)

    init(names: [String]?) { self.names = names }

    /// Any text: `all`, else its comma-separated parts (empty parts kept, and refused when
    /// resolved).
    init?(argument: String) {
        names = argument == "all" ? nil : argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    var description: String { names?.joined(separator: ",") ?? "all" }

    var defaultValueDescription: String { description }

    /// The items named, in the order named (every item of `items` for `all`).
    ///
    /// - Throws: ``CommandFailure`` for a name that no item has, one named twice, or `all`
    ///   among other names.
    /// - Complexity: O(*k* · *m*) for *k* names and *m* items.
    func resolve<Item>(in items: [Item], option: String, kind: String, name: (Item) -> String) throws(CommandFailure) -> [Item] {
        guard let names else { return items }
        var chosen: [Item] = []
        var seen: Set<String> = []
        for wanted in names {
            if wanted == "all" && !items.contains(where: { name($0) == wanted }) {
                throw CommandFailure(message: "\(option) \(description.echoed): all stands alone, it names every \(kind). "
                    + "Fix: \(option) all, or the names without all")
            }
            guard let item = items.first(where: { name($0) == wanted }) else {
                throw CommandFailure(message: "unknown \(kind) \"\(wanted.echoed)\" in \(option). Fix: use all, or names from "
                    + items.map(name).joined(separator: ", ") + ", separated by commas")
            }
            guard seen.insert(wanted).inserted else {
                throw CommandFailure(message: "\(option) names \(wanted.echoed) twice. Fix: name each \(kind) once")
            }
            chosen.append(item)
        }
        return chosen
    }
}
