#if canImport(Glibc)
import Glibc
#endif

/// The machine's IPv4 addresses a classroom can reach, for the start-up line
/// "Students: nc 192.168.1.20 4000" (SPEC §12): students cannot guess them.
public enum LocalAddresses {
    /// Non-loopback IPv4 addresses of interfaces that are up, in interface
    /// order, without repeats; ["127.0.0.1"] when there is none (a laptop
    /// without a network still serves its own terminal).
    public static func lanIPv4() -> [String] {
        var found: [String] = []
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return ["127.0.0.1"] }
        defer { freeifaddrs(first) }
        var cursor = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(bitPattern: entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                  let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let converted = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 -> Bool in
                var raw = ipv4.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
            }
            guard converted else { continue }
            let dotted = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !found.contains(dotted) { found.append(dotted) }
        }
        return found.isEmpty ? ["127.0.0.1"] : found
    }

    /// What to print at start: the addresses students type after `nc`.
    /// A server bound to one address is reached only there.
    public static func forStudents(boundHost: String) -> [String] {
        switch boundHost {
        case "0.0.0.0", "::", "": return lanIPv4()
        case "localhost": return ["127.0.0.1"]
        default: return [boundHost]
        }
    }
}
