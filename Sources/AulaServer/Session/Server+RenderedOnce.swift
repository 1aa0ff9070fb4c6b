import AulaGames

/// What the login conversation says the same way to every newcomer who reads
/// the same way: rendered once per `Renderer` and kept (issue 20). At 10,000
/// logins the answer to `mode json`, the repeated `Name:` and the lobby prompt
/// were rendered 10,000 times each, a fresh 512-byte buffer every time.
package enum SameForEveryone: UInt8, Sendable {
    /// The banner and the first `Name:` (`greet`).
    case greeting
    /// `Name:` asked again (after a setting or a refusal).
    case namePrompt
    /// The answer to `mode json` / `mode text` typed at a login prompt.
    case modeAnswer
    /// The lobby's command prompt after a welcome.
    case lobbyPrompt
}

extension Server {
    /// At most this many renderings are kept: a student can change width, colour
    /// and reader mode at the prompt, so the ways of reading are unbounded;
    /// past the cap a rendering is made and not kept, as before.
    static let sameForEveryoneCap = 16

    /// The bytes of `what` for `renderer`, rendered on first use.
    func sameForEveryone(_ what: SameForEveryone, _ renderer: Renderer) -> [UInt8] {
        if let kept = renderedOnce.first(where: { $0.what == what && $0.renderer == renderer }) {
            return kept.bytes
        }
        var bytes: [UInt8] = []
        switch what {
        case .greeting:
            renderer.render(InfoEvent(phrases: [Phrase("banner.title"), Phrase("banner.modes")]), into: &bytes)
            renderer.render(PromptEvent(kind: .name, label: Phrase("prompt.name")), into: &bytes)
        case .namePrompt:
            renderer.render(PromptEvent(kind: .name, label: Phrase("prompt.name")), into: &bytes)
        case .modeAnswer:
            renderer.render(ModeEvent(mode: renderer.mode), into: &bytes)
        case .lobbyPrompt:
            renderer.render(PromptEvent(kind: .command, label: Phrase("prompt.lobby")), into: &bytes)
        }
        if renderedOnce.count < Self.sameForEveryoneCap { renderedOnce.append((what, renderer, bytes)) }
        return bytes
    }

    /// Queues `what` for an open client (what `Client.send` does for an event).
    func send(_ what: SameForEveryone, to client: Client) {
        guard client.connection.isOpen else { return }
        let bytes = sameForEveryone(what, client.reading)
        if !bytes.isEmpty { client.connection.send(bytes: bytes) }
    }
}
