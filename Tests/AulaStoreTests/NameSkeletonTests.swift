import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

/// Issue 12, defect 11: names that render like an online student's must get
/// the same key (UTS #39 skeleton after NFKC and case folding).
@Suite("Name skeletons", .lab)
struct NameSkeletonTests {
    private func same(_ a: String, _ b: String) -> Bool { NameSkeleton.key(a) == NameSkeleton.key(b) }

    @Test func caseAndWidthAndMathematicalLettersFold() {
        #expect(same("Victim", "victim"))
        #expect(same("Victim", "VICTIM"))
        #expect(same("Victim", "Ｖｉｃｔｉｍ"))        // fullwidth
        #expect(same("Victim", "𝐕𝐢𝐜𝐭𝐢𝐦"))            // mathematical bold
        #expect(same("Ivan", "ivan"))
    }

    @Test func cyrillicAndGreekHomoglyphsFold() {
        #expect(same("Victim", "Vіctim"))               // Cyrillic і
        #expect(same("Bob", "Воb"))                     // Cyrillic В, о
        #expect(same("BOB", "ВОВ"))                     // all Cyrillic capitals
        #expect(same("ANNA", "ΑΝΝΑ"))                   // all Greek capitals
        #expect(same("Ivan", "Ιvan"))                   // Greek capital iota
        #expect(same("Oscar", "Οscar"))                 // Greek capital omicron
        #expect(same("paco", "расо"))                   // Cyrillic р, а, с, о
        #expect(same("Bob", "B0b"))                     // digit zero
    }

    @Test func invisibleCharactersAndSpacingDoNotMakeANewName() {
        #expect(same("Victim", "Victim\u{034F}"))       // combining grapheme joiner
        #expect(same("Victim", "Vic\u{FE0F}tim"))       // variation selector
        #expect(same("Victim", "Victim\u{180B}"))       // Mongolian free variation selector
        #expect(same("Victim", "Vic\u{200B}tim"))       // zero-width space
        #expect(same("Ana Maria", "Ana  Maria"))
        #expect(same("Ana", " Ana "))
    }

    @Test func accentsTypedApartAreTheSameLetter() {
        #expect(same("José", "Jose\u{301}"))
        #expect(!same("José", "Jose"))
        #expect(!same("Ana", "Ama"))
        #expect(!same("Ana María", "Ana_María"))
    }

    /// Session 12: `Alvaro` typed by a student without the accent on the keyboard is `Álvaro`.
    @Test func studentKeysFoldAccentsAway() {
        func student(_ a: String, _ b: String) -> Bool { NameKey.student(a) == NameKey.student(b) }
        #expect(student("José", "Jose"))
        #expect(student("Álvaro", "ALVARO"))
        #expect(student("Noé", "NOE"))
        #expect(student("Noé", "N0e"))
        #expect(student("Peña", "Pena"))
        #expect(student("Zoë", "zoe"))
        #expect(NameKey.student("Álvaro") == "alvaro")
        // Marks outside the Latin accents are letters of their own.
        #expect(!student("कि", "क"))
        // The bare skeleton keeps them (the blocklist tells `coño` from `cono`).
        #expect(!same("Peña", "Pena"))
    }

    /// Migration 7 gives older rows their accent-folded key, except where the group
    /// already has a row with it (both kept); set-aside rows stay as they are.
    @Test func olderRowsGetAccentFoldedKeys() throws {
        let folder = try TempFolder()
        let db = try Database(path: folder.path())
        defer { db.close() }
        try Migrator.migrate(db, migrations: Schema.migrations, upTo: 6)
        let g = try db.ensureGroup(name: "3B", at: 0)
        for (name, key) in [("Álvaro", "álvaro"), ("Jose", "jose"), ("José", "josé"), ("Noé", "noé#7")] {
            try db.run("INSERT INTO students (group_id, name, name_key, created_at) VALUES (?, ?, ?, 0)",
                       [.integer(g), .text(name), .text(key)])
        }
        try Schema.migrate(db)
        #expect(try db.student(groupID: g, name: "Alvaro")?.name == "Álvaro")
        let keys = Dictionary(uniqueKeysWithValues: try db.query("SELECT name, name_key FROM students").map {
            (try $0.string("name"), try $0.string("name_key"))
        })
        #expect(keys == ["Álvaro": "alvaro", "Jose": "jose", "José": "josé", "Noé": "noé#7"])
    }

    @Test func skeletonIsUTS39() {
        // UTS #39 examples: the prototype of `m` is `rn`, of `0` is `O`.
        #expect(NameSkeleton.skeleton("m") == "rn")
        #expect(NameSkeleton.skeleton("0") == "O")
        #expect(NameSkeleton.skeleton("а") == "a")   // Cyrillic а
        #expect(same("Emma", "Ernrna"))
    }

