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
        // The decoder works on a copy so that a handler reached from inside it
        // (via `telnetSeen` or `setEchoHidden`) never overlaps its mutation.
        var decoding = decoder
        decoding.feed(bytes, data: { data in
            self.frame(data, now: now)
        }, command: { command in
            self.telnet(command)
        })
        decoder = decoding
    }

    private func frame(_ data: UnsafeBufferPointer<UInt8>, now: Double) {
        guard phase == .open else { return }
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

    private func telnet(_ command: TelnetCommand) {
        guard phase == .open else { return }
        // IAC followed by a byte that is no telnet command is stray binary
        // (a raw client pasting 0xFF): it must not switch on negotiation.
        if case .other(let code) = command, code < 241 { return }
        if !spokeTelnet {
            spokeTelnet = true
            enqueue(raw: negotiator.start())
        }
        let response = negotiator.handle(command)
        enqueue(raw: response.reply)
        for notice in response.notices where phase == .open {
            handler.connection(self, notice: notice)
        }
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
