/// An upper bound on the cost of one operation, as a strategy declares it: a sum of
/// products of ``CostVariable``s and their logarithms, up to a constant. `O(d·f + k)` is
/// `.linear(in: .depth) * .linear(in: .siblings) + .linear(in: .elements)`.
///
/// The cost search evaluates a bound at the variables it measures on each tree
/// (``value(at:)``) and fits how fast that value grows with the tree: a measured cost that
/// grows faster than its declared bound is a finding.
public struct CostBound: Hashable, Sendable, Codable, CustomStringConvertible {
    /// One factor of a product.
    public enum Factor: Hashable, Sendable, Codable {
        /// The variable itself.
        case linear(CostVariable)
        /// Its binary logarithm (at least 1).
        case logarithm(CostVariable)
    }

    /// The products the bound sums; no product is O(1).
    public var terms: [[Factor]]

    /// Creates a bound from its products.
    public init(terms: [[Factor]]) { self.terms = terms.isEmpty ? [[]] : terms }

    /// O(1).
    public static let constant = CostBound(terms: [[]])
    /// O(log *n*).
    public static let logarithmic = CostBound(terms: [[.logarithm(.nodes)]])
    /// O(*n* log *n*).
    public static let linearithmic = CostBound(terms: [[.linear(.nodes), .logarithm(.nodes)]])

    /// O(`variable`).
    public static func linear(in variable: CostVariable) -> CostBound { CostBound(terms: [[.linear(variable)]]) }

    /// O(log `variable`).
    public static func logarithm(of variable: CostVariable) -> CostBound { CostBound(terms: [[.logarithm(variable)]]) }

    /// The bound of both costs one after the other.
    ///
    /// - Complexity: O(*a* + *b*) terms.
    public static func + (left: CostBound, right: CostBound) -> CostBound { CostBound(terms: left.terms + right.terms) }

    /// The bound of one cost paid for each unit of the other.
    ///
    /// - Complexity: O(*a* · *b*) terms.
    public static func * (left: CostBound, right: CostBound) -> CostBound {
        CostBound(terms: left.terms.flatMap { term in right.terms.map { term + $0 } })
    }

    /// The bound's value at `point`, the constant taken as 1.
    ///
    /// - Complexity: O(factors).
    public func value(at point: CostPoint) -> Double {
        terms.reduce(0) { sum, term in
            sum + term.reduce(1) { product, factor in
                switch factor {
                case .linear(let variable): product * point[variable]
                case .logarithm(let variable): product * max(1, log2(point[variable] + 1))
                }
            }
        }
    }

    /// The bound as the docs write it, e.g. `O(d·f + k)`, `O(log n)`, `O(1)`.
    public var description: String {
        let products = terms.map { term -> String in
            guard !term.isEmpty else { return "1" }
            return term.map { factor in
                switch factor {
                case .linear(let variable): variable.symbol
                case .logarithm(let variable): "log \(variable.symbol)"
                }
            }.joined(separator: "·")
        }
        return "O(\(products.joined(separator: " + ")))"
    }
}

/// The binary logarithm, without Foundation.
private func log2(_ value: Double) -> Double {
    guard value > 1 else { return 0 }
    var exponent = 0.0, mantissa = value
    while mantissa >= 2 { mantissa /= 2; exponent += 1 }
    // log2 of the mantissa in [1, 2) by the series of ln((1 + y) / (1 − y)).
    let y = (mantissa - 1) / (mantissa + 1)
    var term = y, sum = 0.0, power = 1.0
    for _ in 0..<12 { sum += term / power; term *= y * y; power += 2 }
    return exponent + 2 * sum / 0.693_147_180_559_945_3
}
