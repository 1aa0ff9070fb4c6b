import Synchronization
import AulaGames

/// Counts changes to who is online and where: a player's connection or room
/// set, a room opened or closed. One counter for the process (a test run
/// holds several servers; a change in one only makes the others rebuild).
enum RosterChanges {
    private static let counter = Atomic<UInt64>(0)
    static func bump() { counter.wrappingAdd(1, ordering: .relaxed) }
    static var current: UInt64 { counter.load(ordering: .relaxed) }
}

/// For a room module whose room changed how it is listed (`RoomGame.isListed`).
package enum RoomListing {
    package static func changed() { RosterChanges.bump() }
}

/// When a cached listing must be rebuilt, and which slice a page is. Pure.
/// With 10,000 players online, four clients sending `who` 20 times a second
/// held the loop at 97 %: each answer filtered and sorted everyone.
enum ListingPolicy {
    /// Below this many entries a listing is rebuilt on every change (exact
    /// and cheap); above it at most once a second (at most a second old).
    static let smallList = 500
    static let rebuildEvery = 1.0

    static func mustRebuild(cachedVersion: UInt64?, currentVersion: UInt64, builtAt: Double, now: Double,
                            size: Int) -> Bool {
        guard let cachedVersion else { return true }
        if cachedVersion == currentVersion { return false }
        return size < smallList || now - builtAt >= rebuildEvery
    }

    /// Page `requested` (1-based; nil: the first; past the end: the last) of
    /// `total` entries, `pageSize` a page: the page, how many pages, the slice.
    static func page(_ requested: Int?, total: Int, pageSize: Int) -> (page: Int, pages: Int, range: Range<Int>) {
        let size = max(1, pageSize)
        let pages = max(1, (total + size - 1) / size)
        let page = min(max(1, requested ?? 1), pages)
        let start = min(total, (page - 1) * size)
        return (page, pages, start..<min(total, start + size))
    }
}

/// The order rooms are listed in (`rooms`, the console's `rooms`): by kind,
/// then by number — hangman-5 before hangman-20 (as text, "hangman-20" came
/// first). Ids are `kind-N`; anything else sorts as text after its kind.
enum RoomOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        let x = split(a), y = split(b)
        if x.kind != y.kind { return x.kind < y.kind }
        switch (x.number, y.number) {
        case let (m?, n?) where m != n: return m < n
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a < b
        }
    }

    private static func split(_ id: String) -> (kind: Substring, number: Int?) {
        guard let dash = id.lastIndex(of: "-") else { return (Substring(id), nil) }
        return (id[..<dash], Int(id[id.index(after: dash)...]))
    }
}

/// The cached listings behind `who` and `rooms`, per group, rebuilt as
/// `ListingPolicy` says; a page is then rendered from a slice, so answering
/// costs the same with 30 or 10,000 online. Loop thread only.
final class Listings {
    struct Snapshot<Item> {
        var version: UInt64
        var builtAt: Double
        var items: [Item]
    }

    static let whoPageSize = 50
    static let roomsPageSize = 20

    var who: [String: Snapshot<Player>] = [:]
    /// The listed rooms of each group (`RoomGame.isListed`), and how many were not.
    var rooms: [String: (snapshot: Snapshot<Room>, unlisted: Int)] = [:]
}

extension Server {
    /// The online players of a group in name order, from the cache.
    func cachedOnlinePlayers(in group: GroupRef) -> [Player] {
        let now = loop.now
        let version = RosterChanges.current
        let cached = listings.who[group.key]
        if !ListingPolicy.mustRebuild(cachedVersion: cached?.version, currentVersion: version,
                                      builtAt: cached?.builtAt ?? now, now: now, size: cached?.items.count ?? 0),
           let cached {
            return cached.items
        }
        let sorted = players.values.filter { $0.group == group && $0.isConnected }
            .map { (key: $0.name.lowercased(), player: $0) }
            .sorted { $0.key < $1.key }
            .map(\.player)
        listings.who[group.key] = Listings.Snapshot(version: version, builtAt: now, items: sorted)
        return sorted
    }

