import Testing
@testable import TreeRowsCorpora

/// Every setting read as a name with a parameter (shapes, expansion patterns, height
/// models) says which part of a bad value is wrong: for every form of every table, each
/// kind of mistake gets its own problem, and the values at the ends of a range parse.
@Suite struct ParameterizedNameTests {
    /// The problem for `text` in `forms`, or nil when it parses.
    static func problem<Value>(_ text: String, _ forms: [ParameterizedName.Form<Value>]) -> ParameterizedName.Problem? {
        do { _ = try ParameterizedName.parse(text, forms: forms); return nil } catch { return error }
    }

    /// Checks every form of `forms` against every kind of mistake.
    static func checkFamily<Value>(_ forms: [ParameterizedName.Form<Value>]) {
        for form in forms {
            #expect(problem(form.name.uppercased(), forms)?.problem.contains("lower case") == true, "\(form.name)")
            #expect(problem(form.name + "x", forms)?.problem.contains("none of the accepted forms") == true, "\(form.name)")
            switch form.parameter {
            case .none:
                #expect(problem(form.name, forms) == nil)
                for bad in [":1", ":", ":x"] {
                    #expect(problem(form.name + bad, forms)?.problem.contains("takes no parameter") == true, "\(form.name)\(bad)")
                }
            case .optional(let letter, let range), .required(let letter, let range):
                if case .required = form.parameter {
                    #expect(problem(form.name, forms)?.problem.contains("needs its \(letter)") == true, "\(form.name)")
                } else {
                    #expect(problem(form.name, forms) == nil, "\(form.name)")
                }
                for good in [range.lowerBound, range.upperBound] {
                    #expect(problem("\(form.name):\(good)", forms) == nil, "\(form.name):\(good)")
                }
                var outside = ["99999999999999999999999"]
                if range.lowerBound > .min { outside.append(String(range.lowerBound - 1)) }
                if range.upperBound < .max { outside.append(String(range.upperBound + 1)) }
                for bad in outside {
                    let found = problem("\(form.name):\(bad)", forms)
                    #expect(found?.problem.contains("its \(letter) is out of range") == true, "\(form.name):\(bad)")
                    #expect(found?.fix.contains("\(letter) from \(range.lowerBound)") == true, "\(form.name):\(bad)")
                }
                for bad in ["", "x", "1.5", "1e3", " 1", "1 ", "\u{0663}", "--1"] {
                    #expect(problem("\(form.name):\(bad)", forms)?.problem.contains("must be a whole number") == true,
                            "\(form.name):\(bad)")
                }
            }
        }
    }

    @Test func shapes() { Self.checkFamily(SyntheticShape.forms) }
    @Test func expansionPatterns() { Self.checkFamily(ExpansionPattern.forms) }
    @Test func heightModels() { Self.checkFamily(RowHeightModel.forms) }

    /// A long value is echoed cut, with its length, as every message echoes input.
    @Test func aLongValueIsEchoedCut() {
        let found = Self.problem("balanced:" + String(repeating: "9", count: 5_000), SyntheticShape.forms)
        #expect(found?.problem.contains("its K must be a whole number") == false)
        #expect((found?.problem.count ?? 0) < 300 && found?.problem.contains("out of range") == true, "\(String(describing: found))")
    }
}
