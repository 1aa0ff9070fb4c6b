/// The last events the board saw, numbered, for `Last-Event-ID` resume and
/// for `/state` (a page that just loaded). Bounded: the oldest drop out.
struct BoardRing {
    struct Entry {
        let id: UInt64
        /// The room the event came from (nil: a board-wide event).
        let room: String?
        /// That room's game kind (`level` entries belong to a challenge).
        let kind: String?
        /// The event as one JSON object, no line ending.
        let json: [UInt8]
    }

    let capacity: Int
    private var entries: [Entry] = []
    private var start = 0
    private(set) var lastID: UInt64 = 0

    init(capacity: Int = 512) { self.capacity = max(1, capacity) }

    var count: Int { entries.count }

    @discardableResult
    mutating func append(room: String?, kind: String? = nil, json: [UInt8]) -> Entry {
        lastID += 1
        let entry = Entry(id: lastID, room: room, kind: kind, json: json)
        if entries.count < capacity {
            entries.append(entry)
        } else {
            entries[start] = entry
            start = (start + 1) % capacity
        }
        return entry
    }

    /// Entries oldest first.
    var all: [Entry] { Array(entries[start...] + entries[..<start]) }

    /// Entries after `id`, or nil when some of them already dropped out.
    func after(_ id: UInt64) -> [Entry]? {
        if id >= lastID { return [] }
        let ordered = all
        guard let oldest = ordered.first, id + 1 >= oldest.id else { return nil }
        return ordered.filter { $0.id > id }
    }
}
