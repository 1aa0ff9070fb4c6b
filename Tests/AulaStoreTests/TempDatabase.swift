import Foundation
@testable import AulaStore

/// A fresh folder under the system temporary directory, removed when the test is done.
final class TempFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("aula-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String = "aula.sqlite") -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A migrated database in a temporary folder.
func withDatabase<T>(_ body: (Database, TempFolder) throws -> T) throws -> T {
    let folder = try TempFolder()
    let db = try Database(path: folder.path())
    defer { db.close() }
    try Schema.migrate(db)
    return try body(db, folder)
}

/// Bytes of the database file and its WAL, for "never stored in plain text" checks.
func fileBytes(_ path: String) -> [UInt8] {
    var bytes: [UInt8] = []
    for suffix in ["", "-wal"] {
        if let data = FileManager.default.contents(atPath: path + suffix) { bytes += Array(data) }
    }
    return bytes
}

func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
        if Array(haystack[i..<(i + needle.count)]) == needle { return true }
    }
    return false
}

struct Boom: Error {}
