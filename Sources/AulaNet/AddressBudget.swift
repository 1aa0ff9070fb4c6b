/// How many connections each address holds, and whether one more may come in:
/// the per-address caps of `NetLimits` (like OpenSSH's `MaxStartups` and
/// per-source limits). Without them one machine held 620 sockets that never
/// logged in. Pure bookkeeping: the listener owns the sockets and tells this
/// struct when one opens, logs in or closes.
struct AddressBudget {
    enum Decision: Equatable {
        case admit
        /// Admit, after closing the address's oldest silent pre-login socket.
        case admitDisplacing
        case refuse(AdmissionRefusal)
    }

    private struct Count {
        var open = 0
        var preLogin = 0
    }

    let maxPerAddress: Int
    let maxPreLoginPerAddress: Int
    let whenPreLoginFull: PreLoginFull
    private var counts: [String: Count] = [:]

    init(limits: NetLimits) {
        maxPerAddress = max(1, limits.maxPerAddress)
        maxPreLoginPerAddress = max(1, limits.maxPreLoginPerAddress)
        whenPreLoginFull = limits.whenPreLoginFull
    }

    /// May a newcomer from `address` come in? `exemptTotal`: the address skips
    /// `maxPerAddress`; `exemptPreLogin`: it skips the pre-login cap.
    /// `.admitDisplacing` means: admit if a silent pre-login socket of that
    /// address can make room (the listener looks), else refuse.
    func decide(_ address: String, exemptTotal: Bool, exemptPreLogin: Bool) -> Decision {
        let count = counts[address] ?? Count()
        if !exemptPreLogin && count.preLogin >= maxPreLoginPerAddress {
            if whenPreLoginFull != .refuseNewcomer { return .admitDisplacing }
            return .refuse(.tooManyLoggingIn)
        }
        if !exemptTotal && count.open >= maxPerAddress { return .refuse(.addressFull) }
        return .admit
    }

    /// A connection from `address` opened (it starts logging in).
    mutating func opened(_ address: String) {
        counts[address, default: Count()].open += 1
        counts[address, default: Count()].preLogin += 1
    }

    /// A connection from `address` finished logging in.
    mutating func loggedIn(_ address: String) {
        guard var count = counts[address], count.preLogin > 0 else { return }
        count.preLogin -= 1
        counts[address] = count
    }

    /// A connection from `address` closed; `preLogin`: it never logged in.
    mutating func closed(_ address: String, preLogin: Bool) {
        guard var count = counts[address] else { return }
        count.open = max(0, count.open - 1)
        if preLogin { count.preLogin = max(0, count.preLogin - 1) }
        // Addresses with nothing open are forgotten: the table stays as small as the crowd.
        if count.open == 0 { counts.removeValue(forKey: address) } else { counts[address] = count }
    }

    func openCount(_ address: String) -> Int { counts[address]?.open ?? 0 }
    func preLoginCount(_ address: String) -> Int { counts[address]?.preLogin ?? 0 }
    var trackedAddresses: Int { counts.count }

    /// The server's own machine: exactly 127.0.0.1 or ::1. Other 127.x
    /// addresses are loopback too, but count as strangers — which lets tests
    /// play a classroom of machines on one host.
    static func isOwnMachine(_ address: String) -> Bool {
        address == "127.0.0.1" || address == "::1"
    }
}
