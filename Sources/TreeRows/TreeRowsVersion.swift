/// The version of this package, which a benchmark's results record (with the commit it was
/// built from, where its source folder is a Git checkout) so that a report says what made it.
public enum TreeRowsVersion {
    /// The version, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
