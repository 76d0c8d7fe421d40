// valgrind's callgrind client requests, as functions Swift can call: a process that runs
// under `valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no` instruments only
// the code around what it counts, turns event collection on and off around that code, and
// writes the counts since the last dump under a name.
//
// Where valgrind's headers are missing (macOS, or Linux without the valgrind package) the
// functions do nothing and `treerows_callgrind_available` answers 0, so the build never
// depends on valgrind and a count is never claimed without it.
#if defined(__linux__) && defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define TREEROWS_HAS_CALLGRIND 1
#endif
#endif

/// 1 when this build was compiled with valgrind's client requests, else 0.
static inline int treerows_callgrind_available(void) {
#if defined(TREEROWS_HAS_CALLGRIND)
    return 1;
#else
    return 0;
#endif
}

/// How many valgrinds this process runs under: 0 natively.
static inline unsigned treerows_running_on_valgrind(void) {
#if defined(TREEROWS_HAS_CALLGRIND)
    return RUNNING_ON_VALGRIND;
#else
    return 0;
#endif
}

/// Turns callgrind's event collection on when it is off, and off when it is on.
static inline void treerows_callgrind_toggle_collect(void) {
#if defined(TREEROWS_HAS_CALLGRIND)
    CALLGRIND_TOGGLE_COLLECT;
#endif
}

/// Starts callgrind's instrumentation (a process run with `--instr-atstart=no` runs at
/// valgrind's plain speed until then, and its cache simulation sees nothing).
static inline void treerows_callgrind_start_instrumentation(void) {
#if defined(TREEROWS_HAS_CALLGRIND)
    CALLGRIND_START_INSTRUMENTATION;
#endif
}

/// Stops callgrind's instrumentation.
static inline void treerows_callgrind_stop_instrumentation(void) {
#if defined(TREEROWS_HAS_CALLGRIND)
    CALLGRIND_STOP_INSTRUMENTATION;
#endif
}

/// Writes the events collected since the last dump to a new dump file named by `reason`, and
/// zeroes them.
static inline void treerows_callgrind_dump_stats_at(const char *reason) {
#if defined(TREEROWS_HAS_CALLGRIND)
    CALLGRIND_DUMP_STATS_AT(reason);
#else
    (void)reason;
#endif
}
