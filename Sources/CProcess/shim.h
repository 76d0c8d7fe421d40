#include <sys/types.h>
#include <unistd.h>

/// fork(2), which Swift's Darwin overlay marks unavailable: the isolated runs fork a child that
/// runs Swift code of this process alone (no threads, no Foundation), and the parent waits.
static inline pid_t treerows_fork(void) { return fork(); }
