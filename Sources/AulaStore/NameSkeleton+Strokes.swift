/// Readings of a name that the case-insensitive key cannot give (the "known
/// limit" in NameSkeleton.swift): a capital `I` is a plain stroke like `l`
/// (`ADA KAl` passed for `ADA KAI`, `Ɩucia` for `Lucia`), and a digit `1` can
/// pass for an `i` (`Luc1a`). The key folds `I` to `i` and `1` to `l`, so these
/// are the key of the name with each capital I-shape written `l`, and with each
/// `1` written `i` — compared with the same readings of the names online.
extension NameSkeleton {
    /// The name's other keys (none when they equal `key(name)`).
    public static func strokeKeys(_ name: String) -> [String] {
        let tables = Tables.shared
        var strokes = String.UnicodeScalarView(), ones = String.UnicodeScalarView()
        var hasStroke = false, hasOne = false
        for scalar in name.unicodeScalars {
            if isCapitalStroke(scalar, tables) {
                strokes.append("l")
                hasStroke = true
            } else {
                strokes.append(scalar)
            }
            if scalar == "1" {
                ones.append("i")
                hasOne = true
            } else {
                ones.append(scalar)
            }
        }
        var keys: [String] = []
        if hasStroke { keys.append(key(String(strokes))) }
        if hasOne { keys.append(key(String(ones))) }
        return keys
    }

    /// A capital that is one vertical stroke: `I`, or a capital whose prototype is `l` (`Ɩ`, Cyrillic `І`, Cherokee `Ꮖ`).
    static func isCapitalStroke(_ scalar: Unicode.Scalar, _ tables: Tables) -> Bool {
        if scalar == "I" { return true }
        guard scalar.value >= 0x80 else { return false }
        let p = scalar.properties
        return (p.isUppercase || p.generalCategory == .titlecaseLetter) && tables.prototypes[scalar.value] == ["l"]
    }
}
