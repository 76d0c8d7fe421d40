/// The kinds of ``NodeOperation``, named as the command line, the reports and repro files
/// write them (`toggle`, `expand-recursively`, …).
public enum OperationKind: String, CaseIterable, Sendable {
    case toggle
    case expand
    case collapse
    case expandRecursively = "expand-recursively"
    case collapseRecursively = "collapse-recursively"
    case expandAll = "expand-all"
    case collapseAll = "collapse-all"
    case insert
    case remove
    case reload
    case sort
    case accordionExpand = "accordion-expand"
    case loadPage = "load-page"
}
