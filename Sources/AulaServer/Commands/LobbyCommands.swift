import AulaGames
import AulaStore

/// The commands everyone has, in the lobby and in rooms (SPEC §3). Help and
/// usage live in the catalogs under `help.<id>` / `usage.<id>`.
package enum LobbyCommands {
    /// Whether `word` names a lobby command (the level editor refuses such a line as code).
    package static func isCommand(_ word: String) -> Bool { table.find(word) != nil }

    static let table = CommandTable<LobbyCall>([
        Command("help", "help", aliases: ["ayuda", "?"]) { call, args in call.server.showHelp(call.player, args[0]) },
        // Paged, from a cache (Limits/Listings.swift): the cost does not grow with everyone online.
        Command("who", "who", aliases: ["quien", "quién"]) { call, args in call.server.showWho(call.player, page: args[0]) },
        Command("rooms", "rooms", aliases: ["salas"]) { call, args in call.server.showRooms(call.player, page: args[0]) },
        Command("create", "create", aliases: ["crear"]) { call, args in
            guard let kind = args[0] else {
                call.player.send(ErrorEvent(Refusal.usage("missing_argument", "create")))
                return
            }
            call.server.createRoom(kindWord: kind, args: Arguments(args.rest(after: 1)), by: call.player)
        },
        Command("join", "join", aliases: ["unirse", "entrar"]) { call, args in
            guard let room = args[0] else {
                call.player.send(ErrorEvent(Refusal.usage("missing_argument", "join")))
                return
            }
            call.server.joinRoom(room, player: call.player)
        },
        Command("leave", "leave", aliases: ["abandonar", "dejar"]) { call, _ in
            call.server.leaveRoom(call.player, reason: nil)
        },
        Command("say", "say", aliases: ["decir", "di"]) { call, args in call.server.say(args.text, from: call.player) },
        Command("top", "top", aliases: ["ranking", "clasificacion", "clasificación"]) { call, args in
            call.server.showTop(call.player, game: args[0])
        },
        Command("me", "me", aliases: ["yo"]) { call, _ in call.server.showMe(call.player) },
        // levels (Sources/AulaServer/Levels/LevelLobby.swift)
        Command("levels", "levels", aliases: ["niveles"]) { call, _ in call.server.showLevelMap(call.player) },
        Command("notes", "notes", aliases: ["apuntes", "notas"]) { call, args in
            // A title may be several words (`apuntes llaves y puertas`).
            call.server.showNotes(call.player, args.isEmpty ? nil : args.rest(after: 0))
        },
        Command("play", "play", aliases: ["jugar"]) { call, args in call.server.playLevel(call.player, args[0]) },
        Command("lang", "lang", aliases: ["idioma"]) { call, args in call.server.setLanguage(call.player, args[0]) },
        Command("color", "color", aliases: ["colour", "colores"]) { call, args in
            call.server.setToggle(call.player, args[0], key: "color") { $0.color = $1 }
        },
        Command("reader", "reader", aliases: ["lector"]) { call, args in
            call.server.setToggle(call.player, args[0], key: "reader") { $0.reader = $1 }
        },
        Command("width", "width", aliases: ["ancho"]) { call, args in call.server.setWidth(call.player, args[0]) },
        Command("mode", "mode", aliases: ["modo"]) { call, args in call.server.setMode(call.player, args[0]) },
        Command("quit", "quit", aliases: ["salir", "adios", "adiós", "exit"]) { call, _ in call.server.quit(call.player) },
    ])
}

extension Server {
    /// Below this width the help is one column: command, then its description.
    static let narrowHelpWidth = 60

    func showHelp(_ player: Player, _ topic: String?) {
        let entries = helpEntries(for: player)
        if let topic {
            let w = topic.lowercased()
            guard let entry = entries.first(where: { $0.name == w || $0.aliases.contains(w) }) else {
                return showRoomHelp(player, topic)
            }
            player.send(TextBlockEvent { t in
                Server.usageLines(entry, t) + ["  " + t.say("help.\(entry.id)"),
                                               Server.helpNames(entry, t)]
            })
            return
        }
        let place = player.room?.id
        player.send(TextBlockEvent { t in Server.helpLines(entries, place: place, t) })
    }

