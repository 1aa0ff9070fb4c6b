/// The server is the game rooms' host; everything else in it stays out of their reach.
extension Server: RoomHost {
    package func tellTeachers(_ event: Event) {
        adminConsole?.tellTeachers(event)
    }
}
