import Foundation
import AulaGames

/// Reads the word decks (`Decks/words/*.json`) and checks them with `WordRules`.
///
/// File format (SPEC §4): `{"id":"animales-es","title":"Animales","lang":"es",
/// "words":[{"word":"murciélago","hint":"Vuela de noche"}, ...]}`.
/// A file that is not JSON, or lacks a valid `id`, `title` or `lang`, is skipped
/// with a problem; each invalid word is reported and left out; a deck left with
/// fewer than `WordRules.minDeckSize` words is reported and skipped. Problems
/// name the file (relative to the content folder), the field (`words[12].hint`)
/// and the reason, a `content.words.*` phrase.
public enum WordDeckLoader {
    /// Where the decks live inside the content folder.
    public static let folder = "Decks/words"
    public static let maxTitleLength = 40
    public static let maxIdLength = 40

    /// Every valid deck (in file-name order) and every problem found.
    public static func load(contentDirectory: URL) -> ([WordDeck], [ContentProblem]) {
        let read = read(contentDirectory: contentDirectory)
        return (read.decks, read.problems)
    }

    /// `load`, also saying which file each deck came from and which files are
    /// there (the word bank follows the files: WordFolder). `screen` leaves out
    /// words the blocklist matches, each with a warning.
    public static func read(contentDirectory: URL, screen: WordScreen = .none) -> WordFolder {
        let directory = contentDirectory.appendingPathComponent(folder, isDirectory: true)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
                .sorted()
        } catch {
            return WordFolder(problems: [ContentProblem(file: folder, field: "", reason: Phrase("content.words.no_folder", [folder]))])
        }
        var decks: [WordDeck] = []
        var problems: [ContentProblem] = []
        var fileOfId: [String: String] = [:]
        for name in names {
            let file = "\(folder)/\(name)"
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
                problems.append(ContentProblem(file: file, field: "", reason: Phrase("content.words.unreadable")))
                continue
            }
            let (deck, found) = decode(data, file: file, screen: screen)
            problems += found
            guard let deck else { continue }
            if let other = fileOfId[deck.id] {
                problems.append(ContentProblem(file: file, field: "id",
                                               reason: Phrase("content.words.id_duplicate", [deck.id, other])))
                continue
            }
            fileOfId[deck.id] = file
            decks.append(deck)
        }
        return WordFolder(decks: decks, fileOfDeck: fileOfId.mapValues { String($0.dropFirst(folder.count + 1)) },
                          files: Set(names), folderFound: true, problems: problems)
    }

    /// One deck file's contents: the deck (nil when it must be skipped) and its problems.
    public static func decode(_ data: Data, file: String, screen: WordScreen = .none) -> (WordDeck?, [ContentProblem]) {
        func problem(_ field: String, _ key: String, _ args: [any PhraseArgumentConvertible] = []) -> ContentProblem {
            ContentProblem(file: file, field: field, reason: Phrase("content.words.\(key)", args))
        }
        guard let json = try? JSONSerialization.jsonObject(with: data) else {
            return (nil, [problem("", "not_json")])
        }
        guard let object = json as? [String: Any] else {
            return (nil, [problem("", "not_an_object")])
        }
        var problems: [ContentProblem] = []

        func text(_ field: String) -> String? {
            guard let value = object[field] else {
                problems.append(problem(field, "missing", [field]))
                return nil
            }
            guard let string = value as? String else {
                problems.append(problem(field, "not_text", [field]))
                return nil
            }
            return string
        }
        let id = text("id"), title = text("title"), lang = text("lang")
        if let id, !isValidId(id) {
            problems.append(problem("id", "id_invalid", [id, String(maxIdLength)]))
        }
        if let title, HangmanLetters.trimmed(title).isEmpty || title.count > maxTitleLength {
            problems.append(problem("title", "title_length", [String(maxTitleLength)]))
        }
        if let lang, !isValidLanguage(lang) {
            problems.append(problem("lang", "lang_invalid", [lang]))
        }

        var words: [WordEntry] = []
        // Keys seen so far: a deck of thousands of words is checked in one pass.
        var wordByKey: [String: String] = [:]
        if let list = object["words"] {
            if let entries = list as? [Any] {
                for (index, item) in entries.enumerated() {
                    let field = "words[\(index)]"
                    guard let entry = item as? [String: Any] else {
                        problems.append(problem(field, "entry_not_an_object"))
                        continue
                    }
                    // Spaces around a word (`"  olla "`, a copy from a spreadsheet) are trimmed, not refused (session 12).
                    let word = (entry["word"] as? String).map(HangmanLetters.trimmed)
                    let hint = entry["hint"] as? String
                    // Each says the word was left out (a word with no hint went missing unsaid: session 12).
                    if word == nil {
                        problems.append(problem("\(field).word", entry["word"] == nil ? "entry_missing" : "entry_not_text", ["word"]))
                    }
                    if hint == nil {
                        problems.append(problem("\(field).hint", entry["hint"] == nil ? "entry_missing" : "entry_not_text", ["hint"]))
                    }
                    guard let word, let hint else { continue }
                    if let refusal = WordRules.checkWord(word) {
                        problems.append(problem("\(field).word", refusal.code, refusal.phrase.args))
                        continue
                    }
                    if screen.blocksWord(word) {
                        problems.append(ContentProblem(file: file, field: "\(field).word",
                                                       reason: Phrase("content.words.word_blocked", [word]), isWarning: true))
                        continue
                    }
                    let key = HangmanLetters.comparisonKey(word)
                    if let existing = wordByKey[key] {
                        let refusal = Refusal(code: "word_duplicate", args: [word, existing])
                        problems.append(problem("\(field).word", refusal.code, refusal.phrase.args))
                        continue
                    }
                    if let refusal = WordRules.checkHint(hint, for: word) {
                        problems.append(problem("\(field).hint", refusal.code, refusal.phrase.args))
                        continue
                    }
                    if screen.blocksHint(hint) {
                        problems.append(ContentProblem(file: file, field: "\(field).hint",
                                                       reason: Phrase("content.words.hint_blocked", [word]), isWarning: true))
                        continue
                    }
                    wordByKey[key] = word
                    // Lower-cased (session 10): `Lémur` showed `L é m u _`; guesses match any case anyway.
                    words.append(WordEntry(word: word.lowercased(), hint: HangmanLetters.trimmed(hint)))
                }
            } else {
                problems.append(problem("words", "not_a_list"))
            }
        } else {
            problems.append(problem("words", "missing", ["words"]))
        }

        let headerOK = !problems.contains { ["id", "title", "lang"].contains($0.field) }
        guard headerOK, let id, let title, let lang else { return (nil, problems) }
        if WordRules.checkDeckSize(words.count) != nil {
            problems.append(problem("words", "deck_too_small", [String(words.count), String(WordRules.minDeckSize)]))
            return (nil, problems)
        }
        return (WordDeck(id: id, title: HangmanLetters.trimmed(title), lang: lang, words: words), problems)
    }

    /// Deck ids are typed in commands (`create hangman easy animales-es`):
    /// lowercase ASCII letters, digits and hyphens, starting with a letter.
    public static func isValidId(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, ("a"..."z").contains(first), id.count <= maxIdLength else {
            return false
        }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// A language code: two lowercase ASCII letters (`en`, `es`...).
    public static func isValidLanguage(_ lang: String) -> Bool {
        lang.unicodeScalars.count == 2 && lang.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
    }

    /// Every reason key the loader reports (the catalogs must have them all).
    public static let problemKeys: [String] = [
        "no_folder", "unreadable", "not_json", "not_an_object", "missing", "not_text", "entry_missing", "entry_not_text", "not_a_list",
        "entry_not_an_object", "id_invalid", "id_duplicate", "title_length", "lang_invalid", "deck_too_small",
        "word_not_letters", "word_too_short", "word_too_long", "word_duplicate",
        "hint_length", "hint_not_plain", "hint_reveals_word", "word_blocked", "hint_blocked",
    ].map { "content.words.\($0)" }
}
