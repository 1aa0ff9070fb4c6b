import CShims

/// The size of a terminal, for clients that tell the server their width
/// (`aula admin` answers the console's telnet NAWS question with it).
public enum TerminalSize {
    /// Columns and rows of the terminal on `fd`, or nil when `fd` is not a terminal.
    public static func of(_ fd: Int32) -> (columns: Int, rows: Int)? {
        var columns: Int32 = 0, rows: Int32 = 0
        guard aula_terminal_size(fd, &columns, &rows) == 0 else { return nil }
        return (Int(columns), Int(rows))
    }
}
