/// The input side: telnet decoding → line framing → limits → clean text.
extension Connection {
    func receive(_ bytes: UnsafeBufferPointer<UInt8>) {
        let now = loop.now
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
                self.heardFromClient(now)
                self.handler.connection(self, notice: .lineTooLong)
            }
        }
    }

    private func line(_ bytes: UnsafeBufferPointer<UInt8>, now: Double) {
        heardFromClient(now)
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

    /// Called by the listener's once-a-second sweep.
    func checkIdle(now: Double) {
        guard phase == .open else { return }
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
