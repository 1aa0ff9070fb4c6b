import AulaNet
import AulaStore

/// Starting the board with the server (SPEC §12).
extension Server {
    /// Binds the board when `config.boardPort` is set; the key is random unless configured.
    func startBoard() {
        guard let port = config.boardPort else { return }
        let key = BoardKey(value: config.boardKey ?? RandomToken.make(), bind: config.boardHost)
        let board = Board(server: self, key: key)
        // A busy board port must not cost the class its lesson: students and
        // the console start anyway, without the board, and the log says why.
        do {
            board.listener = try loop.listen(host: config.boardHost, port: port, limits: config.boardLimits, handler: board)
        } catch {
            log(.warn, "board.unavailable", ("address", "\(config.boardHost):\(port)"), ("error", "\(error)"))
            return
        }
        self.board = board
        log(.info, "board", ("address", boardURL ?? ""))
    }

    /// The address to open on the projector (with `?key=` when one is needed).
    public var boardURL: String? {
        guard let board, let port = board.port else { return nil }
        var host = config.boardHost.contains(":") ? "[\(config.boardHost)]" : config.boardHost
        // Bound to every address: print one the projector's computer can reach.
        if config.boardHost == "0.0.0.0" || config.boardHost == "::", let lan = LocalAddresses.lanIPv4().first { host = lan }
        return "http://\(host):\(port)/" + (board.key.required ? "?key=\(board.key.value)" : "")
    }

    public var boardPort: Int? { board?.port }

    /// The level rooms' port (Rooms/LevelHost.swift): the challenge panel, when a board listens.
    package func showChallengeOnBoard(_ snapshot: BoardChallengeSnapshot) {
        board?.showChallenge(snapshot)
    }
}
