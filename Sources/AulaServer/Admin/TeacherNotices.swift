/// Lines for every teacher logged in on the console (SPEC §12: events such as
/// `level.attempt` go to teachers). Loop thread only.
extension Server {
    func tellTeachers(_ event: Event) {
        guard let console = adminConsole else { return }
        for session in console.sessions.values where session.teacher != nil && session.isOpen {
            session.client.send(event)
        }
    }
}
