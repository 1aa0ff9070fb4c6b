import Testing
import AulaTestSupport
import AulaGames
@testable import AulaServer

/// Notes for the reader (issue 16): Markdown becomes words, never symbols a
/// screen reader would read aloud; colour mode turns it into styles.
@Suite(.lab) struct LevelNoteTextTests {
    let note = """
    # Deciding: if

    `look()` tells what is **ahead**:

    - `WALL` or *water*
    - the goal

    ```
    if (look() == IRON) {
        hit();
    }
    ```
    `a * b` stays, and 2 * 3 too.
    """

    func context(reader: Bool, color: Bool, _ language: Language = .en) -> TextContext {
        TextContext(language: language, reader: reader, color: color, width: 80)
    }

    @Test func readerModeReadsWordsNotMarks() {
        let lines = LevelNoteText.lines(note, context(reader: true, color: false))
        #expect(lines == [
            "Deciding: if", "", "look() tells what is ahead:", "", "WALL or water", "the goal", "",
            "Example:", "if (look() == IRON) {", "    hit();", "}", "End of example.",
            "a * b stays, and 2 * 3 too.",
        ])
        for line in lines { #expect(!line.contains("`") && !line.contains("**") && !line.hasPrefix("#") && !line.hasPrefix("- ")) }
        let spanish = LevelNoteText.lines(note, context(reader: true, color: false, .es))
        #expect(spanish.contains("Ejemplo:") && spanish.contains("Fin del ejemplo."))
    }

    @Test func colourModeTurnsMarksIntoStyles() {
        let lines = LevelNoteText.lines(note, context(reader: false, color: true))
        #expect(lines.contains("\u{1B}[35mlook()\u{1B}[0m tells what is \u{1B}[1mahead\u{1B}[0m:"))
        #expect(lines.contains("    \u{1B}[35m    hit();\u{1B}[0m"))
        #expect(!lines.contains { $0.contains("```") || $0.contains("**") })
    }

    @Test func plainTextKeepsTheMarkdownAsWritten() {
        let lines = LevelNoteText.lines(note, context(reader: false, color: false))
        #expect(lines.contains("`look()` tells what is **ahead**:"))
        #expect(lines.contains("```"))
    }

    @Test func theNoteKeysAreInBothCatalogs() {
        for key in LevelNoteText.keys {
            for language in Language.allCases { #expect(Catalog.shared.template(key, language) != nil, "\(key)") }
        }
    }

    /// A play test: the file's own line breaks, kept and then wrapped again at
    /// 40 columns, gave ragged text. Each paragraph and list item is one line
    /// before the screen wraps it; code, headings and blank lines keep theirs.
    @Test func paragraphsAreJoinedBeforeTheScreenWrapsThem() {
        let markdown = """
        # Turning

        `turnLeft();` and `turnRight();` turn Ada a quarter turn **without moving
        her**. After turning, `walk();` goes in the
        new direction.

        - one item that goes
          on a second line
        - another

        ```
        walk();
        turnRight();
        ```
        """
        #expect(LevelNoteText.paragraphs(markdown) == [
            "# Turning", "",
            "`turnLeft();` and `turnRight();` turn Ada a quarter turn **without moving her**. After turning, `walk();` goes in the new direction.",
            "",
            "- one item that goes on a second line", "- another", "",
            "```", "walk();", "turnRight();", "```",
        ])
        // Bold across the file's line break is bold now, and said as words.
        let reader = LevelNoteText.lines(markdown, TextContext(language: .en, reader: true, color: false, width: 40))
        #expect(reader.contains { $0.contains("without moving her. After turning") }, "\(reader)")
    }
}
