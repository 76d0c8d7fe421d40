#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TreeRows

/// fenwick-counts with extra work planted in its toggle: `TREEROWS_PLANTED_ITERATIONS`
/// steps of dependent arithmetic per toggle (the same work in every process), or
/// `TREEROWS_PLANTED_NANOSECONDS` nanoseconds of it at a rate this process measures once
/// (which moves with the machine's load when measured); none when both are unset. Read once,
/// from the environment. Its rows stay right. What the time gate is measured on: the same
/// binary with and without the variable is a head planted slower than its base.
public struct PlantedSlowdown: ForwardingStrategy {
    public static let name = "planted-slowdown"
    public var base: FenwickCountsStrategy

    public init(base: FenwickCountsStrategy) { self.base = base }

    /// Iterations of ``spin(_:)`` per toggle: as given, or the planted nanoseconds at the
    /// iterations per nanosecond measured over ten million iterations when first read.
    static let iterations: Int = {
        if let text = getenv("TREEROWS_PLANTED_ITERATIONS").map({ String(cString: $0) }), let count = Int(text), count >= 0 {
            return count
        }
        guard let text = getenv("TREEROWS_PLANTED_NANOSECONDS").map({ String(cString: $0) }), let nanoseconds = Double(text),
              nanoseconds > 0 else { return 0 }
        let clock = ContinuousClock(), count = 10_000_000
        let start = clock.now
        BenchmarkSinkForPlanted.value &+= spin(count)
        let elapsed = clock.now - start
        let perNanosecond = Double(count) / (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
        return Int((nanoseconds * perNanosecond).rounded())
    }()

    /// `count` steps of a dependent xorshift, whose result the caller keeps.
    @inline(never)
    static func spin(_ count: Int) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<count {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        return state
    }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        if Self.iterations > 0 { BenchmarkSinkForPlanted.value &+= Self.spin(Self.iterations) }
        return base.toggle(node)
    }
}

/// Where the planted work's results go, so that the optimizer keeps the work.
enum BenchmarkSinkForPlanted {
    nonisolated(unsafe) static var value: UInt64 = 0
}
