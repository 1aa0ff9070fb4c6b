import Foundation
import Testing
import AulaTestSupport
@testable import AulaStore

@Suite("Passwords, join codes and PINs", .lab)
struct SecurityTests {
    @Test func twoHashesOfOnePasswordDifferButBothVerify() throws {
        let a = try PasswordHash.make("correct horse")
        let b = try PasswordHash.make("correct horse")
        #expect(a != b)
        #expect(a.hasPrefix("scrypt$16384$8$1$"))
        #expect(PasswordHash.verify("correct horse", against: a))
        #expect(PasswordHash.verify("correct horse", against: b))
        #expect(!PasswordHash.verify("correct horsE", against: a))
        #expect(!PasswordHash.verify("", against: a))
        #expect(!PasswordHash.needsUpgrade(a))
    }

    @Test func malformedHashesNeverVerify() {
        for bad in ["", "scrypt", "plain", "scrypt$16384$8$1$$", "scrypt$3$8$1$AAAA$AAAA",
                    "scrypt$1099511627776$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA=="] {
            #expect(!PasswordHash.verify("x", against: bad), "\(bad)")
        }
    }

    @Test func cheaperParametersAreReadBackFromTheHash() throws {
        let cheap = ScryptParameters(n: 1024, r: 8, p: 1)
        let h = try PasswordHash.make("1234", parameters: cheap)
        #expect(h.hasPrefix("scrypt$1024$8$1$"))
        #expect(PasswordHash.verify("1234", against: h))
        #expect(PasswordHash.needsUpgrade(h))
    }

    @Test func thePasswordNeverReachesTheDatabaseFile() throws {
        let folder = try TempFolder()
        let path = folder.path()
        let password = "Sup3rSecretPassw0rd-ñ"
        let store = try Store(path: path)
        let hash = try PasswordHash.make(password)
        _ = try store.sync { db in try db.addTeacher(name: "Marta", passwordHash: hash, at: 0) }
        store.flush()
        let walBytes = fileBytes(path)
        #expect(contains(walBytes, Array("Marta".utf8))) // the search itself works
        #expect(!contains(walBytes, Array(password.utf8)))
        store.close()
        let bytes = fileBytes(path)
        #expect(contains(bytes, Array(hash.utf8)))
        #expect(!contains(bytes, Array(password.utf8)))
    }

    @Test func joinCodesAreSixCharactersOfTheAlphabet() {
        var seen = Set<String>()
        for _ in 0..<500 {
            let code = JoinCode.make()
            #expect(code.count == 6)
            #expect(code.allSatisfy { JoinCode.alphabet.contains($0) })
            #expect(JoinCode.isWellFormed(code))
            seen.insert(code)
        }
        #expect(seen.count > 490)
        #expect(!JoinCode.isWellFormed("ABCDE0"))
        #expect(!JoinCode.isWellFormed("ABCDE"))
        #expect(JoinCode.isWellFormed("abcdef"))
    }

    @Test func everyAlphabetCharacterTurnsUp() {
        var counts: [Character: Int] = [:]
        for _ in 0..<1000 { for c in JoinCode.make() { counts[c, default: 0] += 1 } }
        #expect(counts.count == JoinCode.alphabet.count)
        // 6000 draws over 32 symbols: about 187 each; a biased draw would skew far more than this.
        #expect(counts.values.allSatisfy { $0 > 100 && $0 < 300 })
    }

    @Test func pinsAreFourDigits() {
        var seen = Set<String>()
        for _ in 0..<200 {
            let pin = PIN.make()
            #expect(pin.count == 4)
            #expect(pin.allSatisfy { $0.isASCII && $0.isNumber })
            seen.insert(pin)
        }
        #expect(seen.count > 150)
    }
}
