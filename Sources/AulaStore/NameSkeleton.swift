import Foundation

/// The UTS #39 confusable skeleton of a name, made case-insensitive: two names
/// that render alike (`Victim` and `Vіctim` with a Cyrillic і, `ＶＩＣＴＩＭ`,
/// `B0b` and `Bob`) get the same key, so uniqueness within a group and the
/// stored student row follow what people see, not the code points.
///
/// Steps: NFKC (fullwidth and mathematical letters become plain ones), default-
/// ignorable code points dropped (they render as nothing), runs of spaces made
/// one; non-Latin capitals that look like Latin ones mapped first (so `В` and
/// `B` agree before lowercasing turns them into `в` and `b`); lowercase; the
/// skeleton proper (NFD, each character to its prototype from Unicode's
/// confusables.txt, NFD again); lowercase again (prototypes may be capitals,
/// `0` → `O`); NFC. A pure function: no state but the generated tables.
/// Student keys also drop accents (`withoutAccents`); the blocklist keeps `ñ`.
///
/// Known limit: Latin `I` and `l` are confusable in UTS #39, but names are also
/// case-insensitive (`Ivan` = `ivan`), and both cannot hold without making `i`
/// and `l` one letter; terminal fonts tell `I` from `l`, so `I` folds to `i`.
public enum NameSkeleton {
    public static func key(_ name: String) -> String {
        if let fast = asciiKey(name) { return fast }
        return slowKey(name)
    }

