import AulaGames
import AulaStore

/// The login's database question in ONE trip to the store thread (issue 20):
/// the roster check (no class open: a name with a PIN on a roster asks for it
/// and logs into that group; on several rosters it is refused), the student's
/// row, and — for a student who needs no PIN, when nothing on the loop stands
/// in the way — the login's trace (`recordLogin`), all in one write. Before,
/// these were three hops (read, read, write), each waking the store thread and
/// the loop. What the loop decides afterwards is what it decided before, in
/// the same order; where the loop's state changed meanwhile (a rare race) it
/// still decides, the row having only its last peer and time updated.
extension Server {
    typealias LookupAnswer = (Result<LoginFound, StoreError>) -> Void

    /// `group` nil: no class open, a roster may decide the group (else the open one).
    func lookUpStudent(_ name: String, in group: GroupRef?, _ client: Client) {
        client.stage = .checking
        let openRef = openGroupRef
        let place: LoginLookup.Place = group.map { .group($0.id) } ?? .rosterOrOpen(openGroupID: openRef.id)
        let lookup = LoginLookup(name: name, place: place, record: plannedRecord(name, in: group ?? openRef, client))
        let answered: LookupAnswer = { [weak self] result in
            // The answers typed before the name (`mode json` in the same packet)
            // leave with the lookup's answer in one write (Connection+Hold.swift).
            client.connection.releaseOutput()
            do {
                guard let self, client.connection.isOpen else { return }
                defer { self.replayHeldLines(client) }
                switch result {
                case .failure(let error):
                    self.storageUnavailable(client, during: group == nil ? "login.roster" : "login.student", error)
                case .success(.onRosters(let groups)):
                    client.send(ErrorEvent(code: "name_on_rosters", name, groups.joined(separator: ", ")))
                    client.stage = .name
                    self.promptName(client)
                case .success(.student(let groupID, let rosterGroup, let row, let recorded)):
                    let landed = rosterGroup.map { GroupRef(id: groupID, name: $0) } ?? group ?? openRef
                    self.studentFound(name: name, group: landed, row: row, recorded: recorded, client)
                }
            }
        }
        client.connection.holdOutput()
        if store.currentFailure != nil || store.halted != nil {
            // Writes wait for the disk (or are refused): a read, answered from what is committed,
            // as before — a dropped student may still take their place back.
            read({ db in try db.lookUpLogin(lookup) }, then: answered)
            return
        }
        pendingLookups.append((lookup, answered))
        if pendingLookups.count == 1 {
            // After this turn's other events: the logins that arrived together go as one write.
            loop.bind { [weak self] in self?.sendLookups() }()
        }
    }

    /// The turn's lookups in one write; the answers come back in one hop, in order.
    private func sendLookups() {
        let batch = pendingLookups
        pendingLookups = []
        guard !batch.isEmpty else { return }
        let lookups = batch.map(\.lookup)
        write({ db in try db.lookUpLogins(lookups) }, then: { result in
            for (index, pending) in batch.enumerated() {
                switch result {
                case .success(let answers) where index < answers.count: pending.answered(answers[index])
                case .success:
                    pending.answered(.failure(StoreError(code: StoreError.otherCode, message: "login lookup unanswered")))
                case .failure(let error): pending.answered(.failure(error))
                }
            }
        })
        // The students wait for these answers: no gathering delay.
        store.commitSoon()
    }

    /// The login's trace may go with the lookup when, as the loop stands now, a
    /// student without a PIN would be let straight in: no player of that name
    /// (held or connected), no kick, no locked class for the group, a disk that
    /// writes. Otherwise nil, and `completeLogin` records it as before.
    private func plannedRecord(_ name: String, in group: GroupRef, _ client: Client) -> LoginLookup.Record? {
        guard store.currentFailure == nil, store.halted == nil, players[playerKey(group, name)] == nil else { return nil }
        if let session = classSession, session.locked, session.group == group { return nil }
        let peer = client.connection.peerAddress
        if kicks.hold(key: playerKey(group, name), address: peer, withPIN: false, now: kickNow) != nil { return nil }
        let window: Double? = group.id == openGroupRef.id ? Self.sameSeatWindow : nil
        return LoginLookup.Record(groupID: group.id, peer: peer, at: wallClock(), freshUnlessSameAddressWithin: window)
    }

    /// A PIN to ask for, a locked session, a name held for someone else, or
    /// straight in. A database that does not answer was said so before
    /// (`storage_unavailable`) — never taken for "no such student", which would
    /// let the name in without its PIN.
    private func studentFound(name typed: String, group: GroupRef, row: StudentRow?, recorded: StudentLogin?,
                              _ client: Client) {
        // A roster's name is spelled as the roster has it: `Alvaro` typed is Álvaro (session 12).
        let name = row.flatMap { $0.pinHash == nil ? nil : $0.name } ?? typed
        let held = players[playerKey(group, name)]
        if let session = classSession, session.locked, session.group == group, row == nil, held == nil {
            client.send(ErrorEvent(code: "session_locked"))
            client.stage = .name
            promptName(client)
            return
        }
        if row?.pinHash != nil {
            // A right PIN reclaims a held name from anywhere; a locked one is not even asked.
            if refuseIfPINLocked(name: name, group: group, client) { return }
            client.stage = .pin(name: name, group: group)
            promptPIN(client)
        } else if let held, !held.isConnected, held.peerAddress != client.connection.peerAddress {
            // Without a PIN only the address tells the student from a classmate typing their name.
            refuseHeldName(held, client)
        } else {
            completeLogin(name: name, group: group, recorded: recorded, client)
        }
    }
}
