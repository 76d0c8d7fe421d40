#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TreeRowsHarness

/// A crash names the first frame of the strategy's own code: not a frame of the standard
/// library specialized into the strategy's binary (which the backtracer does not mark as a
/// system frame), even when that frame carries the strategy's line (an inlined closure).
@Suite struct CrashReportTests {
    @Test func standardLibrarySymbolsAreKnownByTheirMangling() {
        #expect(Crash.isStandardLibrary("$ss16IndexingIteratorV4nextxSg7ElementQzSgyF"))
        #expect(Crash.isStandardLibrary("$sSayxSicigSi_Tg5"))
        #expect(Crash.isStandardLibrary("_$ss15LazyMapSequenceV8IteratorV4nextq_SgyF"))
        #expect(!Crash.isStandardLibrary("$s11MyStrategyAAV6toggleyAA7RowDiffVAA9NodeIndexVF"))
        #expect(!Crash.isStandardLibrary("$s2t24walkySiAA6HolderVF"))
        #expect(!Crash.isStandardLibrary("main"))
        // A user's extension of a standard type, a specialization of it and a closure in it,
        // are the user's code; a standard type's own member is not.
        #expect(!Crash.isStandardLibrary("$sSa7MyStuffE6helperyyF"))
        #expect(!Crash.isStandardLibrary("$sSa7MyStuffSiRszlE6helperyyF"))
        #expect(!Crash.isStandardLibrary("$sSa7MyStuffE6helperyyFSi_Tg5"))
        #expect(!Crash.isStandardLibrary("$sST7MyStuffE5helloyyF"))
        #expect(!Crash.isStandardLibrary("$sSa7MyStuffE6helperyyFyycfU_"))
        #expect(Crash.isStandardLibrary("$sSD5IndexV4hashyySiF"))
        // Foundation's extension of String is the toolchain's.
        #expect(Crash.isStandardLibrary("$sSS10FoundationE4data5using20allowLossyConversionAA4DataVSgSSAAE8EncodingV_SbtF"))
        #expect(Crash.isStandardLibrary("$ss5printyyypd_SS9separatorSS10terminatortF"))
    }

    /// The shape of Swift's JSON crash report for an index out of range inside a
    /// `lazy.map` closure: the array's getter (system), the iterator's `next()` (standard
    /// library, not marked), then the strategy's function.
    @Test func theTopFrameIsTheStrategysOwn() {
        let report = """
        {"crashReport":true,"description":"Illegal instruction","threads":[{"crashed":true,"frames":[\
        {"kind":"programCounter","inlined":true,"system":true,"symbol":"$sSayxSicigSi_Tg5","description":"specialized Array.subscript.getter","image":"my-tool","sourceLocation":{"file":"//<compiler-generated>","line":0,"column":0}},\
        {"kind":"programCounter","inlined":true,"symbol":"$ss15LazyMapSequenceV8IteratorV4nextq_SgyFSaySiG_SiTg5","description":"specialized LazyMapSequence.Iterator.next()","image":"my-tool","sourceLocation":{"file":"/src/MyStrategy.swift","line":40,"column":40}},\
        {"kind":"programCounter","symbol":"$s10MyStrategyAAV6toggleyF","description":"MyStrategy.toggle(_:) + 61","image":"my-tool","sourceLocation":{"file":"/src/MyStrategy.swift","line":40,"column":5}}]}]}
        """
        let crash = Crash(signal: SIGILL, standardError: Array(("noise\n" + report + "\n").utf8))
        #expect(crash.function == "MyStrategy.toggle(_:)", "\(crash)")
        #expect(crash.location == "MyStrategy.swift:40", "\(crash)")
        #expect(crash.kind == .trap)
    }
}
