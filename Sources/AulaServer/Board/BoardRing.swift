/// The last events the board saw, numbered, for `Last-Event-ID` resume and
/// for `/state` (a page that just loaded). Bounded: the oldest drop out.
/// Entries can also be taken out on purpose (a class closed, a student
/// forgotten): that is no gap a resuming page must reload for.
struct BoardRing {
    struct Entry {
        let id: UInt64
        /// The room the event came from (nil: a board-wide event).
        let room: String?
        /// That room's game kind (`level` entries belong to a challenge).
        let kind: String?
        /// The event as one JSON object, no line ending.
        let json: [UInt8]
        /// Loop time after which a page that loads (or resumes) no longer gets
        /// it (a broadcast is shown for 20 s: it came back on pages loaded 11
        /// minutes later, play test session 10); nil: while it is in the ring.
        var expires: Double? = nil
        /// Loop time it was recorded (`/state` says how old each replayed event is).
        var at: Double = 0
    }

    let capacity: Int
    private var entries: [Entry] = []
    private var start = 0
    private(set) var lastID: UInt64 = 0
    /// The newest id that fell out for lack of room: a page that saw only
    /// older ones missed something and must reload.
    private var droppedThrough: UInt64 = 0

    init(capacity: Int = 512) { self.capacity = max(1, capacity) }

    var count: Int { entries.count }

    @discardableResult
    mutating func append(room: String?, kind: String? = nil, json: [UInt8], expires: Double? = nil, at: Double = 0) -> Entry {
        lastID += 1
        let entry = Entry(id: lastID, room: room, kind: kind, json: json, expires: expires, at: at)
        if entries.count < capacity {
            entries.append(entry)
        } else {
            droppedThrough = entries[start].id
            entries[start] = entry
            start = (start + 1) % capacity
        }
        return entry
    }

    /// Entries oldest first.
    var all: [Entry] { Array(entries[start...] + entries[..<start]) }

    /// Entries oldest first that a page may still be given at loop time `now`.
    func current(now: Double) -> [Entry] {
        all.filter { entry in entry.expires.map { now < $0 } ?? true }
    }

    /// Entries after `id`, or nil when some of them already dropped out.
    func after(_ id: UInt64, now: Double = 0) -> [Entry]? {
        if id >= lastID { return [] }
        guard id >= droppedThrough else { return nil }
        return current(now: now).filter { $0.id > id }
    }

    /// Takes out the entries `remove` picks; ids go on from `lastID`.
    mutating func removeAll(where remove: (Entry) -> Bool) {
        let kept = all.filter { !remove($0) }
        guard kept.count != entries.count else { return }
        entries = kept
        start = 0
    }
}
