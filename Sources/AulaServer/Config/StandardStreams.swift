import Foundation

/// Writes on standard output and standard error that never stop the program.
///
/// `aula serve 2>&1 | tee aula.log`: Ctrl-C ends `tee` too, so the shutdown's
/// log lines met a closed pipe. `FileHandle.write` traps on EPIPE, and the
/// server died half-way through its graceful stop (students got no goodbye,
/// the next start said the round was lost: a play test, session 12). Here a
/// failed write is dropped: nobody is left to read it.
public enum StandardStreams {
    /// SIGPIPE is ignored process-wide: a write to a closed pipe fails with
    /// EPIPE instead of killing the process (the event loop does the same for sockets).
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func error(_ text: String) { write(Data(text.utf8), to: STDERR_FILENO) }

    public static func output(_ text: String) { write(Data(text.utf8), to: STDOUT_FILENO) }

    public static func output(_ data: Data) { write(data, to: STDOUT_FILENO) }

    /// The whole of `data`, or as much as the reader takes before it goes away.
    static func write(_ data: Data, to fd: Int32) {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
