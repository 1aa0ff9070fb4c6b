import Testing
import AulaTestSupport
@testable import AulaNet

/// The start-up line "Students: nc ADDRESS PORT" (SPEC §12).
@Suite(.lab) struct LocalAddressesTests {
    @Test func lanAddressesAreDottedIPv4AndNeverLoopbackUnlessAlone() {
        let addresses = LocalAddresses.lanIPv4()
        #expect(!addresses.isEmpty)
        for address in addresses {
            let parts = address.split(separator: ".")
            #expect(parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }, "\(address)")
        }
        if addresses != ["127.0.0.1"] { #expect(!addresses.contains { $0.hasPrefix("127.") }) }
    }

    @Test func aServerBoundToOneAddressNamesOnlyThatOne() {
        #expect(LocalAddresses.forStudents(boundHost: "10.0.0.5") == ["10.0.0.5"])
        #expect(LocalAddresses.forStudents(boundHost: "localhost") == ["127.0.0.1"])
        #expect(LocalAddresses.forStudents(boundHost: "0.0.0.0") == LocalAddresses.lanIPv4())
    }
}
