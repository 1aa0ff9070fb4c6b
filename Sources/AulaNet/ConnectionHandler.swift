/// Implemented by the server. All calls happen on the loop thread.
public protocol ConnectionHandler: AnyObject {
    func connectionOpened(_ connection: Connection)
    /// A clean line of text: UTF-8 decoded, controls and escapes stripped, no terminator.
    func connection(_ connection: Connection, received line: String)
    func connection(_ connection: Connection, notice: NetNotice)
    /// Called once per opened connection, after its socket is closed.
    func connectionClosed(_ connection: Connection, reason: CloseReason)
    /// Text (already with CRLF) sent raw to a newcomer that is refused, just before closing it.
    func refusalMessage(_ refusal: AdmissionRefusal) -> String
    /// Raw bytes, for listeners with `NetLimits.rawInput` (valid during the call only).
    func connection(_ connection: Connection, receivedBytes bytes: UnsafeBufferPointer<UInt8>)
}

extension ConnectionHandler {
    public func connection(_ connection: Connection, receivedBytes bytes: UnsafeBufferPointer<UInt8>) {}
}
