/// One result row: values by column name (as written in the SELECT) or by position.
///
/// Reading a column by name THROWS when the query returned no such column: a misspelled
/// name is a bug in our SQL, and it must reach the caller's storage error path (the
/// student's or teacher's `storage_unavailable`) instead of reading as a silent 0 or "".
/// The plain accessors (`int`, `string`, ...) are for NOT NULL columns and also throw on
/// NULL or on a value of the wrong kind; the `…OrNil` ones are for nullable columns.
public struct Row: Sendable {
    public let columns: [String]
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of a column; throws `StoreError.missingColumn` when the query has no such column.
    public func value(_ column: String) throws(StoreError) -> SQLValue {
        if let i = columns.firstIndex(of: column) { return values[i] }
        let lower = column.lowercased()
        if let i = columns.firstIndex(where: { $0.lowercased() == lower }) { return values[i] }
        throw StoreError.missingColumn(column, in: columns)
    }

    /// `value(_:)` as a subscript: `try row["points"]`.
    public subscript(_ column: String) -> SQLValue {
        get throws(StoreError) { try value(column) }
    }

    /// The value at a position; `.null` past the end (only used for one-column pragmas).
    public subscript(_ index: Int) -> SQLValue {
        values.indices.contains(index) ? values[index] : .null
    }

    // MARK: NOT NULL columns

    public func int(_ column: String) throws(StoreError) -> Int64 { try required(column, \.int64, "an integer") }
    public func string(_ column: String) throws(StoreError) -> String { try required(column, \.string, "text") }
    public func double(_ column: String) throws(StoreError) -> Double { try required(column, \.double, "a number") }
    public func bool(_ column: String) throws(StoreError) -> Bool { try required(column, \.bool, "a flag") }

    // MARK: Nullable columns (NULL reads as nil; a missing column still throws)

    public func intOrNil(_ column: String) throws(StoreError) -> Int64? { try optional(column, \.int64, "an integer") }
    public func stringOrNil(_ column: String) throws(StoreError) -> String? { try optional(column, \.string, "text") }
    public func doubleOrNil(_ column: String) throws(StoreError) -> Double? { try optional(column, \.double, "a number") }
    public func blobOrNil(_ column: String) throws(StoreError) -> [UInt8]? { try optional(column, \.blob, "a blob") }

    private func required<T>(_ column: String, _ read: (SQLValue) -> T?, _ kind: String) throws(StoreError) -> T {
        let v = try value(column)
        if let t = read(v) { return t }
        throw StoreError.badValue(column, v.isNull ? "NULL" : "not \(kind)")
    }

    private func optional<T>(_ column: String, _ read: (SQLValue) -> T?, _ kind: String) throws(StoreError) -> T? {
        let v = try value(column)
        if v.isNull { return nil }
        if let t = read(v) { return t }
        throw StoreError.badValue(column, "not \(kind)")
    }
}
