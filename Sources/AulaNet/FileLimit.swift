import CShims

/// The open-file limit: each student is one socket, so a server meant for
/// thousands of connections raises its soft limit to the hard one at start.
public enum FileLimit {
    /// Raises the soft limit as far as allowed; returns the new limit (-1 if unknown).
    @discardableResult
    public static func raise() -> Int { Int(aula_raise_fd_limit()) }
}
