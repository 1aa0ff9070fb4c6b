import Foundation
import AulaContent

/// `aula check-content`: validates every Level and Deck file, prints each
/// problem with file, field and reason, and exits non-zero on any.
public enum CheckContent {
    public static func run(directory: String, language: Language) -> Int32 {
        let (library, problems) = ContentLibrary.load(directory: directory)
        for problem in problems {
            print("\(problem.file): \(problem.field): \(Catalog.shared.text(problem.reason, language))")
        }
        for line in library.summary(language) { print(line) }
        if problems.isEmpty {
            print(Catalog.shared.text("check.ok", language))
            return 0
        }
        print(Catalog.shared.text("check.problems", language, String(problems.count)))
        return 1
    }
}
