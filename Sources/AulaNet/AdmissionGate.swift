/// Decides, per peer address, whether a newcomer gets in now, waits for the
/// next one-second window, or is refused (the waiting line is as long as one
/// window's quota). Pure bookkeeping: the listener owns the sockets.
struct AdmissionGate {
    enum Decision: Equatable { case admit, hold, refuse }

    private struct Window {
        var start: Double
        var admitted: Int
        var waiting: Int
    }

    let perSecond: Int
    private var windows: [String: Window] = [:]

    init(perSecond: Int) {
        self.perSecond = max(1, perSecond)
    }

    /// A newcomer from `address` at `now`.
    mutating func arrive(from address: String, now: Double) -> Decision {
        var window = windows[address] ?? Window(start: now, admitted: 0, waiting: 0)
        if window.waiting == 0 && now - window.start >= 1 {
            window = Window(start: now, admitted: 0, waiting: 0)
        }
        defer { windows[address] = window }
        if window.waiting == 0 && window.admitted < perSecond {
            window.admitted += 1
            return .admit
        }
        if window.waiting < perSecond {
            window.waiting += 1
            return .hold
        }
        return .refuse
    }

    /// When the waiting line of `address` may be let in (the window's end).
    func releaseTime(for address: String) -> Double? {
        windows[address].map { $0.start + 1 }
    }

    /// Opens a new window for `address` at `now` that counts the `released` waiting newcomers.
    mutating func release(_ address: String, released: Int, now: Double) {
        windows[address] = Window(start: now, admitted: min(released, perSecond), waiting: 0)
    }

    /// Forgets addresses whose window ended with nobody waiting.
    mutating func forgetQuiet(now: Double) {
        windows = windows.filter { $0.value.waiting > 0 || now - $0.value.start < 1 }
    }

    var trackedAddresses: Int { windows.count }
}
