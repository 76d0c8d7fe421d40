#include <sys/types.h>
#include <unistd.h>
#include <signal.h>
#if defined(__linux__)
#include <sys/prctl.h>
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
