/// Renders an event once per distinct way of reading (mode, language,
/// colour, reader mode, width) while it goes to many connections — a room of
/// thirty students mostly shares one or two, so a broadcast costs one render.
struct RenderCache {
    private var rendered: [Renderer: String] = [:]

    mutating func send(_ event: Event, to client: Client?) {
        guard let client, client.connection.isOpen else { return }
        let bytes: String
        if let cached = rendered[client.renderer] {
            bytes = cached
        } else {
            bytes = client.renderer.render(event)
            rendered[client.renderer] = bytes
        }
        if !bytes.isEmpty { client.connection.send(bytes) }
    }
}
