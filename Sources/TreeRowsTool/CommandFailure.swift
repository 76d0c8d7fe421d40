/// A failure a command reports as one line on stderr and an exit code: 2 for bad input
/// (a file, an id, a flag value), 1 for a check that found a problem.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32 = 2
}
