// libFuzzer target: bytes from a browser → the board's HTTP request-head
// parser (SPEC §12), fed in two uneven pieces like a socket would deliver them.
// Built by fuzz/run.sh together with Sources/AulaNet/HTTPRequestHead.swift.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = size > 0 ? Int(bytes[0]) % (size + 1) : 0
    var parser = HTTPHeadParser(maxBytes: 1024)
    var results: [HTTPHeadParser.Result] = []
    for piece in [Array(bytes[..<cut]), Array(bytes[cut...])] where !piece.isEmpty {
        results.append(parser.feed(piece))
    }
    // The same bytes in one piece must give the same final answer.
    var whole = HTTPHeadParser(maxBytes: 1024)
    let once = size > 0 ? whole.feed(bytes) : .needMore
    if let first = results.first(where: { $0 != .needMore }), first != once {
        fatalError("split and whole feeds disagree")
    }
    if case .request(let head) = once, !head.path.hasPrefix("/") {
        fatalError("a request path that does not start with /")
    }
    return 0
}
