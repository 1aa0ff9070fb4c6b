import Foundation
import AulaContent

/// `aula check-content`: validates every Level and Deck file, prints each
/// problem with file, field and reason, and exits non-zero on any.
public enum CheckContent {
    public static func run(directory: String, language: Language) -> Int32 {
        let (library, problems) = ContentLibrary.load(directory: directory)
        // Grouped and bounded: a 5 MB deck must not flood the terminal (session 10).
        for line in ContentProblemReport.lines(problems, language) { print(line) }
        for line in library.summary(language) { print(line) }
        // Nothing found is not "all valid": a script checking the wrong folder must fail (a re-play).
        if library.isEmpty {
            print(ContentLibrary.emptyWarning(directory: directory, language))
            return 1
        }
        if library.blocklist.count == 0 { print(ContentLibrary.noBlocklistWarning(directory: directory, language)) }
        // Warnings are shown but do not fail the check.
        let errors = problems.filter { !$0.isWarning }
        if errors.isEmpty {
            print(Catalog.shared.text("check.ok", language))
            return 0
        }
        print(Catalog.shared.text("check.problems", language, String(errors.count)))
        return 1
    }
}
