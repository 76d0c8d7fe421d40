import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test on Linux, and skips it elsewhere saying `why`: for what only Linux has
    /// (`/dev/full`, valgrind, Debian's headless Chromium). On Linux the test always runs,
    /// so a missing tool fails it there instead of letting it pass having checked nothing.
    public static func linuxOnly(_ why: Comment) -> Self {
        #if os(Linux)
        .enabled(if: true, why)
        #else
        .enabled(if: false, why)
        #endif
    }
}
