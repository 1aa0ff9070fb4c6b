/// Renders an event once per distinct way of reading (mode, language,
/// colour, reader mode, width) while it goes to many connections — a room of
/// thirty students mostly shares one or two, so a broadcast costs one render.
/// A short list, not a dictionary: comparing a renderer or two is cheaper
/// than hashing one per member.
struct RenderCache {
    private var rendered: [(renderer: Renderer, bytes: [UInt8])] = []

    mutating func send(_ event: Event, to client: Client?) {
        guard let client, client.connection.isOpen else { return }
        let renderer = client.renderer
        let bytes: [UInt8]
        if let cached = rendered.first(where: { $0.renderer == renderer }) {
            bytes = cached.bytes
        } else {
            bytes = renderer.renderBytes(event)
            rendered.append((renderer, bytes))
        }
        if !bytes.isEmpty { client.connection.send(bytes: bytes) }
    }
}
