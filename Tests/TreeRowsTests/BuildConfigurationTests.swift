import Testing
import TreeRows

/// The whole suite runs with invariant checks: the project's test command passes the trait
/// `InternalChecks` (a dependent's builds do not, and run no checks). Only the release-speed
/// stages of `.ci/test`, each a `--filter` that leaves this test out, run without them.
@Suite struct BuildConfigurationTests {
    @Test func theSuiteRunsInvariantChecks() {
        #expect(internalChecksEnabled, "a test build without invariant checks. Fix: swift test --traits InternalChecks (bash .ci/test does)")
    }
}
