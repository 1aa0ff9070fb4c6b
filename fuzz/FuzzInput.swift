// libFuzzer target: bytes from a client → telnet decoder → negotiator →
// line framer → text cleaner, exactly the path every student's input takes.
// Built by fuzz/run.sh together with the AulaNet sources it exercises.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var decoder = TelnetDecoder()
    var negotiator = TelnetNegotiator()
    var framer = LineFramer()
    // Feed in two uneven pieces: state carried across reads is the risky part.
    let cut = size > 0 ? Int(bytes[0]) % (size + 1) : 0
    for piece in [Array(bytes[..<cut]), Array(bytes[cut...])] {
        let (text, commands) = decoder.feed(piece)
        for command in commands { _ = negotiator.handle(command) }
        for line in framer.feed(text, maxLineBytes: 1024) {
            if case .line(let raw) = line {
                let clean = TextCleaner.clean(raw)
                // The cleaned text must hold no control characters at all.
                for scalar in clean.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    fatalError("control character \(scalar.value) survived cleaning")
                }
            }
        }
    }
    return 0
}