    /// `help start` where the command does not work (the lobby): what it does
    /// in each kind of room that has it, and that it works inside one.
    private func showRoomHelp(_ player: Player, _ topic: String) {
        let w = topic.lowercased()
        var found: [HelpEntry] = []
        for (_, entries) in roomHelp {
            for entry in entries where (entry.name == w || entry.aliases.contains(w)) && !found.contains(where: { $0.id == entry.id }) {
                found.append(entry)
            }
        }
        guard !found.isEmpty else {
            player.send(ErrorEvent(code: "unknown_command", String(topic.prefix(24))))
            return
        }
        let typed = String(topic.prefix(24))
        player.send(TextBlockEvent { t in
            var lines = [t.say("help.room_only", typed)]
            for entry in found {
                lines += Server.usageLines(entry, t)
                lines.append("  " + t.say("help.\(entry.id)"))
            }
            if let first = found.first { lines.append(Server.helpNames(first, t)) }
            return lines
        })
    }

    /// A command's usage, in words for a screen reader (SpokenUsage).
    static func usage(_ entry: HelpEntry, _ t: TextContext) -> String {
        let usage = t.say("usage.\(entry.id)")
        return t.reader ? SpokenUsage.text(usage, t) : usage
    }

    /// `help X`'s usage: one line for each way of typing it (`create hangman … |
    /// create quiz DECK | …`), so that on a narrow screen a wrapped usage does
    /// not run on like the description under it (session 10, 40 columns).
    static func usageLines(_ entry: HelpEntry, _ t: TextContext) -> [String] {
        let usage = usage(entry, t)
        guard !t.reader, usage.contains(" | ") else { return [t.paint(.title, usage)] }
        return usage.components(separatedBy: " | ").map { t.paint(.title, $0) }
    }

    /// A command's names for `help X`: the one its usage shows in the reader's
    /// language first, then the others in the table's order (a play test read
    /// "delete, borrar, del": English first in Spanish, the usage's own last).
    static func helpNames(_ entry: HelpEntry, _ t: TextContext) -> String {
        var names = ([entry.name] + entry.aliases).filter { $0 != "?" }
        let usage = t.say("usage.\(entry.id)")
        let own = String(usage.prefix { $0 != " " }).lowercased()
        if let i = names.firstIndex(of: own), i > 0 { names.insert(names.remove(at: i), at: 0) }
        guard t.language == .es else { return t.say("help.aliases", names.joined(separator: ", ")) }
        // A Spanish screen reader mispronounces English words (session 12: "Nombres:
        // crear, create"): the Spanish names first, the English ones said as such.
        let english = names.filter { $0 != own && ($0 == entry.name || englishAliases.contains($0)) }
        let spanish = names.filter { !english.contains($0) }
        guard !english.isEmpty else { return t.say("help.aliases", spanish.joined(separator: ", ")) }
        return t.say("help.aliases.english", spanish.joined(separator: ", "), english.joined(separator: ", "))
    }

    /// The aliases that are English words (the others are Spanish).
    static let englishAliases: Set<String> = ["colour", "exit", "delete", "insert", "skip", "password", "top"]

    /// The help's lines for one reader: two columns on a wide screen, one
    /// below 60 columns, `usage: help` sentences in reader mode.
    static func helpLines(_ entries: [HelpEntry], place: String?, _ t: TextContext) -> [String] {
            var lines = [t.paint(.title, place.map { t.say("help.title_room", $0) } ?? t.say("help.title_lobby"))]
            let width = min(26, entries.map { t.say("usage.\($0.id)").count }.max() ?? 10)
            for entry in entries {
                let usage = t.say("usage.\(entry.id)")
                let help = t.say("help.\(entry.id)")
                if t.reader {
                    lines.append(SpokenUsage.text(usage, t) + ": " + help)
                    continue
                }
                // The help column is wrapped on its own, so continuation lines
                // stay in the column instead of falling back to the margin.
                // Below 60 columns two columns break apart mid-sentence: each
                // description goes under its command instead (issue 16).
                let narrow = t.width < Server.narrowHelpWidth
                let column = narrow ? 4 : 2 + width + 2
                let room = t.width - column
                let helpLines = room >= Renderer.minWidth / 2 ? TextWrap.wrap(help, width: room) : [help]
                let pad = String(repeating: " ", count: column)
                if narrow || usage.count > width {
                    // A long usage gets a line of its own, the help below it.
                    // On a narrow screen a usage that wraps continues deeper
                    // (6) than the help (4): at the same indent the two ran
                    // together (session 10, 40 columns).
                    let usageLines = narrow && usage.count > t.width - 2 && t.width > 12
                        ? TextWrap.wrap(usage, width: t.width - 6) : [usage]
                    lines.append("  " + t.paint(.code, usageLines.first ?? usage))
                    lines += usageLines.dropFirst().map { "    " + t.paint(.code, $0) }
                    lines += helpLines.map { pad + $0 }
                } else {
                    lines.append("  " + t.paint(.code, usage) + String(repeating: " ", count: width - usage.count)
                                 + "  " + (helpLines.first ?? ""))
                    lines += helpLines.dropFirst().map { pad + $0 }
                }
            }
            lines.append(t.say("help.more"))
            return lines
    }

