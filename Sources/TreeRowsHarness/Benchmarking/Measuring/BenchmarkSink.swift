/// Keeps benchmark results alive so the optimizer cannot drop the work that made them.
package enum BenchmarkSink {
    nonisolated(unsafe) private static var value = 0

    /// Records `checksum` where the optimizer cannot see it unused.
    @inline(never)
    package static func consume(_ checksum: Int) { value &+= checksum }
}
