import AulaServer
import AulaGames

/// A length of time as a level says it: `2:00` on a screen, "120 seconds" in
/// reader mode — the words `time` uses there ("120 seconds left of 120"). A
/// screen reader read "tienes 2:00", "5:00 en el reloj" and "Quedan 150
/// segundos de 150" side by side (session 10's play test).
enum LevelClockWords {
    static let keys = ["level.reader.seconds", "level.reader.seconds_one"]

    static func duration(_ seconds: Double, _ t: TextContext) -> String {
        guard t.reader else { return LevelCodeText.clockText(seconds) }
        let whole = max(0, Int(seconds.rounded(.up)))
        return whole == 1 ? t.say("level.reader.seconds_one") : t.say("level.reader.seconds", String(whole))
    }
}

/// `info {text}` whose last argument is a length of time (`LevelClockWords`):
/// a class challenge starting or joined late. The other arguments are text.
struct LevelClockInfoEvent: Event {
    let key: String
    let args: [String]
    let seconds: Double
    var name: String { "info" }

    func line(_ t: TextContext) -> String {
        t.say(Phrase(key, arguments: args.map { .text($0) } + [.text(LevelClockWords.duration(seconds, t))]))
    }

    func fields(_ t: TextContext) -> [(String, JSON)] { [("text", .string(line(t)))] }
    func text(_ t: TextContext) -> [String] { [t.paint(.warn, line(t))] }
}
