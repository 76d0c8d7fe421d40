import Testing
import TreeRows

/// The debug tests run with invariant checks: the project's test command passes the trait
/// `InternalChecks` (a dependent's builds do not, and run no checks).
@Suite struct BuildConfigurationTests {
    @Test func debugTestsRunInvariantChecks() {
        #if DEBUG
        #expect(internalChecksEnabled, "a debug test build without invariant checks. Fix: swift test --traits InternalChecks (bash .ci/test does)")
        #else
        #expect(!internalChecksEnabled, "a release build with invariant checks: its timings would mean nothing")
        #endif
    }
}
