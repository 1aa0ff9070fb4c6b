/// One result row: values by column name (as written in the SELECT) or by position.
public struct Row: Sendable {
    public let columns: [String]
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of a column; `.null` when there is no such column.
    public subscript(_ column: String) -> SQLValue {
        if let i = columns.firstIndex(of: column) { return values[i] }
        let lower = column.lowercased()
        if let i = columns.firstIndex(where: { $0.lowercased() == lower }) { return values[i] }
        return .null
    }

    public subscript(_ index: Int) -> SQLValue {
        values.indices.contains(index) ? values[index] : .null
    }

    public func int(_ column: String) -> Int64? { self[column].int64 }
    public func string(_ column: String) -> String? { self[column].string }
    public func double(_ column: String) -> Double? { self[column].double }
    public func bool(_ column: String) -> Bool? { self[column].bool }
    public func blob(_ column: String) -> [UInt8]? { self[column].blob }
}