    /// `say TEXT` — to your room, or to everyone in the lobby of your group.
    func say(_ typed: String, from player: Player) {
        // Invisible characters, fillers and piles of accents go (Session/ShownText.swift).
        let text = ShownText.clean(typed).trimmingCharacters(in: " ")
        guard !text.isEmpty else {
            player.send(ErrorEvent(Refusal.usage("missing_argument", "say")))
            return
        }
        guard !player.muted else {
            player.send(ErrorEvent(code: "muted"))
            return
        }
        // Chat the teacher switched off (Limits/ChatModeration.swift), before spending any budget.
        guard !refuseChatOff(player) else { return }
        // Per-room and per-address budgets, and address mutes (Limits/Server+Chat.swift).
        guard chatAllowed(player) else { return }
        let event = ChatEvent(room: player.room?.id, from: player.name, message: moderateChat(text, from: player), emote: false)
        if let room = player.room {
            room.broadcast(event)
        } else {
            for other in lobbyPlayers(in: player.group) { other.send(event) }
        }
    }

    package func setLanguage(_ player: Player, _ word: String?) {
        guard let word, let lang = Language(rawValue: word.lowercased()) else {
            player.send(ErrorEvent(Refusal.usage("bad_argument", "lang")))
            return
        }
        player.client?.renderer.language = lang
        player.send(InfoEvent("lang.set"))
        keepReading(of: player, StudentReading(language: lang.rawValue))
    }

    func setToggle(_ player: Player, _ word: String?, key: String, _ apply: (inout Renderer, Bool) -> Void) {
        guard let client = player.client else { return }
        guard let on = word.flatMap({ Self.promptSwitch($0.lowercased()) }) else {
            player.send(ErrorEvent(Refusal.usage("bad_argument", key)))
            return
        }
        apply(&client.renderer, on)
        player.send(InfoEvent("\(key).\(on ? "on" : "off")"))
        // Reader mode is kept with the student (Session/Server+KeptReading.swift).
        if key == "reader" { keepReading(of: player, StudentReading(reader: on)) }
    }

    func setWidth(_ player: Player, _ word: String?) {
        guard let client = player.client else { return }
        guard let word, let n = Int(word), n >= Renderer.minWidth, n <= Renderer.maxWidth else {
            player.send(ErrorEvent(code: "bad_width", String(Renderer.minWidth), String(Renderer.maxWidth)))
            return
        }
        client.renderer.width = n
        client.renderer.widthTyped = true
        player.send(InfoEvent("width.set", String(n)))
        keepReading(of: player, StudentReading(width: n))
    }

    func setMode(_ player: Player, _ word: String?) {
        guard let client = player.client else { return }
        // `texto` is the Spanish help's word for text mode.
        let typed = word?.lowercased() == "texto" ? "text" : word?.lowercased()
        guard let typed, let mode = Renderer.Mode(rawValue: typed) else {
            player.send(ErrorEvent(Refusal.usage("bad_argument", "mode")))
            return
        }
        // Leaving JSON: the program reads `{"ev":"mode","mode":"text"}` before the
        // text "Text mode on." (session 12: only the text came).
        if client.renderer.mode == .json && mode == .text { player.send(ModeEvent(mode: .text)) }
        client.renderer.mode = mode
        player.send(ModeEvent(mode: mode))
    }

    /// `quit` — leave for good (no reconnect grace), after a goodbye.
    func quit(_ player: Player) {
        guard let client = player.client else { return }
        client.stage = .closing
        // Out of the room and the list first, with nothing more sent to the
        // player (a play test: room.left and the lobby prompt followed
        // "Goodbye!"), so the goodbye is the last line they read.
        player.client = nil
        forget(player)
        client.send(InfoEvent("bye"))
        client.connection.close()
    }
}