    /// The listed rooms of a group in `RoomOrder`, and how many are not listed
    /// (rooms of one nobody may join: in a class challenge, every classmate's
    /// level filled the list, session 9), from the cache.
    func cachedRooms(in group: GroupRef) -> (listed: [Room], unlisted: Int) {
        let now = loop.now
        let version = RosterChanges.current
        let cached = listings.rooms[group.key]
        if !ListingPolicy.mustRebuild(cachedVersion: cached?.snapshot.version, currentVersion: version,
                                      builtAt: cached?.snapshot.builtAt ?? now, now: now,
                                      size: (cached?.snapshot.items.count ?? 0) + (cached?.unlisted ?? 0)),
           let cached {
            return (cached.snapshot.items, cached.unlisted)
        }
        let mine = rooms.values.filter { $0.host.group == group }
        let sorted = mine.filter { $0.game.isListed }.sorted { RoomOrder.precedes($0.id, $1.id) }
        let unlisted = mine.count - sorted.count
        listings.rooms[group.key] = (Listings.Snapshot(version: version, builtAt: now, items: sorted), unlisted)
        return (sorted, unlisted)
    }

    /// `who [page]`.
    func showWho(_ player: Player, page word: String?) {
        guard let requested = Self.pageNumber(word) else {
            player.send(ErrorEvent(Refusal.usage("bad_argument", "who")))
            return
        }
        let online = cachedOnlinePlayers(in: player.group)
        let (page, pages, range) = ListingPolicy.page(requested, total: online.count, pageSize: Listings.whoPageSize)
        let entries = online[range].map { WhoEvent.Entry(name: $0.name, room: $0.room?.id) }
        player.send(WhoEvent(players: entries, page: page, pages: pages, total: online.count))
    }

    /// `rooms [page]`.
    func showRooms(_ player: Player, page word: String?) {
        guard let requested = Self.pageNumber(word) else {
            player.send(ErrorEvent(Refusal.usage("bad_argument", "rooms")))
            return
        }
        player.send(roomList(for: player.group, page: requested, viewer: player))
    }

    /// A page of the rooms of a group, for `rooms`. The viewer's own unlisted room
    /// (their level) is not counted among the classmates'.
    func roomList(for group: GroupRef, page requested: Int? = nil, viewer: Player? = nil) -> RoomsEvent {
        let (all, counted) = cachedRooms(in: group)
        let own = viewer?.room.map { $0.host.group == group && !$0.game.isListed } ?? false
        let unlisted = max(0, counted - (own ? 1 : 0))
        let (page, pages, range) = ListingPolicy.page(requested, total: all.count, pageSize: Listings.roomsPageSize)
        // A big list may be a second old: a room closed since is left out of its page.
        let entries = all[range].filter { rooms[$0.id] === $0 }.map { room in
            RoomsEvent.Entry(room: room.id, kind: room.kind, host: room.host.name, players: room.players.count,
                             maxPlayers: room.game.maxPlayers, spectators: room.spectators.count,
                             playing: room.game.isPlaying, about: room.game.about)
        }
        return RoomsEvent(rooms: entries, page: page, pages: pages, total: all.count, unlisted: unlisted)
    }

    /// The page a player asked for: no word is page 1, a positive number
    /// that page; anything else is nil (a usage error).
    static func pageNumber(_ word: String?) -> Int? {
        guard let word else { return 1 }
        if let n = Int(word) { return n >= 1 ? n : nil }
        // Digits too many for an Int are a page past the end, which gives the
        // last page like any other (session 10: `rooms 99999999999999999999` was a usage error).
        guard word.utf8.count <= 64, !word.isEmpty, word.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int.max
    }
}
