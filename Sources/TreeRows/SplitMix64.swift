/// A small, fast, seedable pseudo-random generator (SplitMix64), the same on every
/// machine. Every random choice of the harness flows from one of these and a printed seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed gives the same sequence everywhere.
    public init(seed: UInt64) { state = seed }

    /// The generator's state: `SplitMix64(seed: state)` goes on with the same sequence.
    package var _state: UInt64 { state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (`bound` > 0), by Lemire's method.
    ///
    /// Unlike the standard library's `Int.random(in:using:)`, whose algorithm may change
    /// between releases, this stays the same so a seed replays the same case forever.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = next().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }

    /// True with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }
}
