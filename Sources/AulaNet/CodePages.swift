import CShims

/// The server's code pages (issue 20). Start-up runs code the steady state
/// never runs again — the Swift runtime's first conformance scans, Foundation's
/// set-up, argument parsing, migrations, content decoding — and the kernel maps
/// 64 KB of the executable around every page it faults in, so a fresh server
/// held ~13 MB of its binary resident, of which a few MB are used afterwards.
/// Releasing the read-only file mappings (code, and data such as the symbol
/// and relocation tables the dynamic linker read once) when start-up is over
/// lets the steady state map back only what it uses (bench/REPORT.md, "Idle memory
/// (session 6)"). The pages stay in the page cache, so one used again costs a
/// minor fault, not a disk read.
public enum CodePages {
    /// Set to anything to keep the pages (to measure the difference).
    public static let keepVariable = "AULA_KEEP_CODE_PAGES"

    /// Releases the resident pages of the read-only file mappings that hold no
    /// private page (CShims/memory.c says which are safe); returns the bytes
    /// released (0 when nothing was, or /proc is missing).
    @discardableResult
    public static func releaseStartupPages() -> Int {
        let released = aula_release_code_pages()
        return released > 0 ? released : 0
    }
}
