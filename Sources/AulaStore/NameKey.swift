import Foundation

/// The comparison form of a name or word: trimmed, Unicode-composed, lowercased (ñ, á, ü kept).
/// SQLite's NOCASE folds ASCII only, so uniqueness is enforced on this key instead.
public enum NameKey {
    public static func make(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
            .precomposedStringWithCanonicalMapping
            .lowercased()
    }
}
