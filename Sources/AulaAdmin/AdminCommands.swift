import AulaGames
import AulaServer

/// The teachers' console commands (SPEC §7), English names with Spanish
/// aliases; usage and help live in the catalog as `usage.admin.<x>` /
/// `help.admin.<x>`, and `help` is generated from this table. Commands with
/// sub-words (`class open|close`, `words list|add|del`...) parse them with `Sub`.
enum AdminCommands {
    static let table = CommandTable<AdminCall>([
        Command("admin.help", "help", aliases: ["ayuda", "?"]) { call, args in call.showHelp(args[0]) },
        // Groups, rosters, class periods
        Command("admin.groups", "groups", aliases: ["grupos"]) { call, _ in call.listGroups() },
        Command("admin.group", "group", aliases: ["grupo"]) { call, args in call.groupCommand(args) },
        Command("admin.roster", "roster", aliases: ["lista"]) { call, args in call.rosterCommand(args) },
        Command("admin.class", "class", aliases: ["clase"]) { call, args in call.classCommand(args) },
        Command("admin.lock", "lock", aliases: ["bloquear"]) { call, _ in call.setLocked(true) },
        Command("admin.unlock", "unlock", aliases: ["desbloquear"]) { call, _ in call.setLocked(false) },
        // Watching and moderating
        Command("admin.players", "players", aliases: ["jugadores", "alumnos"]) { call, _ in call.listPlayers() },
        Command("admin.rooms", "rooms", aliases: ["salas"]) { call, _ in call.listRooms() },
        Command("admin.watch", "watch", aliases: ["observar", "ver"]) { call, args in call.watch(args) },
        Command("admin.unwatch", "unwatch", aliases: ["noobservar"]) { call, _ in call.unwatch() },
        Command("admin.kick", "kick", aliases: ["expulsar"]) { call, args in call.kick(args) },
        Command("admin.unkick", "unkick", aliases: ["readmitir"]) { call, args in call.unkick(args) },
        Command("admin.chat", "chat", aliases: ["charla"]) { call, args in call.chatSwitch(args) },
        Command("admin.mute", "mute", aliases: ["silenciar"]) { call, args in call.setMuted(args, true) },
        Command("admin.unmute", "unmute", aliases: ["quitarsilencio"]) { call, args in call.setMuted(args, false) },
        Command("admin.broadcast", "broadcast", aliases: ["anunciar", "aviso"]) { call, args in call.broadcast(args) },
        Command("admin.accommodate", "accommodate", aliases: ["adaptar"]) { call, args in call.accommodate(args) },
        Command("admin.release", "release", aliases: ["liberar"]) { call, args in call.release(args) },
        Command("admin.forget", "forget", aliases: ["olvidar"]) { call, args in call.forgetStudent(args) },
        // Running the lesson
        Command("admin.room", "room", aliases: ["sala"]) { call, args in call.roomCommand(args) },
        Command("admin.challenge", "challenge", aliases: ["reto", "desafio", "desafío"]) { call, args in call.challengeCommand(args) },
        Command("admin.pause", "pause", aliases: ["pausa", "pausar"]) { call, args in call.lessonControl(.pause, args) },
        Command("admin.resume", "resume", aliases: ["reanudar", "seguir"]) { call, args in call.lessonControl(.resume, args) },
        Command("admin.skip", "skip", aliases: ["saltar"]) { call, args in call.lessonControl(.skip, args) },
        Command("admin.extend", "extend", aliases: ["ampliar", "alargar"]) { call, args in call.extend(args) },
        Command("admin.quiz", "quiz", aliases: ["cuestionario"]) { call, args in call.quizCommand(args) },
        Command("admin.board", "board", aliases: ["pantalla"]) { call, args in call.boardCommand(args) },
        // Content
        Command("admin.words", "words", aliases: ["palabras"]) { call, args in call.wordsCommand(args) },
        Command("admin.decks", "decks", aliases: ["mazos", "barajas"]) { call, _ in call.listDecks() },
        Command("admin.levels", "levels", aliases: ["niveles"]) { call, _ in call.listLevels() },
        Command("admin.reload", "reload", aliases: ["recargar"]) { call, _ in call.reloadContent() },
        // Scores and records
        Command("admin.leaderboard", "leaderboard", aliases: ["clasificacion", "clasificación", "ranking", "top"]) { call, args in
            call.showLeaderboard(args)
        },
        Command("admin.export", "export", aliases: ["exportar"]) { call, args in call.exportScores(args) },
        Command("admin.reset", "reset", aliases: ["reiniciar"]) { call, args in call.resetProgress(args) },
        Command("admin.audit", "audit", aliases: ["auditoria", "auditoría", "registro"]) { call, args in call.showAudit(args) },
        // Who is stuck where (issue 14)
        Command("admin.progress", "progress", aliases: ["progreso"]) { call, args in call.showProgress(args) },
        Command("admin.code", "code", aliases: ["codigo", "código"]) { call, args in call.showCode(args) },
        Command("admin.hint", "hint", aliases: ["pista"]) { call, args in call.sendHint(args) },
        // Accounts and the server
        Command("admin.teacher", "teacher", aliases: ["docente", "profesor", "profesora"]) { call, args in call.teacherCommand(args) },
        Command("admin.passwd", "passwd", aliases: ["password", "contraseña", "contrasena"]) { call, _ in call.changeOwnPassword() },
        Command("admin.shutdown", "shutdown", aliases: ["apagar"]) { call, args in call.shutdownServer(args) },
        Command("admin.mode", "mode", aliases: ["modo"]) { call, args in call.setMode(args[0]) },
        Command("admin.lang", "lang", aliases: ["idioma"]) { call, args in call.setLanguage(args[0]) },
        Command("admin.color", "color", aliases: ["colour", "colores"]) { call, args in call.setColor(args[0]) },
        Command("admin.quit", "quit", aliases: ["salir", "exit"]) { call, _ in call.quit() },
    ])

