/// The input side: telnet decoding → line framing → limits → clean text.
extension Connection {
    func receive(_ bytes: UnsafeBufferPointer<UInt8>) {
        let now = loop.now
        if limits.rawInput {
            sentALine = true
            heardFromClient(now)
            handler.connection(self, receivedBytes: bytes)
            return
        }
        // Raw for good (a first line ending in LF, no telnet before it): 0xFF is
        // just a byte that is not UTF-8 (a U+FFFD later), never the start of a
        // command — an `IAC DO` pasted by a bot drew a telnet offer glued to its
        // next JSON line, and a Latin-1 `ÿ` swallowed the line's end (session 10).
        if lineEndingJudged && !telnetOffered {
            frame(bytes, now: now)
            return
        }
        // The decoder works on a copy so that a handler reached from inside it
        // (via `telnetSeen` or `setEchoHidden`) never overlaps its mutation.
        var decoding = decoder
        decoding.feed(bytes, data: { data in
            self.frame(data, now: now)
        }, command: { command in
            self.telnet(command, now: now)
        })
        decoder = decoding
    }

    private func frame(_ data: UnsafeBufferPointer<UInt8>, now: Double) {
        guard phase == .open else { return }
        if !lineEndingJudged { judgeLineEnding(data) }
        let maxLineBytes = limits.maxLineBytes
        framer.feed(data, maxLineBytes: maxLineBytes) { event in
            guard self.phase == .open else { return }
            switch event {
            case .line(let line): self.line(line, now: now)
            case .tooLong:
                self.handler.connection(self, notice: .lineTooLong)
            }
        }
    }

    private func line(_ bytes: UnsafeBufferPointer<UInt8>, now: Double) {
        sentALine = true
        // Only a line with something in it counts as activity: an empty line
        // every 29 minutes must not keep a socket forever (issue 12).
        if Connection.hasVisibleByte(bytes) { heardFromClient(now) }
        if now - rateWindowStart >= 1 {
            rateWindowStart = now
            linesInWindow = 0
            lingeredInWindow = false
            if overrideEndsWithWindow {
                overrideEndsWithWindow = false
                linesPerSecondOverride = nil
            }
        }
        linesInWindow += 1
        if linesInWindow > (linesPerSecondOverride ?? limits.linesPerSecond) {
            if now - lastThrottleNotice >= 1 {
                lastThrottleNotice = now
                handler.connection(self, notice: .throttled)
            }
            return
        }
        let cleaned = TextCleaner.cleanReportingChanges(bytes)
        lastLineWasCleaned = cleaned.changed
        handler.connection(self, received: cleaned.text)
    }

    /// Any byte other than space, tab and control characters (UTF-8 lead and
    /// continuation bytes count: they are letters someone typed).
    static func hasVisibleByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 > 0x20 && $0 != 0x7F }
    }

    private func heardFromClient(_ now: Double) {
        lastInput = now
        idleWarned = false
    }

    /// Real clients negotiate a few dozen options in all; past this many
    /// commands in one second the rest are ignored unanswered, so a storm of
    /// IAC DO/WILL costs the loop little more than reading it (issue 12).
    static let telnetCommandsPerSecond = 64

    private func telnet(_ command: TelnetCommand, now: Double) {
        guard phase == .open else { return }
        // IAC followed by a byte that is no telnet command is stray binary
        // (a raw client pasting 0xFF): it must not switch on negotiation.
        if case .other(let code) = command, code < 241 { return }
        let session = telnetSession
        if now - session.windowStart >= 1 {
            session.windowStart = now
            session.commandsInWindow = 0
        }
        session.commandsInWindow += 1
        if session.commandsInWindow > Connection.telnetCommandsPerSecond { return }
        if !spokeTelnet {
            spokeTelnet = true
            offerTelnet()
            if let hidden = echoWanted {
                echoWanted = nil
                enqueue(raw: session.negotiator.setEchoHidden(hidden))
            }
        }
        let response = session.negotiator.handle(command)
        enqueue(raw: response.reply)
        for notice in response.notices where phase == .open {
            handler.connection(self, notice: notice)
        }
    }

    /// The negotiation rule (docs/clients.md, measured on the real clients):
    /// `telnet` and TinTin++ send nothing before they are asked, but end every
    /// line with CR LF; `nc` and `plink -raw` end lines with LF. So the first
    /// line's ending decides: a CR means telnet, and only then is anything
    /// that is not text ever sent. A client that sends IAC is telnet anyway.
    /// A first line that is `mode json` is a program's, whatever its ending:
    /// a bot sending CR LF got the offer glued in front of its first JSON
    /// line, which then was not UTF-8 (session 12).
    private func judgeLineEnding(_ data: UnsafeBufferPointer<UInt8>) {
        guard let end = data.firstIndex(where: { $0 == LineFramer.lineFeed || $0 == LineFramer.carriageReturn }) else {
            return  // the first line is not over yet
        }
        lineEndingJudged = true
        guard data[end] == LineFramer.carriageReturn else { return }
        let limit = Connection.programOpeningMaxBytes
        var firstLine = Array(framer.pendingPrefix(limit + 1))
        firstLine += data.prefix(min(end, limit + 1 - firstLine.count))
        if !Connection.isProgramOpening(firstLine) { offerTelnet() }
    }

    static let programOpeningMaxBytes = 24

    /// `mode json` (or `modo json`), any case, spaces around or between the
    /// words: the first line of a program, never of a person at a terminal.
    static func isProgramOpening(_ line: [UInt8]) -> Bool {
        guard line.count <= programOpeningMaxBytes else { return false }
        let words = line.split(separator: 0x20).map { word in
            String(decoding: word.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        return words.count == 2 && (words[0] == "mode" || words[0] == "modo") && words[1] == "json"
    }

    /// DO NAWS, DO TTYPE — once per connection.
    func offerTelnet() {
        guard !telnetOffered else { return }
        telnetOffered = true
        enqueue(raw: telnetSession.negotiator.start())
    }

    /// Called by the listener's once-a-second sweep: the login deadline, then idleness.
    func checkIdle(now: Double) {
        guard phase == .open else { return }
        if !isLoggedIn && limits.loginTimeout > 0 && now - openedAt >= limits.loginTimeout {
            handler.connection(self, notice: .loginTimeoutClosing)
            beginClose(.loginTimeout)
            return
        }
        let idle = now - lastInput
        if idle >= limits.idleTimeout {
            handler.connection(self, notice: .idleTimeoutClosing)
            beginClose(.idleTimeout)
        } else if idle >= limits.idleWarningAfter && !idleWarned {
            idleWarned = true
            handler.connection(self, notice: .idleWarning)
        }
    }
}
