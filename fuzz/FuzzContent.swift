// libFuzzer target: any bytes as a word deck, a quiz deck and a level file.
// Each decoder must either accept the file or report problems — never crash.
// Built by fuzz/run.sh together with the AulaGames and AulaContent sources.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContent(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    _ = WordDeckLoader.decode(bytes, file: "Decks/words/fuzz.json")
    _ = QuizDeckLoader.decode(bytes, file: "Decks/quizzes/fuzz.json", fileStem: "fuzz")
    if let level = try? JSONDecoder().decode(Level.self, from: bytes) {
        _ = LevelValidation.check(level, file: "Levels/w1/fuzz.json", expectedID: "fuzz", notes: [])
    }
    return 0
}
