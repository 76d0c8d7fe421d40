/// A name with an optional whole-number parameter after a colon (`balanced:8`,
/// `random:20`, `uniform:44`), read against a table of the forms a setting accepts, with a
/// problem that says which part is wrong: the name, a parameter given or missing, its
/// digits, or its range. Shapes, expansion patterns and height models are read by it.
package enum ParameterizedName {
    /// One accepted form: a name, what it takes after a colon, and the value it makes.
    package struct Form<Value>: Sendable {
        /// What the name takes after a colon.
        package enum Parameter: Sendable {
            /// Nothing: `chain`.
            case none
            /// A value in the range, or nothing for the default: `balanced` or `balanced:8`.
            case optional(letter: String, ClosedRange<Int>)
            /// A value in the range: `random:20`.
            case required(letter: String, ClosedRange<Int>)
        }

        package var name: String
        package var parameter: Parameter
        /// The value, from the parameter (nil when none is given).
        package var make: @Sendable (Int?) -> Value

        package init(_ name: String, _ parameter: Parameter = .none, make: @escaping @Sendable (Int?) -> Value) {
            self.name = name
            self.parameter = parameter
            self.make = make
        }

        /// The form as help texts show it: `chain`, `balanced[:K]`, `random:P`.
        package var shown: String {
            switch parameter {
            case .none: name
            case .optional(let letter, _): "\(name)[:\(letter)]"
            case .required(let letter, _): "\(name):\(letter)"
            }
        }
    }

    /// Why a text matches no form: the problem and its fix, for a message.
    package struct Problem: Error, Equatable, Sendable {
        package var problem: String
        package var fix: String
    }

    /// The value of the form `text` names, made from its parameter.
    ///
    /// - Throws: ``Problem``: an unknown name (with the accepted ones, and the lower-case
    ///   one when only the case differs), a parameter where none is taken or none where
    ///   one is needed, a parameter that is not a whole number, or one out of its range.
    /// - Complexity: O(*f* + *c*) for *f* forms and *c* characters.
    package static func parse<Value>(_ text: String, forms: [Form<Value>]) throws(Problem) -> Value {
        let shownText = "\"\(text.echoed)\""
        let colon = text.firstIndex(of: ":")
        let name = String(colon.map { text[..<$0] } ?? Substring(text))
        let accepted = forms.map(\.shown).joined(separator: ", ")
        guard let form = forms.first(where: { $0.name == name }) else {
            if let near = forms.first(where: { $0.name.lowercased() == name.lowercased() }) {
                throw Problem(problem: "\(shownText) names no form: names are lower case", fix: "write \(near.shown)")
            }
            throw Problem(problem: "\(shownText) is none of the accepted forms", fix: "use one of \(accepted)")
        }
        let range: ClosedRange<Int>, letter: String
        switch form.parameter {
        case .none:
            guard colon == nil else {
                throw Problem(problem: "\(shownText): \(form.name) takes no parameter", fix: "write \(form.name) alone")
            }
            return form.make(nil)
        case .optional(let formLetter, let formRange):
            guard colon != nil else { return form.make(nil) }
            (letter, range) = (formLetter, formRange)
        case .required(let formLetter, let formRange):
            guard colon != nil else {
                throw Problem(problem: "\(shownText): \(form.name) needs its \(formLetter) after a colon",
                              fix: "write \(form.shown), e.g. \(form.name):\(formRange.lowerBound)")
            }
            (letter, range) = (formLetter, formRange)
        }
        let digits = text[text.index(after: colon!)...]
        let unsigned = digits.first == "-" || digits.first == "+" ? digits.dropFirst() : digits
        guard !unsigned.isEmpty, unsigned.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw Problem(problem: "\(shownText): its \(letter) must be a whole number",
                          fix: "write \(form.shown) with \(described(letter, range))")
        }
        guard let value = Int(digits), range.contains(value) else {
            throw Problem(problem: "\(shownText): its \(letter) is out of range",
                          fix: "write \(form.shown) with \(described(letter, range))")
        }
        return form.make(value)
    }

    /// `K from 1 to 1000000`, or `K from 0` when the range has no practical top.
    private static func described(_ letter: String, _ range: ClosedRange<Int>) -> String {
        range.upperBound == .max ? "\(letter) from \(range.lowerBound)" : "\(letter) from \(range.lowerBound) to \(range.upperBound)"
    }
}
