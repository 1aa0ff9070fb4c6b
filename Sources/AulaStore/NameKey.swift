import Foundation

/// The comparison form of a name or word: trimmed, Unicode-composed, lowercased (ñ, á, ü kept).
/// SQLite's NOCASE folds ASCII only, so uniqueness is enforced on this key instead.
public enum NameKey {
    public static func make(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
            .precomposedStringWithCanonicalMapping
            .lowercased()
    }

    /// A student's key (SPEC §12 "Identity and limits"): the case-insensitive
    /// confusable skeleton, so `Vіctim` (Cyrillic і) finds `Victim`'s row.
    /// Rows written before this rule keep their `make` key; lookups try the
    /// skeleton first and that old key second (no migration rewrites them).
    public static func student(_ name: String) -> String {
        NameSkeleton.key(name)
    }
}
