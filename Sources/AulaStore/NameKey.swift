import Foundation

/// The comparison form of a name or word: trimmed, Unicode-composed, lowercased (ñ, á, ü kept).
/// SQLite's NOCASE folds ASCII only, so uniqueness is enforced on this key instead.
public enum NameKey {
    public static func make(_ name: String) -> String {
        asciiMake(name) ?? generalMake(name)
    }

    /// `make` for printable ASCII (nearly every name): composing changes
    /// nothing, the only whitespace is the space and only A–Z lowercase — the
    /// same key without Foundation's trimming and normalisation, which were a
    /// quarter of the store thread's time per login (issue 20). Nil otherwise.
    static func asciiMake(_ name: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        guard let first = out.firstIndex(where: { $0 != 0x20 }), let last = out.lastIndex(where: { $0 != 0x20 }) else {
            return ""
        }
        return String(decoding: out[first...last], as: UTF8.self)
    }

    /// The general path (tests hold `asciiMake` to it).
    static func generalMake(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
            .precomposedStringWithCanonicalMapping
            .lowercased()
    }

    /// A student's key (SPEC §12 "Identity and limits"): the case- and
    /// accent-insensitive confusable skeleton, so `Vіctim` (Cyrillic і) finds
    /// `Victim`'s row and `Alvaro` finds `Álvaro`'s (migration 8 rekeyed older rows).
    /// Rows written before this rule keep their `make` key; lookups try the
    /// skeleton first and that old key second (no migration rewrites them).
    public static func student(_ name: String) -> String {
        NameSkeleton.withoutAccents(NameSkeleton.key(name))
    }
}
