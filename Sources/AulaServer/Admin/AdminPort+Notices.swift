/// Telling the teachers at the console about something happening now.
extension AdminPort {
    /// Sends `event` to every teacher logged in at the console (not to
    /// connections still at the `Teacher:` or `Password:` prompts).
    func tellTeachers(_ event: Event) {
        for session in sessions.values where session.teacher != nil && session.isOpen {
            session.client.send(event)
        }
    }
}
