#include <sys/types.h>
#include <unistd.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif
#if defined(__linux__) && defined(__GLIBC__) && (defined(__x86_64__) || defined(__aarch64__))
#include <execinfo.h>
#include <ucontext.h>
#define TREEROWS_TRAP_REPORT 1
#endif

/// fork(2), which Swift's Darwin overlay marks unavailable: the isolated runs fork a child that
/// runs Swift code of this process alone (no threads, no Foundation), and the parent waits.
///
/// On Linux the child is killed when the parent dies (a parent killed with SIGKILL leaves no
/// worker running on); if the parent died before that was set, the child exits at once.
static inline pid_t treerows_fork(void) {
    pid_t parent = getpid();
    pid_t pid = fork();
#if defined(__linux__)
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(3);
    }
#endif
    return pid;
}

/// Marks every descriptor from `first` up close-on-exec, so that a program a forked child
/// starts (Swift's backtracer, after a crash) inherits none of them: an inherited pipe or
/// socket of whoever started TreeRows would keep that caller waiting for as long as the
/// program runs. The child itself keeps using them. Through `close_range` on Linux 5.11 and
/// later; otherwise each descriptor up to the soft limit (at most 65,536) in turn.
static inline void treerows_mark_close_on_exec_from(int first) {
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 4 /* CLOSE_RANGE_CLOEXEC */) == 0) return;
#endif
    long limit = sysconf(_SC_OPEN_MAX);
    if (limit < 0 || limit > 65536) limit = 65536;
    for (int fd = first; fd < (int)limit; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC)) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

/// The processes that `pid`'s main thread started and that still run, written to
/// `children` (at most `capacity`): their count, or -1 where the system does not say
/// (macOS, or a Linux without /proc/PID/task/PID/children).
static inline int treerows_children_of(pid_t pid, pid_t *children, int capacity) {
#if defined(__linux__)
    char path[64];
    snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)pid, (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[4096];
    ssize_t length = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (length < 0) return -1;
    text[length] = 0;
    int count = 0;
    char *cursor = text;
    while (count < capacity) {
        char *end;
        long value = strtol(cursor, &end, 10);
        if (end == cursor) break;
        children[count++] = (pid_t)value;
        cursor = end;
    }
    return count;
#else
    (void)pid; (void)children; (void)capacity;
    return -1;
#endif
}

/// The processors this process may run on, written to `cpus` (at most `capacity`): their
/// count, or -1 where the system does not say (macOS). Through the system call itself: the
/// C library's wrapper and its CPU_SET macros need _GNU_SOURCE, which would give this module
/// other definitions of the C library's types than the other modules have.
static inline int treerows_allowed_processors(int *cpus, int capacity) {
#if defined(__linux__)
    unsigned long mask[16] = {0};
    long bytes = syscall(SYS_sched_getaffinity, 0, sizeof(mask), mask);
    if (bytes < 0) return -1;
    int bits = (int)(8 * sizeof(unsigned long)), count = 0;
    for (int cpu = 0; cpu < (int)bytes * 8 && count < capacity; cpu++) {
        if ((mask[cpu / bits] >> (cpu % bits)) & 1UL) cpus[count++] = cpu;
    }
    return count;
#else
    (void)cpus; (void)capacity;
    return -1;
#endif
}

/// Keeps process `pid` (and the children it forks after) on processor `cpu`: 0, or -1 where
/// the system cannot (macOS) or refuses.
static inline int treerows_run_on_processor(pid_t pid, int cpu) {
#if defined(__linux__)
    unsigned long mask[16] = {0};
    int bits = (int)(8 * sizeof(unsigned long));
    if (cpu < 0 || cpu >= 16 * bits) return -1;
    mask[cpu / bits] = 1UL << (cpu % bits);
    return (int)syscall(SYS_sched_setaffinity, pid, sizeof(mask), mask);
#else
    (void)pid; (void)cpu;
    return -1;
#endif
}

/// Where ``treerows_trap_report_handler`` writes: slot 0 the signal (written last), slot 1
/// the number of frames, then the frames, the faulting instruction first; and how many
/// slots there are. (A variable of the function, as a header's own would not be emitted.)
struct treerows_trap_report_place { unsigned long long *slots; int capacity; };
static inline struct treerows_trap_report_place *treerows_trap_report_place(void) {
    static struct treerows_trap_report_place place;
    return &place;
}

#if defined(TREEROWS_TRAP_REPORT)
/// Writes where a fatal signal struck (the faulting instruction and the return addresses
/// above it) to the report slots, then ends the process by the same signal. Only the
/// system's calls and the C library's unwinder, which ``treerows_install_trap_report`` has
/// loaded already.
static inline void treerows_trap_report_handler(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    unsigned long long *slots = treerows_trap_report_place()->slots;
    int capacity = treerows_trap_report_place()->capacity;
#if defined(__x86_64__)
    unsigned long long pc = (unsigned long long)((ucontext_t *)context)->uc_mcontext.gregs[16];
#else
    unsigned long long pc = (unsigned long long)((ucontext_t *)context)->uc_mcontext.pc;
#endif
    void *frames[64];
    int count = backtrace(frames, 64);
    // The unwinder's frames start with this handler and the signal's trampoline.
    int first = count < 2 ? count : 2;
    for (int index = 0; index < count; index++) {
        if ((unsigned long long)frames[index] == pc) { first = index + 1; break; }
    }
    int written = 0;
    slots[2 + written++] = pc;
    for (int index = first; index < count && 2 + written < capacity; index++) slots[2 + written++] = (unsigned long long)frames[index];
    slots[1] = (unsigned long long)written;
    slots[0] = (unsigned long long)signal_number;
    struct sigaction standard;
    memset(&standard, 0, sizeof(standard));
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(signal_number, &standard, NULL);
    raise(signal_number);
}
#endif

/// In a forked child: a fatal signal (SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE) writes
/// where it struck to `slots` (`capacity` of them, shared with the parent) and ends the
/// child at once, instead of Swift's backtracer naming the frames (half a second or more):
/// what a shrinker's candidates need to be told apart. 1 if installed; 0 where the system
/// has no such report (other than Linux with the GNU C library on x86-64 or ARM64).
static inline int treerows_install_trap_report(unsigned long long *slots, int capacity) {
#if defined(TREEROWS_TRAP_REPORT)
    if (capacity < 3) return 0;
    treerows_trap_report_place()->slots = slots;
    treerows_trap_report_place()->capacity = capacity;
    // The first call loads the unwinder, which a signal handler must not do.
    void *warm[2];
    (void)backtrace(warm, 2);
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = treerows_trap_report_handler;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    int signals[5] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE};
    for (int index = 0; index < 5; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return 0;
    }
    return 1;
#else
    (void)slots; (void)capacity;
    return 0;
#endif
}

/// An address in the code that holds this function: with /proc/self/maps, which object the
/// frames of a trap report belong to.
static inline unsigned long long treerows_own_code_address(void) {
    return (unsigned long long)(unsigned long)&treerows_own_code_address;
}
