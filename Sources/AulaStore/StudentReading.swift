/// How a student reads, kept with them like the C/Java choice (SPEC §12 "a
/// per-student setting"; session 12: a blind student's reader mode was gone
/// after a server restart and nothing said so). Each part is nil until the
/// student chose it: then the connection's own reading stands.
public struct StudentReading: Sendable, Equatable {
    public var reader: Bool?
    /// A language code (`en`, `es`).
    public var language: String?
    /// A width the student typed (`width 40`); one the terminal reported is not kept.
    public var width: Int?

    public init(reader: Bool? = nil, language: String? = nil, width: Int? = nil) {
        self.reader = reader
        self.language = language
        self.width = width
    }

    public var isEmpty: Bool { reader == nil && language == nil && width == nil }
}

extension Database {
    /// The student's kept reading; all nil for a student who never chose (or no such row).
    public func studentReading(studentID: Int64) throws -> StudentReading {
        guard let row = try query("SELECT reader, lang, width FROM students WHERE id = ?",
                                  [.integer(studentID)]).first else { return StudentReading() }
        return try Self.studentReading(row)
    }

    /// Keeps the parts of `reading` that are set; the others stay as they were.
    public func keepStudentReading(studentID: Int64, _ reading: StudentReading) throws {
        try run("""
            UPDATE students SET reader = COALESCE(?, reader), lang = COALESCE(?, lang), width = COALESCE(?, width)
            WHERE id = ?
            """, [SQLValue(reading.reader.map { $0 ? 1 : 0 } as Int?), SQLValue(reading.language),
                  SQLValue(reading.width), .integer(studentID)])
    }

    /// The reading columns of a student row (`studentColumns` selects them).
    static func studentReading(_ r: Row) throws -> StudentReading {
        try StudentReading(reader: r.intOrNil("reader").map { $0 != 0 }, language: r.stringOrNil("lang"),
                           width: r.intOrNil("width").map { Int($0) })
    }
}
