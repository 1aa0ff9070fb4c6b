/// Turns the raw bytes of one input line into safe text: UTF-8 with invalid
/// bytes as U+FFFD, ANSI escape sequences and control characters removed,
/// tabs as spaces; bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E/F,
/// U+061C), line/paragraph separators (U+2028/9), invisible spaces and
/// joiners that join nothing (U+200B, U+2060–U+2064, U+FEFF) and
/// noncharacters removed — so nothing a user types can move, reverse or clear
/// others' screens, or hide inside a line. ZWJ and ZWNJ (U+200C/D) stay:
/// emoji sequences and some scripts need them.
public enum TextCleaner {
    private enum State {
        case text, escape, escapeIntermediate, controlSequence, controlString, controlStringEscape
    }

    public static func clean(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        cleanReportingChanges(bytes).text
    }

    public static func clean(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { clean($0) }
    }

    /// The clean text, and whether anything was removed or replaced on the way
    /// (a name typed with escapes must be refused, not silently accepted).
    public static func cleanReportingChanges(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, changed: Bool) {
        var plain = true
        for byte in bytes where byte < 0x20 || byte > 0x7E {
            plain = false
            break
        }
        if plain { return (String(decoding: bytes, as: UTF8.self), false) }
        if let valid = String(validating: bytes, as: UTF8.self) {
            return stripReportingChanges(valid.unicodeScalars)
        }
        // Invalid UTF-8 is repaired scalar by scalar here rather than by
        // `String(decoding:)`, whose repairing path throws inside the standard
        // library: harmless in the product, but a process running Swift
        // Testing captures a backtrace for every throw, and a flood of garbage
        // lines then slowed the server's loop in the hostile-student tests.
        return (stripReportingChanges(RepairedUTF8(bytes)).text, true)
    }

    public static func cleanReportingChanges(_ bytes: [UInt8]) -> (text: String, changed: Bool) {
        bytes.withUnsafeBufferPointer { cleanReportingChanges($0) }
    }

    /// Removes escape sequences and control characters from already-decoded text.
    public static func strip(_ text: String) -> String {
        stripReportingChanges(text.unicodeScalars).text
    }

    private static func stripReportingChanges<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars) -> (text: String, changed: Bool) {
        var out = String.UnicodeScalarView()
        var state = State.text
        var kept = 0
        var total = 0
        var tabs = 0
        for scalar in scalars {
            total += 1
            var again = true
            while again {
                again = false
                let value = scalar.value
                switch state {
                case .text:
                    switch value {
                    case 0x1B: state = .escape
                    case 0x9B: state = .controlSequence
                    case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .controlString
                    case 0x09:
                        out.append(" ")
                        tabs += 1
                    case 0x00...0x1F, 0x7F...0x9F: break
                    // Bidi controls reverse or reorder the rest of a classmate's
                    // screen line; line and paragraph separators break it.
                    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: break
                    // Invisible: a zero-width space split "evil" from a word a filter
                    // looks for, unseen (a play test).
                    case 0x200B, 0x2060...0x2064, 0xFEFF: break
                    // Noncharacters are for a program's internal use, never text (catalog
                    // references no longer rely on them: phrase arguments are typed).
                    case 0xFDD0...0xFDEF: break
                    case _ where value & 0xFFFE == 0xFFFE: break
                    default:
                        out.append(scalar)
                        kept += 1
                    }
                case .escape:
                    switch value {
                    case 0x5B: state = .controlSequence  // [
                    case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .controlString  // ] P X ^ _
                    case 0x1B: state = .escape
                    case 0x20...0x2F: state = .escapeIntermediate
                    default: state = .text  // ESC x: both dropped
                    }
                case .escapeIntermediate:
                    switch value {
                    case 0x20...0x2F: break
                    case 0x30...0x7E: state = .text
                    default:
                        state = .text
                        again = true
                    }
                case .controlSequence:
                    switch value {
                    case 0x20...0x3F: break
                    case 0x40...0x7E: state = .text
                    default:
                        state = .text
                        again = true
                    }
                case .controlString:
                    switch value {
                    case 0x07, 0x9C: state = .text
                    case 0x1B: state = .controlStringEscape
                    default: break
                    }
                case .controlStringEscape:
                    if value == 0x5C {  // ESC \ (string terminator)
                        state = .text
                    } else {
                        state = .escape
                        again = true
                    }
                }
            }
        }
        return (String(out), kept != total || tabs > 0)
    }
}

/// The scalars of possibly invalid UTF-8, each maximal invalid subpart as one
/// U+FFFD — the standard library's decoder, so the result is the same text
/// `String(decoding:as:)` gives (TextCleanerTests compares them).
struct RepairedUTF8: Sequence, IteratorProtocol {
    private var bytes: UnsafeBufferPointer<UInt8>.Iterator
    private var decoder = Unicode.UTF8()

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes.makeIterator() }

    mutating func next() -> Unicode.Scalar? {
        switch decoder.decode(&bytes) {
        case .scalarValue(let scalar): scalar
        case .emptyInput: nil
        case .error: "\u{FFFD}"
        }
    }
}

