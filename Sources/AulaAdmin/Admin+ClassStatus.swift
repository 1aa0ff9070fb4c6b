import AulaServer

/// The words after `class` that ask to see the open class again.
enum ClassStatusWords {
    static let show: Set<String> = ["code", "codigo", "código", "status", "estado", "show", "ver"]
}

/// Session 12's play test: a teacher who had lost the join code typed `class`
/// and `class code` and got only "Usage: class open GROUP | class close". Both
/// show the open class, its join code, how many of its students are in, and
/// how to close it; with no class open, how to open one.
extension AdminCall {
    func showClass() {
        guard let session = server.classSession else {
            info("admin.class.none")
            return done()
        }
        let online = server.onlinePlayers(in: session.group).count
        say(TextBlockEvent { t in
            [t.paint(.good, t.say(session.locked ? "admin.class.status_locked" : "admin.class.status", session.group.name)),
             t.paint(.title, t.say("admin.class.join_code", session.joinCode)),
             "  " + t.say(online == 1 ? "admin.class.status_in_one" : "admin.class.status_in", String(online)),
             "  " + t.say("admin.class.status_close")]
        })
        done()
    }
}
