/// Each speaker's share of a room's chat rate (Limits/ChatBudget.swift): the
/// room's rate divided among the speakers of the last `activeWindow` seconds,
/// kept as a credit that refills at that share up to `creditBurst` lines. A
/// line through the room's own bucket spends credit too, so a speaker above
/// their share has none left when the room is full; one below it always has.
/// The lines taken on credit also come out of a second bucket per room (half
/// the room's rate and burst), which bounds what many fresh speakers at once
/// can send: a room never takes more than one and a half times its budget.
struct ChatFairShares {
    static let activeWindow = 10.0
    static let creditBurst = 2.0

    private struct Speaker {
        var credit: Double
        var last: Double
    }

    private struct Room {
        var speakers: [String: Speaker] = [:]
        var spare: TokenBucket?
        var active = 1
        var countedAt = -Double.infinity
    }

    private var rooms: [String: Room] = [:]

    /// A line through the room's bucket: the speaker's credit pays for it too.
    mutating func spoke(_ speaker: String, in room: String, rate: Double, now: Double) {
        var entry = rooms[room] ?? Room()
        var one = refreshed(speaker, in: &entry, rate: rate, now: now)
        one.credit = max(-Self.creditBurst, one.credit - 1)
        entry.speakers[speaker] = one
        rooms[room] = entry
    }

    /// A line when the room's bucket is empty: true (and paid) when the speaker
    /// is within their share and the room's second bucket has a line left.
    mutating func takeShare(_ speaker: String, in room: String, rate: Double, burst: Double, now: Double) -> Bool {
        var entry = rooms[room] ?? Room()
        defer { rooms[room] = entry }
        var one = refreshed(speaker, in: &entry, rate: rate, now: now)
        defer { entry.speakers[speaker] = one }
        guard one.credit >= 1 else { return false }
        var spare = entry.spare ?? TokenBucket(rate: rate / 2, burst: max(1, burst / 2), now: now)
        guard spare.take(at: now) else { return false }
        entry.spare = spare
        one.credit -= 1
        return true
    }

    private func refreshed(_ speaker: String, in entry: inout Room, rate: Double, now: Double) -> Speaker {
        if now - entry.countedAt >= 1 {
            entry.active = max(1, entry.speakers.values.filter { now - $0.last < Self.activeWindow }.count)
            entry.countedAt = now
        }
        guard var one = entry.speakers[speaker] else {
            // A new speaker counts at once (the next count would be up to a second late).
            entry.active += 1
            return Speaker(credit: Self.creditBurst, last: now)
        }
        let share = rate / Double(entry.active)
        one.credit = min(Self.creditBurst, one.credit + max(0, now - one.last) * share)
        one.last = now
        return one
    }

    var trackedKeys: Int { rooms.values.reduce(0) { $0 + $1.speakers.count } }

    /// Forgets speakers quiet for the window, and rooms with none left.
    mutating func prune(now: Double) {
        for key in Array(rooms.keys) {
            guard var entry = rooms[key] else { continue }
            entry.speakers = entry.speakers.filter { now - $0.value.last < Self.activeWindow }
            if entry.speakers.isEmpty { rooms.removeValue(forKey: key) } else { rooms[key] = entry }
        }
    }
}
