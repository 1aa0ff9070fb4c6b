import AulaStore

/// How a student reads — reader mode, language, a typed width — is kept with
/// them in the database, like the C/Java choice (SPEC §12 "a per-student
/// setting"). Within the reconnect grace the dropped connection's reading
/// comes back (Renderer+Returning.swift); after a restart or a later lesson it
/// comes from here (session 12: a blind student's reader mode was gone after
/// a restart and nothing said so).
extension Server {
    /// At a login that is not a return within the grace: the kept reading
    /// comes back, except what this connection chose at the prompt, which is
    /// kept instead (one write, only when it differs).
    func keepReading(_ kept: StudentReading, studentID: Int64, _ client: Client) {
        client.renderer.takeKept(kept, except: client.chosenBeforeLogin)
        let chosen = client.renderer.keptPart(client.chosenBeforeLogin)
        if !chosen.isEmpty, chosen != kept.only(chosen) { keepReading(studentID: studentID, chosen) }
    }

    /// Keeps what the student just chose (`reader`, `lang`, `width` in the lobby).
    func keepReading(of player: Player, _ part: StudentReading) {
        guard player.studentID != Player.standInID else { return }
        keepReading(studentID: player.studentID, part)
    }

    private func keepReading(studentID: Int64, _ part: StudentReading) {
        store.write({ db in try db.keepStudentReading(studentID: studentID, part) }, done: { [log = self.log] result in
            if case .failure(let error) = result { log(.warn, "reading.not_saved", ("error", error.description)) }
        })
    }
}

extension Renderer {
    /// The kept reading over this connection's, except what it chose itself.
    /// A screen reader the client announced (MTTS) keeps reader mode on.
    mutating func takeKept(_ kept: StudentReading, except chosen: ReadingChoices) {
        if !chosen.contains(.language), let code = kept.language, let keptLanguage = Language(rawValue: code) {
            language = keptLanguage
        }
        if !chosen.contains(.reader), let keptReader = kept.reader { reader = reader || keptReader }
        if !chosen.contains(.width), let keptWidth = kept.width, keptWidth >= Renderer.minWidth, keptWidth <= Renderer.maxWidth {
            width = keptWidth
            widthTyped = true
        }
    }

    /// The parts of this reading named by `choices`, to keep.
    func keptPart(_ choices: ReadingChoices) -> StudentReading {
        StudentReading(reader: choices.contains(.reader) ? reader : nil,
                       language: choices.contains(.language) ? language.rawValue : nil,
                       width: choices.contains(.width) ? width : nil)
    }
}

extension StudentReading {
    /// The parts of this reading that `other` has set.
    func only(_ other: StudentReading) -> StudentReading {
        StudentReading(reader: other.reader == nil ? nil : reader, language: other.language == nil ? nil : language,
                       width: other.width == nil ? nil : width)
    }
}
