import AulaStore

/// The gradebook in the order a person reads a class list (session 11): by group,
/// then by student, accents and case folded (`Álvaro` before `Noé`, `Élodie`
/// before `Zoë`), not by the bytes SQLite compares.
extension SummaryRow {
    package static func inReadingOrder(_ rows: [SummaryRow]) -> [SummaryRow] {
        rows.enumerated()
            .map { (group: Collation.key($0.element.group), student: Collation.key($0.element.student), index: $0.offset, row: $0.element) }
            .sorted { a, b in
                if a.group != b.group { return a.group < b.group }
                if a.row.group != b.row.group { return a.row.group < b.row.group }
                if a.student != b.student { return a.student < b.student }
                if a.row.student != b.row.student { return a.row.student < b.row.student }
                return a.index < b.index
            }
            .map(\.row)
    }
}
