import AulaStore

/// Kicks and time accommodations survive a restart (a play test, session 12:
/// `kick Lucía 15`, a restart, and Lucía logged straight back in; José's
/// `accommodate … time 2` was gone, his level clock back to 2:00). Both are
/// kept in the database (AulaStore/KeptHolds.swift) and read back at start-up.
/// A kick is stored with its end in wall-clock time: the loop's clock starts
/// again at each start.
extension Server {
    /// Reads the kicks still holding and the accommodations (called before listening).
    /// A storage error stops the start: never read as "nobody is kicked".
    func restoreKeptHolds() throws {
        let now = wallClock()
        let (kicked, accommodations) = try store.sync { db in (try db.kicksHolding(at: now), try db.accommodations()) }
        for row in kicked {
            kicks.add(KickList.Hold(name: row.name, groupKey: row.groupKey, groupName: row.groupName, reason: row.reason,
                                    until: kickNow + (row.until - now)),
                      key: row.key, address: row.address)
        }
        rememberedAccommodations.merge(accommodations) { _, stored in stored }
        if !kicked.isEmpty || !accommodations.isEmpty {
            log(.info, "holds.restored", ("kicks", kicked.count), ("accommodations", accommodations.count))
        }
    }

    /// The stored form of a kick the teacher just gave (its end in wall-clock seconds).
    package func keptKick(_ hold: KickList.Hold, key: String, address: String?) -> KickRow {
        KickRow(key: key, name: hold.name, groupKey: hold.groupKey, groupName: hold.groupName, reason: hold.reason,
                address: address, until: wallClock() + (hold.until - kickNow))
    }
}
