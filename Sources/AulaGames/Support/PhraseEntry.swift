extension Phrase {
    /// A phrase argument that is itself a catalog entry, translated into the
    /// reader's language (e.g. a usage line inside "Usage: {0}"). Only code
    /// can make one: the marker is U+FDD0, a Unicode noncharacter that
    /// TextCleaner removes from everything users type, so chat text such as
    /// `§error.server_full` is always shown as typed, never looked up.
    public static func entry(_ key: String) -> String { entryMarkerText + key }

    /// The marker `entry` puts in front of a key (Swift string literals refuse
    /// noncharacters, so it is built from its value; it always exists).
    public static let entryMarker: Unicode.Scalar = Unicode.Scalar(UInt32(0xFDD0)) ?? "\u{FFFC}"
    static let entryMarkerText = String(Character(entryMarker))
}
