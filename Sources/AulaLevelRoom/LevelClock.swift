import AulaServer
import AulaGames
import AulaNet

/// A level's countdown, as timer events on the server's loop (never a thread).
/// It announces half time, one minute and ten seconds left (those that fall
/// inside the limit), then says time is up once. A teacher may pause, resume
/// and extend it (the arithmetic is `PausableClock`'s). An untimed clock (an
/// accommodation) never runs out.
final class LevelClock {
    /// Seconds left at which the clock speaks, besides half time.
    static let fixedAnnouncements: [Double] = [60, 10]

    private let loop: EventLoop
    /// The whole time allowed, in seconds; nil when untimed.
    let limit: Double?
    private var clock: PausableClock
    private var timer: TimerID?
    private var announced: Set<Double> = []
    private let thresholds: [Double]
    /// The half-time mark, in seconds left (half the whole the marks follow).
    private let half: Double?
    /// True once time ran out or the clock was stopped (the level was solved).
    private(set) var stopped = false
    private(set) var ranOut = false

    /// Told the seconds left at each announcement.
    var onAnnounce: ((Int) -> Void)?
    /// Told once, when the time is up.
    var onTimeUp: (() -> Void)?

    /// Starts now; `limit` nil means untimed. `marksOf`: the whole the marks
    /// follow when this clock joins a longer one late (a class challenge's shared
    /// clock: a student back with 1:56 of 2:00 left heard "half time: 58 seconds"
    /// and no "one minute left", session 11); nil: the limit itself.
    init(loop: EventLoop, limit: Double?, marksOf whole: Double? = nil) {
        self.loop = loop
        self.limit = limit
        clock = PausableClock(startedAt: loop.now)
        if let limit {
            // A fixed mark only after half time: "one minute left" then "half time: 45
            // seconds left" came out of order on a 90-second clock (a re-play).
            let half = (whole ?? limit) / 2
            let points = Set([half] + LevelClock.fixedAnnouncements.filter { $0 < half }).filter { $0 > 0 && $0 < limit }
            thresholds = points.sorted(by: >)
            self.half = half
        } else {
            thresholds = []
            half = nil
        }
    }

    var isTimed: Bool { limit != nil }
    /// The whole time with a teacher's extensions: what "N seconds left of T"
    /// counts against (a sweep: "233 left of 233" after extend all 60, not 240).
    var total: Double? { limit.map { $0 + clock.extra } }
    var isPaused: Bool { clock.isPaused }

    /// Seconds left (nil when untimed; 0 once run out).
    var secondsLeft: Double? {
        guard let limit else { return nil }
        if ranOut { return 0 }
        return clock.left(of: limit, now: loop.now)
    }

    /// Begins counting (call once the listeners are set).
    func start() { schedule() }

    /// The level was solved (or the room closed): no more announcements.
    func stop() {
        stopped = true
        cancelTimer()
    }

    func pause() -> Bool {
        guard isTimed, !stopped, clock.pause(now: loop.now) else { return false }
        cancelTimer()
        return true
    }

    func resume() -> Bool {
        guard !stopped, clock.resume(now: loop.now) else { return false }
        schedule()
        return true
    }

    /// More time; announcements now ahead again are made again — but not half
    /// time once said (it came after "one minute left": a re-play).
    func extend(by seconds: Double) -> Bool {
        guard isTimed, !stopped, clock.extend(by: seconds) else { return false }
        let left = secondsLeft ?? 0
        announced = announced.filter { $0 >= left || $0 == half }
        schedule()
        return true
    }

    /// Runs the clock out now (a teacher's `skip`, or a challenge stopped early).
    func runOut() {
        guard !stopped else { return }
        fireTimeUp()
    }

    private func cancelTimer() {
        if let timer { loop.cancel(timer) }
        timer = nil
    }

    private func schedule() {
        cancelTimer()
        guard let left = secondsLeft, !stopped, !clock.isPaused else { return }
        if let next = thresholds.first(where: { $0 < left && !announced.contains($0) }) {
            timer = loop.schedule(after: left - next) { [weak self] in
                guard let self else { return }
                self.timer = nil
                self.announced.insert(next)
                self.onAnnounce?(Int(next.rounded()))
                self.schedule()
            }
        } else {
            timer = loop.schedule(after: left) { [weak self] in
                self?.timer = nil
                self?.fireTimeUp()
            }
        }
    }

    private func fireTimeUp() {
        guard !stopped else { return }
        cancelTimer()
        stopped = true
        ranOut = true
        onTimeUp?()
    }
}