    @Test func scriptsAreKnown() {
        #expect(NameSkeleton.script("a") == "LATIN")
        #expect(NameSkeleton.script("і") == "CYRILLIC")
        #expect(NameSkeleton.script("α") == "GREEK")
        #expect(NameSkeleton.script("7") == "COMMON")
        #expect(NameSkeleton.script("\u{301}") == "INHERITED")
        #expect(NameSkeleton.script("李") == "HAN")
        #expect(NameSkeleton.script("か") == "HIRAGANA")
    }

    @Test func studentRowsAreFoundByLookAlikeAndOldKeys() throws {
        try withDatabase { db, _ throws in
            let g = try db.ensureGroup(name: "3B", at: 0)
            let victim = try db.ensureStudent(groupID: g, name: "Victim", at: 1)
            #expect(try db.ensureStudent(groupID: g, name: "Vіctim", at: 2) == victim)
            #expect(try db.student(groupID: g, name: "ＶＩＣＴＩＭ")?.id == victim)
            // A row written by the first version (key: lowercased name) is still found.
            try db.run("INSERT INTO students (group_id, name, name_key, created_at) VALUES (?, 'Ana1', 'ana1', 0)",
                       [.integer(g)])
            let old = try db.student(groupID: g, name: "ANA1")
            #expect(old?.name == "Ana1")
            #expect(try db.ensureStudent(groupID: g, name: "ana1", at: 3) == old?.id)
        }
    }
}

@Suite("Name skeletons: the ASCII fast path", .lab)
struct NameSkeletonFastPathTests {
    @Test func theFastPathAgreesWithTheFullAlgorithm() {
        var samples = ["Bob", "B0b", "  Ana   Maria  ", "Emma", "Ivan", "Il1", "x_y-z", "TEACHER", "a\tb", ""]
        samples += (0..<128).compactMap { Unicode.Scalar(UInt32($0)).map { "a" + String(Character($0)) + "Z" } }
        for sample in samples {
            #expect(NameSkeleton.asciiKey(sample) == NameSkeleton.slowKey(sample), "\(sample.debugDescription)")
        }
        #expect(NameSkeleton.asciiKey("Ñandú") == nil)
    }
}

@Suite("Name keys: the ASCII fast path", .lab)
struct NameKeyFastPathTests {
    /// `NameKey.make`'s printable-ASCII path gives the general path's key
    /// (issue 20: it runs twice per login on the store thread).
    @Test func theFastPathAgreesWithTheGeneralOne() {
        var samples = ["Bob", "  Ana   Maria  ", "TEACHER", "x_Y-z", " ", "   ", "", "b1234", "O'Neil", "~Zz@[`{"]
        samples += (0..<128).compactMap { Unicode.Scalar(UInt32($0)).map { " A" + String(Character($0)) + "z " } }
        var generator = TestRandom(seed: 20)
        for _ in 0..<500 {
            let length = Int(generator.next() % 12)
            let bytes = (0..<length).map { _ in UInt8(0x20 + generator.next() % 0x5F) }
            samples.append(String(decoding: bytes, as: UTF8.self))
        }
        for sample in samples {
            let general = NameKey.generalMake(sample)
            #expect((NameKey.asciiMake(sample) ?? general) == general, "\(sample.debugDescription)")
        }
        #expect(NameKey.asciiMake("Ñandú") == nil)
        #expect(NameKey.asciiMake("a\tb") == nil)
        #expect(NameKey.make("  Ana  ") == "ana")
    }
}

/// Session 12's look-alikes: small capitals, Cherokee, `Ŀ`, and the readings
/// of a capital I as `l` and of a digit 1 as `i`.
@Suite(.lab) struct NameSkeletonStrokesTests {
    @Test func smallCapitalsCherokeeAndTheMiddleDotFoldToLatin() {
        #expect(NameSkeleton.key("ʟᴜᴄɪᴀ") == NameSkeleton.key("Lucia"))
        #expect(NameSkeleton.key("Ŀucia") == NameSkeleton.key("Lucia"))
        #expect(NameSkeleton.key("ᎪᎠᎪ ᏦᎪᏆ") == NameSkeleton.key("ADA KAI"))
    }

    @Test func aCapitalIReadsAsAnLAndADigitOneAsAnI() {
        #expect(NameSkeleton.strokeKeys("ADA KAI") == [NameSkeleton.key("ada kal")])
        #expect(NameSkeleton.strokeKeys("Ɩucia") == [NameSkeleton.key("lucia")])
        #expect(NameSkeleton.strokeKeys("Luc1a") == [NameSkeleton.key("lucia")])
        #expect(NameSkeleton.strokeKeys("Lucia").isEmpty && NameSkeleton.strokeKeys("ada kal").isEmpty)
        // A dotted i is never an l: `Ali` and `All` have no other reading in common.
        #expect(NameSkeleton.strokeKeys("Ali").isEmpty && NameSkeleton.key("Ali") != NameSkeleton.key("All"))
    }
}
