import Testing
import AulaTestSupport
@testable import AulaGames

@Suite(.lab) struct SeededRandomTests {
    @Test func sameSeedGivesSameSequence() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let xs = (0..<5).map { _ in a.next() }
        let ys = (0..<5).map { _ in b.next() }
        let zs = (0..<5).map { _ in c.next() }
        #expect(xs == ys)
        #expect(xs != zs)
    }
}
