import AulaGames
import AulaStore

/// Identity that holds (issue 12, defects 4, 5, 6 and 12): PIN locks and what
/// they tell the student, the teacher, the log and the audit table; names held
/// for a dropped student; storage errors that never grant or deny; the login's
/// trace in the database (peer, time, a fresh start) and its pruning.
extension Server {
    /// Within this long, a name without a PIN in the `open` group keeps its
    /// points when it comes back from the same address (after the reconnect grace).
    static let sameSeatWindow = 86_400.0
    /// Student rows that never finished anything are pruned after this long.
    static let pruneAfter = 86_400.0
    /// How often pruning runs (on the store thread; the loop only queues it).
    static let pruneEvery = 3_600.0
    static let pruneChunk = 1_000

    // MARK: Refusals

    /// `pin_locked` with the minutes left, and back to `Name:`. True when it refused.
    func refuseIfPINLocked(name: String, group: GroupRef, _ client: Client) -> Bool {
        let student = PINLockouts.studentKey(groupID: group.id, name: name)
        guard let wait = pinLockouts.lockedFor(student: student, address: client.connection.peerAddress, now: loop.now)
        else { return false }
        sendPINLocked(client, seconds: wait)
        return true
    }

    func sendPINLocked(_ client: Client, seconds: Double) {
        let minutes = PINLockouts.minutes(seconds)
        client.send(ErrorEvent(Refusal(code: "pin_locked", args: [String(minutes)]), extra: [("minutes", .int(minutes))]))
        client.stage = .name
        promptName(client)
    }

    /// The name belongs to a student whose connection dropped a moment ago, and
    /// this is another address: wait out the grace, or the teacher's `release`.
    func refuseHeldName(_ held: Player, _ client: Client) {
        let minutes = PINLockouts.minutes(config.reconnectGrace)
        client.send(ErrorEvent(Refusal(code: "name_held", args: [held.name, String(minutes)])))
        log(.info, "login.name_held", ("name", held.name), ("group", held.group.name),
            ("peer", client.connection.peerAddress), ("held_for", held.peerAddress))
        client.stage = .name
        promptName(client)
    }

    /// The database did not answer a login question: say so and ask the name again.
    func storageUnavailable(_ client: Client, during step: String, _ error: StoreError) {
        log(.error, "login.storage_unavailable", ("step", step), ("error", error.description))
        client.send(ErrorEvent(Refusal("storage_unavailable", Phrase("login.storage_unavailable"))))
        client.stage = .name
        promptName(client)
    }

    /// A wrong PIN: logged; a lock it started is also audited and told to every
    /// teacher at the console.
    func wrongPIN(name: String, group: GroupRef, address: String, outcome: PINLockouts.FailureOutcome) {
        log(.info, "login.pin_wrong", ("name", name), ("group", group.name), ("peer", address))
        if let lock = outcome.studentLock {
            let minutes = String(PINLockouts.minutes(lock))
            log(.warn, "login.pin_locked", ("name", name), ("group", group.name), ("peer", address), ("minutes", minutes))
            audit(teacher: Self.serverAuditor, command: "pin_locked \(name) (\(group.name)) from \(address)",
                  outcome: "locked_\(minutes)_min")
            adminConsole?.tellTeachers(InfoEvent("admin.alert.pin_locked", name, group.name, address, minutes, style: .warn))
        }
        if let lock = outcome.addressLock {
            let minutes = String(PINLockouts.minutes(lock))
            log(.warn, "login.pin_address_locked", ("peer", address), ("last_name", name), ("minutes", minutes))
            audit(teacher: Self.serverAuditor, command: "pin_locked address \(address) (last tried \(name), \(group.name))",
                  outcome: "locked_\(minutes)_min")
            adminConsole?.tellTeachers(InfoEvent("admin.alert.pin_address_locked", address, name, minutes, style: .warn))
        }
    }

    /// The audit table's "who" for what the server did by itself.
    static let serverAuditor = "(server)"

    // MARK: The login's trace

    /// Resolves the student's row before the welcome, in ONE store write that
    /// also stores the login's peer and time, then the welcome on the loop. In the `open` group a name without a PIN last used elsewhere
    /// (or more than a day ago) starts fresh: the old row keeps its points,
    /// this one begins at 0. A database that cannot write is said so
    /// (`storage_unavailable`, back to `Name:`): no player exists without a row.
    func recordLogin(name: String, group: GroupRef, withPIN: Bool = false, _ client: Client) {
        // While the disk is failing a write would wait for it to recover; the student is told now instead.
        if let failing = store.currentFailure {
            storageUnavailable(client, during: "login.record", failing)
            return
        }
        client.stage = .checking
        let now = wallClock()
        let groupID = group.id, peer = client.connection.peerAddress
        let window: Double? = groupID == openGroupRef.id ? Self.sameSeatWindow : nil
        write({ db in
            try db.recordLogin(groupID: groupID, name: name, peer: peer, at: now, freshUnlessSameAddressWithin: window)
        }, then: { [weak self] result in
            do {
                guard let self, client.connection.isOpen else { return }
                defer { self.replayHeldLines(client) }
                switch result {
                case .success(let login):
                    self.welcome(name: name, group: group, studentID: login.id, startedFresh: login.startedFresh,
                                 withPIN: withPIN, reading: login.reading, client)
                case .failure(let error): self.storageUnavailable(client, during: "login.record", error)
                }
            }
        })
        // The student waits for this row: no gathering delay.
        store.commitSoon()
    }

    // MARK: Housekeeping

    /// Prunes now and every hour; the PIN counts forget quiet keys at the same time.
    func startIdentityMaintenance() {
        pruneStudentRows()
        loop.schedule(after: Self.pruneEvery) { [weak self] in
            guard let self, !self.shuttingDown else { return }
            self.pinLockouts.forgetQuiet(now: self.loop.now)
            self.adminConsole?.forgetQuietLockouts(now: self.loop.now)
            self.startIdentityMaintenance()
        }
    }

    /// Deletes, a chunk at a time on the store thread, the rows of names that
    /// never finished anything and were last seen more than a day ago.
    func pruneStudentRows() {
        let cutoff = wallClock() - Self.pruneAfter
        let online = players.values.map(\.studentID)
        let chunk = Self.pruneChunk
        write({ db in try db.pruneStudents(before: cutoff, keeping: online, limit: chunk) },
              then: { [weak self] result in
            guard case .success(let count) = result else { return }
            if count > 0 { self?.log(.info, "students.pruned", ("rows", count)) }
            // More to do: the next chunk goes behind whatever was queued meanwhile.
            if count >= chunk { self?.pruneStudentRows() }
        })
    }
}