    /// Commands that change nothing and so leave no audit row.
    static let unaudited: Set<String> = ["admin.help", "admin.mode", "admin.lang", "admin.color", "admin.quit", "admin.audit",
                                         "admin.progress", "admin.code", "admin.levels"]
}

/// The sub-words of multi-word commands, English and Spanish.
enum Sub {
    static let add: Set<String> = ["add", "new", "añadir", "anadir", "nuevo", "nueva"]
    static let importing: Set<String> = ["import", "importar"]
    static let open: Set<String> = ["open", "abrir"]
    static let close: Set<String> = ["close", "cerrar"]
    static let create: Set<String> = ["create", "crear"]
    static let start: Set<String> = ["start", "empezar", "iniciar"]
    static let stop: Set<String> = ["stop", "parar", "terminar"]
    static let list: Set<String> = ["list", "listar", "ver"]
    static let delete: Set<String> = ["del", "delete", "remove", "borrar", "quitar"]
    static let all: Set<String> = ["all", "todas", "todo", "todos"]
    static let summary: Set<String> = ["summary", "resumen"]
    static let status: Set<String> = ["status", "estado"]

    static func matches(_ word: String?, _ set: Set<String>) -> Bool {
        guard let word else { return false }
        return set.contains(word.lowercased())
    }
}

extension AdminCall {
    func showHelp(_ topic: String?) {
        let entries = AdminCommands.table.entries
        if let topic {
            let w = topic.lowercased()
            guard let entry = entries.first(where: { $0.name == w || $0.aliases.contains(w) }) else {
                fail(code: "unknown_command", String(topic.prefix(24)))
                return
            }
            say(TextBlockEvent { t in
                [t.paint(.title, t.say("usage.\(entry.id)")), "  " + t.say("help.\(entry.id)"),
                 t.say("help.aliases", ([entry.name] + entry.aliases).filter { $0 != "?" }.joined(separator: ", "))]
            })
            done()
            return
        }
        say(TextBlockEvent { t in
            var lines = [t.paint(.title, t.say("admin.help.title"))]
            for entry in entries {
                if t.reader {
                    lines.append(t.say("usage.\(entry.id)") + ": " + t.say("help.\(entry.id)"))
                } else {
                    lines.append("  " + t.paint(.code, t.say("usage.\(entry.id)")))
                    lines.append("      " + t.say("help.\(entry.id)"))
                }
            }
            lines.append(t.say("admin.help.more"))
            return lines
        })
        done()
    }

    func setMode(_ word: String?) {
        // `texto` is the Spanish help's word for text mode.
        let typed = word?.lowercased() == "texto" ? "text" : word?.lowercased()
        guard let typed, let mode = Renderer.Mode(rawValue: typed) else { return usage("admin.mode") }
        client.renderer.mode = mode
        say(ModeEvent(mode: mode))
        done()
    }

    func setLanguage(_ word: String?) {
        guard let word, let lang = Language(rawValue: word.lowercased()) else { return usage("admin.lang") }
        client.renderer.language = lang
        // Remembered for this teacher's next logins (session 12); a storage error is said.
        write({ [teacher] db in try db.setTeacherLanguage(name: teacher, language: lang.rawValue) }) { [self] _ in
            info("lang.set")
            done()
        }
    }

    func setColor(_ word: String?) {
        switch word?.lowercased() {
        case "on", "si", "sí", "yes": client.renderer.color = true
        case "off", "no": client.renderer.color = false
        default: return usage("admin.color")
        }
        info(client.renderer.color ? "color.on" : "color.off")
        done()
    }

    func quit() {
        info("bye")
        session.close()  // before done(): a closing console gets no prompt
        done()
    }
}
