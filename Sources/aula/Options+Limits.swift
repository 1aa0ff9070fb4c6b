import AulaServer

/// The limits of issue 12 on the command line: the login deadline, the
/// per-address caps, the chat budgets and where console exports go.
extension Options {
    static let limitFlags: Set<String> = ["login-timeout", "max-per-address", "max-logins-per-address",
                                          "chat-per-room", "chat-per-address", "export-dir"]

    func applyLimits(to config: inout ServerConfig) throws {
        if let seconds = try int("login-timeout") {
            guard seconds >= 0 else { throw UsageError("--login-timeout is in seconds, 0 (no deadline) or more") }
            config.limits.loginTimeout = Double(seconds)
        }
        if let cap = try int("max-per-address") {
            guard cap >= 1 else { throw UsageError("--max-per-address must be at least 1") }
            config.limits.maxPerAddress = cap
        }
        if let cap = try int("max-logins-per-address") {
            guard cap >= 1 else { throw UsageError("--max-logins-per-address must be at least 1") }
            config.limits.maxPreLoginPerAddress = cap
        }
        if let rate = try int("chat-per-room") {
            guard rate >= 0 else { throw UsageError("--chat-per-room is lines a second, 0 (no budget) or more") }
            config.chat.roomLinesPerSecond = Double(rate)
            config.chat.roomBurst = Double(max(1, rate * 2))
        }
        if let rate = try int("chat-per-address") {
            guard rate >= 0 else { throw UsageError("--chat-per-address is lines a second, 0 (no budget) or more") }
            config.chat.addressLinesPerSecond = Double(rate)
            config.chat.addressBurst = Double(max(1, rate * 2))
        }
        if let directory = value("export-dir") {
            guard !directory.isEmpty else { throw UsageError("--export-dir needs a folder") }
            config.exportDirectory = directory
        }
    }
}
