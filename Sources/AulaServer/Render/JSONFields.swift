import AulaGames

/// The fields of one JSON event, as they are written: straight into the
/// line's bytes when rendering (no field list, no `JSON` values built), or
/// recorded as a field list when something asks for `fields`. The events sent
/// on every guess write themselves through it; the rest list their fields.
public struct JSONFields {
    /// The line being written (rendering), empty when recording.
    var bytes: [UInt8] = []
    /// The fields so far (recording).
    private(set) var recorded: [(String, JSON)] = []
    private let recording: Bool

    init(recording: Bool) {
        self.recording = recording
    }

    public mutating func add(_ key: String, _ value: JSON) {
        guard !recording else { return recorded.append((key, value)) }
        writeKey(key)
        value.write(into: &bytes)
    }

    public mutating func add(_ key: String, _ value: String) {
        guard !recording else { return recorded.append((key, .string(value))) }
        writeKey(key)
        JSON.writeString(value, into: &bytes)
    }

    /// A string, or `null` when there is none.
    public mutating func add(_ key: String, _ value: String?) {
        guard let value else { return add(key, JSON.null) }
        add(key, value)
    }

    public mutating func add(_ key: String, _ value: Int) {
        guard !recording else { return recorded.append((key, .int(value))) }
        writeKey(key)
        JSON.writeInt(value, into: &bytes)
    }

    public mutating func add(_ key: String, _ value: Bool) {
        guard !recording else { return recorded.append((key, .bool(value))) }
        writeKey(key)
        JSON.append(value ? "true" : "false", into: &bytes)
    }

    /// Phrases in the reader's language joined by newlines, as one string:
    /// the same value as `add(key, phrases.map(t.say).joined("\n"))`, written
    /// escaped straight into the line (no message strings built).
    public mutating func add(_ key: String, phrases: [Phrase], _ t: TextContext) {
        guard !recording else {
            let text = phrases.count == 1 ? t.say(phrases[0]) : phrases.map { t.say($0) }.joined(separator: "\n")
            return recorded.append((key, .string(text)))
        }
        writeKey(key)
        bytes.append(UInt8(ascii: "\""))
        for (i, phrase) in phrases.enumerated() {
            if i > 0 { JSON.append("\\n", into: &bytes) }
            t.catalog.writeEscaped(phrase, t.language, into: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An array of strings.
    public mutating func add(_ key: String, strings: [String]) {
        guard !recording else { return recorded.append((key, .array(strings.map { .string($0) }))) }
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        for (i, s) in strings.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            JSON.writeString(s, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An array of one-letter strings (a hangman round's letters), written from
    /// the characters themselves: no array of strings made on every guess.
    public mutating func add(_ key: String, letters: [Character]) {
        guard !recording else { return recorded.append((key, .array(letters.map { .string(String($0)) }))) }
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        for (i, letter) in letters.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            JSON.writeString(String(letter), into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An object of numbers by name, in the order given.
    public mutating func add<S: Sequence>(_ key: String, numbersByName pairs: S) where S.Element == (String, Int) {
        guard !recording else { return recorded.append((key, .object(pairs.map { ($0.0, .int($0.1)) }))) }
        writeKey(key)
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (name, number) in pairs {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSON.writeString(name, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            JSON.writeInt(number, into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func writeKey(_ key: String) {
        bytes.append(UInt8(ascii: ","))
        JSON.writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }
}

/// An event that writes its JSON fields itself through `JSONFields` (those
/// sent on every guess); its field list, when asked for, is recorded from
/// that same writing, so the two never differ.
public protocol SelfWritingEvent: Event {}

extension SelfWritingEvent {
    public func fields(_ t: TextContext) -> [(String, JSON)] {
        var fields = JSONFields(recording: true)
        writeFields(t, into: &fields)
        return fields.recorded
    }
}

extension Event {
    /// The default: the event's field list, written one by one.
    public func writeFields(_ t: TextContext, into fields: inout JSONFields) {
        for (key, value) in self.fields(t) { fields.add(key, value) }
    }
}