    /// Plain ASCII (nearly every name typed in a lab): NFKC, NFD and the
    /// script checks do nothing, so each byte maps on its own through a
    /// 128-entry table made by `slowKey` itself — the same result, several
    /// times faster (a key is made at every login and every name lookup).
    static func asciiKey(_ name: String) -> String? {
        let tables = Tables.shared
        let count = name.utf8.count
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        // Written straight into the string's storage from one flat table (issue 20:
        // an array per key and a retained inner array per byte, ~8 keys a login).
        return String(unsafeUninitializedCapacity: count * tables.asciiWidest + 1) { out in
            var n = 0
            var pendingSpace = false
            for byte in name.utf8 {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = n > 0
                    continue
                }
                if pendingSpace { out[n] = 0x20; n += 1; pendingSpace = false }
                let start = tables.asciiStarts[Int(byte)], end = tables.asciiStarts[Int(byte) + 1]
                for i in start..<end { out[n] = tables.asciiBytes[i]; n += 1 }
            }
            return n
        }
    }

    static func slowKey(_ name: String, _ tables: Tables = .shared) -> String {
        let compatible = name.precomposedStringWithCompatibilityMapping
        var visible = String.UnicodeScalarView()
        var lastWasSpace = true  // also trims leading spaces
        for scalar in compatible.unicodeScalars {
            // The middle dot NFKC leaves of `Ŀ`/`ŀ` ("L·") is no letter of the name (`Ŀucia` is `Lucia`).
            if scalar.properties.isDefaultIgnorableCodePoint || scalar.value == 0xB7 { continue }
            if scalar.properties.isWhitespace {
                if !lastWasSpace { visible.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            visible.append(contentsOf: upperLookAlike(scalar, tables))
        }
        var text = String(visible)
        while text.hasSuffix(" ") { text.removeLast() }
        let folded = skeleton(text.lowercased(), tables).lowercased()
        return folded.precomposedStringWithCanonicalMapping
    }

    /// A key without the combining diacritical marks U+0300–U+036F: `Álvaro` and
    /// `Alvaro`, `Noé` and `NOE`, `Peña` and `Pena` are one student (`NameKey.student`:
    /// a student without the accent on the keyboard must not become a new student
    /// beside the roster's one, session 12). Marks of other blocks (Devanagari
    /// vowel signs…) are letters of their own and stay. ASCII (nearly every key) as is.
    public static func withoutAccents(_ key: String) -> String {
        guard !key.utf8.allSatisfy({ $0 < 0x80 }) else { return key }
        let decomposed = key.decomposedStringWithCanonicalMapping
        guard decomposed.unicodeScalars.contains(where: isAccent) else { return key }
        return String(String.UnicodeScalarView(decomposed.unicodeScalars.filter { !isAccent($0) }))
            .precomposedStringWithCanonicalMapping
    }

    static func isAccent(_ scalar: Unicode.Scalar) -> Bool { (0x0300...0x036F).contains(scalar.value) }

    /// UTS #39 `skeleton(X)`: NFD, each code point replaced by its prototype, NFD.
    public static func skeleton(_ text: String) -> String { skeleton(text, .shared) }

    static func skeleton(_ text: String, _ tables: Tables) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if let prototype = tables.prototypes[scalar.value] {
                out.append(contentsOf: prototype)
            } else {
                out.append(scalar)
            }
        }
        return String(out).decomposedStringWithCanonicalMapping
    }

    /// The Unicode script of a code point (`LATIN`, `CYRILLIC`, `COMMON`, `INHERITED`...),
    /// `UNKNOWN` for unassigned ones.
    public static func script(_ scalar: Unicode.Scalar) -> String { script(scalar, .shared) }

    static func script(_ scalar: Unicode.Scalar, _ tables: Tables) -> String {
        let ranges = tables.scriptRanges
        var low = 0, high = ranges.count - 1
        let value = scalar.value
        while low <= high {
            let mid = (low + high) / 2
            let range = ranges[mid]
            if value < range.low { high = mid - 1 } else if value > range.high { low = mid + 1 } else {
                return tables.scriptNames[range.script]
            }
        }
        return "UNKNOWN"
    }

    /// A capital of another script that looks like a Latin capital (Cyrillic `В`,
    /// Greek `Ι`) becomes that Latin capital; one whose prototype is `l` is an
    /// I-shape and becomes `I`, which lowercases like Latin `I` does.
    static func upperLookAlike(_ scalar: Unicode.Scalar, _ tables: Tables) -> [Unicode.Scalar] {
        let p = scalar.properties
        guard p.isUppercase || p.generalCategory == .titlecaseLetter, scalar.value >= 0x80,
              script(scalar, tables) != "LATIN", let prototype = tables.prototypes[scalar.value] else { return [scalar] }
        if prototype == ["l"] { return ["I"] }
        return prototype
    }

    /// The generated strings of `ConfusablesData`, parsed once.
    struct Tables: Sendable {
        struct ScriptRange: Sendable {
            let low: UInt32
            let high: UInt32
            let script: Int
        }

        let prototypes: [UInt32: [Unicode.Scalar]]
        let scriptNames: [String]
        let scriptRanges: [ScriptRange]
        /// `slowKey` of each ASCII character alone, as UTF-8 (`asciiKey`).
        var ascii: [[UInt8]] = []
        /// `ascii` flattened: byte `b`'s key is `asciiBytes[asciiStarts[b]..<asciiStarts[b + 1]]`.
        var asciiBytes: [UInt8] = []
        var asciiStarts: [Int] = [0]
        /// The longest of them.
        var asciiWidest = 1

        static let shared = Tables.make()

        init() {
            var prototypes: [UInt32: [Unicode.Scalar]] = [:]
            for item in (ConfusablesData.mappings + " " + ConfusablesSupplement.mappings).split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                let parts = item.split(separator: ">")
                guard parts.count == 2, let source = UInt32(parts[0], radix: 16) else { continue }
                let target = parts[1].split(separator: ".").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
                if !target.isEmpty { prototypes[source] = target }
            }
            self.prototypes = prototypes
            scriptNames = ConfusablesData.scriptNames.split(separator: " ").map(String.init)
            var ranges: [ScriptRange] = []
            for item in ConfusablesData.scriptRanges.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                let halves = item.split(separator: ":")
                let bounds = halves.first?.split(separator: "-") ?? []
                guard halves.count == 2, bounds.count == 2, let low = UInt32(bounds[0], radix: 16),
                      let high = UInt32(bounds[1], radix: 16), let index = Int(halves[1], radix: 16),
                      index < scriptNames.count else { continue }
                ranges.append(ScriptRange(low: low, high: high, script: index))
            }
            scriptRanges = ranges.sorted { $0.low < $1.low }
        }

        /// The tables, then the ASCII map computed from them.
        static func make() -> Tables {
            var tables = Tables()
            tables.ascii = (0..<128).map { byte in
                guard let scalar = Unicode.Scalar(UInt32(byte)) else { return [] }
                return Array(NameSkeleton.slowKey(String(Character(scalar)), tables).utf8)
            }
            for key in tables.ascii {
                tables.asciiBytes += key
                tables.asciiStarts.append(tables.asciiBytes.count)
                tables.asciiWidest = max(tables.asciiWidest, key.count)
            }
            return tables
        }
    }
}
