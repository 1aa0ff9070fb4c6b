/// `reader on|off`, `color on|off` and `width N` typed at a login prompt
/// (`Name:`, `Class code:`, `PIN:`), as in the lobby. A student who needs a
/// screen reader types `reader on` first thing; before this it became their
/// name. Only the exact forms count — `reader` and a word that is not on/off
/// is still read as a name — so no ordinary name is taken away.
extension Server {
    /// True when the line was one of these settings and has been applied and confirmed.
    func handlePromptDisplaySetting(_ words: [String], _ client: Client) -> Bool {
        guard words.count == 2 else { return false }
        switch words[0] {
        case "reader", "lector":
            guard let on = Self.promptSwitch(words[1]) else { return false }
            client.renderer.reader = on
            client.chosenBeforeLogin.insert(.reader)
            client.send(InfoEvent("reader.\(on ? "on" : "off")"))
        case "color", "colour", "colores":
            guard let on = Self.promptSwitch(words[1]) else { return false }
            client.renderer.color = on
            client.chosenBeforeLogin.insert(.color)
            client.send(InfoEvent("color.\(on ? "on" : "off")"))
        case "width", "ancho":
            guard let n = Int(words[1]), n >= Renderer.minWidth, n <= Renderer.maxWidth else { return false }
            client.renderer.width = n
            client.renderer.widthTyped = true
            client.chosenBeforeLogin.insert(.width)
            client.send(InfoEvent("width.set", String(n)))
        default:
            return false
        }
        return true
    }

    /// The lobby's on/off words (`setToggle`); nil for anything else.
    static func promptSwitch(_ word: String) -> Bool? {
        switch word {
        case "on", "si", "sí", "yes", "1": true
        case "off", "no", "0": false
        default: nil
        }
    }
}
