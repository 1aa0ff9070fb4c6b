import CShims

/// The output side: bytes are queued and written at the end of the loop
/// turn (one write for many lines), or at once when much is queued; a peer
/// that stops reading is cut off past `maxOutputBytes`.
extension Connection {
    /// Queues text (the caller includes CRLF).
    public func send(_ text: String) {
        guard isOpen else { return }
        var text = text
        text.withUTF8 { enqueue($0) }
    }

    /// Queues raw bytes (a 255 byte is doubled for telnet clients).
    public func send(bytes: [UInt8]) {
        guard isOpen else { return }
        if spokeTelnet && bytes.contains(Telnet.iac) {
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 8)
            for byte in bytes {
                escaped.append(byte)
                if byte == Telnet.iac { escaped.append(byte) }
            }
            escaped.withUnsafeBufferPointer { enqueue($0) }
        } else if output.isEmpty && outputStart == 0 && phase == .open && !bytes.isEmpty {
            // Nothing queued yet: keep the caller's buffer (one broadcast renders one
            // for a whole room) rather than copy it into a buffer of our own.
            output = bytes
            queued()
        } else {
            bytes.withUnsafeBufferPointer { enqueue($0) }
        }
    }

    /// Telnet: IAC WILL ECHO (hide typing) / IAC WONT ECHO. Sent only to a
    /// client that has answered in telnet; after an unanswered offer it waits
    /// for the first answer; a no-op for raw clients.
    public func setEchoHidden(_ hidden: Bool) {
        guard isOpen else { return }
        if spokeTelnet {
            let session = telnetSession
            let wasHidden = session.negotiator.echoHidden
            enqueue(raw: session.negotiator.setEchoHidden(hidden))
            // The client echoed nothing, not even the Enter that ended the
            // hidden line: end it here so the answer starts on a new line.
            if wasHidden && !hidden { enqueue(raw: [13, 10]) }
        } else if telnetOffered {
            echoWanted = hidden
        }
    }

    func enqueue(raw bytes: [UInt8]) {
        guard !bytes.isEmpty, phase == .open else { return }
        bytes.withUnsafeBufferPointer { enqueue($0) }
    }

    func enqueue(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty, phase == .open else { return }
        // An idle connection keeps no buffer; the first line of a turn takes
        // room for the few more that usually follow it (one malloc, not one
        // regrowth per line).
        if output.capacity == 0 { output.reserveCapacity(Swift.max(bytes.count, 1024)) }
        output.append(contentsOf: bytes)
        queued()
    }

    /// After bytes were queued: flush at the end of the turn, or now when much
    /// waits; cut off a peer that stopped reading.
    private func queued() {
        if !queuedForFlush && !waitingForWritable {
            queuedForFlush = true
            loop.queueFlush(self)
        }
        guard bufferedOutputBytes > min(Self.eagerFlushBytes, limits.maxOutputBytes) else { return }
        if !waitingForWritable { writeQueued() }
        if phase == .open && bufferedOutputBytes > limits.maxOutputBytes {
            closeNow(reason: .outputOverflow)
        }
    }

    /// The loop's end-of-turn flush.
    func flushQueued() {
        queuedForFlush = false
        guard phase != .closed, !waitingForWritable else { return }
        if outputHeld && phase == .open { return }  // `releaseOutput()` queues it again
        writeQueued()
    }

    /// Writes until the kernel is full; then waits for EPOLLOUT.
    func writeQueued() {
        while bufferedOutputBytes > 0 {
            let written = output.withUnsafeBytes { raw in
                aula_send(fd, raw.baseAddress! + outputStart, raw.count - outputStart)
            }
            if written > 0 {
                outputStart += written
                continue
            }
            let code = aula_errno()
            if written < 0 && code == AULA_EAGAIN { break }
            if written < 0 && code == AULA_EINTR { continue }
            fail(code)
            return
        }
        if bufferedOutputBytes == 0 {
            output = []  // idle connections keep no buffer
            outputStart = 0
            waitingForWritable = false
            updateInterest()
            outputDrained()
        } else {
            if outputStart > 64 * 1024 && outputStart > output.count / 2 {
                output.removeFirst(outputStart)
                outputStart = 0
            }
            waitingForWritable = true
            updateInterest()
        }
    }
}
