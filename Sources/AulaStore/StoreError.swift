import CSQLite

/// A storage failure: the SQLite result code (or one of ours, negative) and its message.
public struct StoreError: Error, Sendable, CustomStringConvertible, Equatable {
    public let code: Int32
    public let message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// Our own codes are negative so they never collide with SQLite's.
    public static let otherCode: Int32 = -1
    public static let closedCode: Int32 = -2
    public static let tooNewCode: Int32 = -3
    public static let overloadedCode: Int32 = -4
    /// The database file was moved or deleted while open (issue 17).
    public static let movedCode: Int32 = -5
    /// A row was read by a column name the query did not return, or a NOT NULL read found NULL
    /// or the wrong kind of value: a bug in our SQL, reported rather than read as 0 (issue 18).
    public static let columnCode: Int32 = -6

    public static let closed = StoreError(code: closedCode, message: "the store is closed")

    static func missingColumn(_ column: String, in columns: [String]) -> StoreError {
        StoreError(code: columnCode, message: "no column \"\(column)\" in the result (columns: \(columns.joined(separator: ", ")))")
    }

    static func badValue(_ column: String, _ problem: String) -> StoreError {
        StoreError(code: columnCode, message: "column \"\(column)\" is \(problem)")
    }

    /// Wraps any error thrown by a body; store errors pass through unchanged.
    public init(wrapping error: any Error) {
        if let e = error as? StoreError { self = e } else { self.init(code: Self.otherCode, message: String(describing: error)) }
    }

    /// The primary SQLite result code (extended codes carry detail in the upper bits).
    public var primaryCode: Int32 { code < 0 ? code : code & 0xff }

    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    public var isFull: Bool { primaryCode == SQLITE_FULL }
    public var isIOError: Bool { primaryCode == SQLITE_IOERR }
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// Errors that may go away by themselves: the write is kept and retried.
    public var isTransient: Bool {
        isBusy || isFull || isIOError || primaryCode == SQLITE_NOMEM || primaryCode == SQLITE_CANTOPEN
    }

    /// A stable snake_case code for the server's refusals (catalog key `error.<code>`).
    public var refusalCode: String {
        if isBusy { return "storage_busy" }
        if isFull { return "storage_full" }
        if isConstraint { return "storage_conflict" }
        return "storage_failed"
    }

    public var description: String { "StoreError(\(code)): \(message)" }
}
