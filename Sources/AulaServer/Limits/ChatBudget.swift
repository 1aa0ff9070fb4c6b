/// How much chat a room and an address may send (issue 12, defect 10: the
/// per-connection line limit let 50 connections put ~950 lines a second into
/// the lobby). Set by `aula serve --chat-per-room` / `--chat-per-address`.
public struct ChatLimits: Sendable, Equatable {
    /// Chat lines a second one room (or one group's lobby) accepts from everyone together; 0 = no budget.
    public var roomLinesPerSecond: Double = 10
    /// Lines a room may take at once before the rate applies.
    public var roomBurst: Double = 20
    /// Chat lines a second one address sends across all its connections; 0 = no budget.
    public var addressLinesPerSecond: Double = 5
    public var addressBurst: Double = 10
    /// Whether 127.0.0.1 / ::1 skip the address budget and address mutes. Off
    /// by default: the budget is about chat, and a flood from the server's own
    /// machine drowns a room as well as any other.
    public var exemptLoopback = false
    /// Teachers hear about a budget that trips at most this often per room or address.
    public var tellTeachersEvery: Double = 60
    public init() {}
}

/// The chat budgets: one token bucket per room and one per address; a line
/// goes through only when both have a token (and then takes from both).
/// The room's budget is shared fairly (session 12: four students within their
/// address budget took 11 of a classmate's 14 lines): when the room's bucket is
/// empty, a speaker still under their share of the room's rate (the rate over
/// the speakers of the last 10 s) gets the line through from a second bucket of
/// half the size, so those above their share are the ones throttled and the
/// room never takes more than one and a half times its budget. Pure: the caller gives the time.
/// Full buckets and quiet speakers are forgotten, so the tables stay as small
/// as the rooms, addresses and speakers chatting right now.
struct ChatBudget {
    enum Verdict: Equatable {
        case allowed
        case overRoom
        case overAddress
    }

    let limits: ChatLimits
    private var rooms: [String: TokenBucket] = [:]
    private var addresses: [String: TokenBucket] = [:]
    private var lastTold: [String: Double] = [:]
    private var lastPrune = -Double.infinity
    private var fairShares = ChatFairShares()

    static let pruneEvery = 10.0

    init(limits: ChatLimits) {
        self.limits = limits
    }

    /// One chat line into `room` from `address` (nil: the address is exempt)
    /// by `speaker` (nil: no fair share, the room's bucket alone decides).
    mutating func spend(room: String, address: String?, speaker: String? = nil, now: Double) -> Verdict {
        prune(now: now)
        var roomBucket: TokenBucket?
        if limits.roomLinesPerSecond > 0 {
            let bucket = rooms[room] ?? TokenBucket(rate: limits.roomLinesPerSecond, burst: limits.roomBurst, now: now)
            roomBucket = bucket
        }
        var addressBucket: TokenBucket?
        if let address, limits.addressLinesPerSecond > 0 {
            addressBucket = addresses[address]
                ?? TokenBucket(rate: limits.addressLinesPerSecond, burst: limits.addressBurst, now: now)
        }
        // The address is checked first: a flooder is told it is them, not the room.
        if let bucket = addressBucket, bucket.available(at: now) < 1 { return .overAddress }
        if var bucket = roomBucket {
            if bucket.available(at: now) >= 1 {
                _ = bucket.take(at: now)
                rooms[room] = bucket
                if let speaker { fairShares.spoke(speaker, in: room, rate: limits.roomLinesPerSecond, now: now) }
            } else if let speaker,
                      fairShares.takeShare(speaker, in: room, rate: limits.roomLinesPerSecond, burst: limits.roomBurst, now: now) {
                rooms[room] = bucket
            } else {
                return .overRoom
            }
        }
        if var bucket = addressBucket, let address {
            _ = bucket.take(at: now)
            addresses[address] = bucket
        }
        return .allowed
    }

    /// Whether teachers should hear that `key` (a room or an address) tripped
    /// its budget now: at most once per `tellTeachersEvery`.
    mutating func shouldTellTeachers(_ key: String, now: Double) -> Bool {
        if let last = lastTold[key], now - last < limits.tellTeachersEvery { return false }
        lastTold[key] = now
        return true
    }

    var trackedKeys: Int { rooms.count + addresses.count + lastTold.count + fairShares.trackedKeys }

    private mutating func prune(now: Double) {
        guard now - lastPrune >= Self.pruneEvery else { return }
        lastPrune = now
        rooms = rooms.filter { !$0.value.isFull(at: now) }
        addresses = addresses.filter { !$0.value.isFull(at: now) }
        lastTold = lastTold.filter { now - $0.value < limits.tellTeachersEvery }
        fairShares.prune(now: now)
    }
}
