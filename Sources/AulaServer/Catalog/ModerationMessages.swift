extension CatalogParts {
    /// Issue 13: a class that survives a restart, kicks that hold, chat moderation; and
    /// (issue 12) who may be in the class: PIN alerts, `release`, storage errors at login.
    public static let moderation = CatalogPart(
        en: [
            // Students
            "error.chat_off": "Your teacher has switched chat off here for now.",
            "chat.switched_off": "Your teacher switched chat off here for now.",
            "chat.switched_on": "Your teacher switched chat back on.",
            "kicked.line_minutes": "You were removed by your teacher for {1} {1|minute|minutes}: {0}",
            "kicked.line_minute": "You were removed by your teacher for {1} minute: {0}",
            "error.kicked": "Your teacher removed you from the server. You can log in again in {0} {0|minute|minutes}. Reason: {1}",
            "error.kicked_one": "Your teacher removed you from the server. You can log in again in {0} minute. Reason: {1}",
            "class.restored_rooms_lost": "The server restarted a moment ago. Your class and the points of finished rounds are kept, but a round or quiz still being played was not saved and the game rooms were closed: join or create a room again.",
            "error.name_on_rosters": "{0} is on the class lists of several groups ({1}). Log in when your teacher opens your class, or pick another name.",
            // Teachers
            "admin.chat_masked.room": "Masked chat from {0} in {1}: {2}",
            "admin.chat_masked.in_lobby": "Masked chat from {0} in the lobby of {1}: {2}",
            "admin.chat.off_all": "Chat is off everywhere: every room and lobby, rooms opened later too. \"chat on all\" turns it back on.",
            "admin.chat.on_all": "Chat is on everywhere.",
            "admin.chat.off_lobby": "Chat is off in the lobby.",
            "admin.chat.on_lobby": "Chat is on in the lobby.",
            "admin.chat.off_room": "Chat is off in {0}.",
            "admin.chat.on_room": "Chat is on in {0}.",
            "admin.kick.held": "{0} was removed and cannot log in again for {1} {1|minute|minutes} (\"unkick {0}\" lifts it; so does closing the class).",
            "admin.kick.held_one": "{0} was removed and cannot log in again for {1} minute (\"unkick {0}\" lifts it; so does closing the class).",
            "admin.kick.address": "Names without a PIN are kept out from their address {0} too.",
            "admin.unkick.done": "{0} may log in again.",
            "error.bad_kick_minutes": "«{0}» is not a number of minutes: use 1 to {1}.",
            "error.not_kicked": "Nobody named «{0}» is kicked.",

            // Identity that holds (issue 12): alerts, storage errors at login, `release`.
            "admin.storage_unavailable": "The database is not answering right now, so nothing was checked or changed (a password typed is not counted as wrong). Try again in a minute; the server log has details.",
            "admin.alert.pin_locked": "Alert: too many wrong PINs for {0} ({1}) from {2}. PINs for {0} from the computers that typed them wrong are locked for {3} {3|minute|minutes} ({0} still gets in from any other computer); type release {0} to lift it.",
            "admin.alert.pin_address_locked": "Alert: too many wrong PINs from address {0} (last name tried: {1}). For {2} {2|minute|minutes} that address may not try again a name it got wrong (students there who typed nothing wrong still get in); type release {0} to lift it.",
            "admin.release.seat": "{0}'s place is free: the next one to log in with that name starts a new place.",
            "admin.release.pin": "{0} may try a PIN again.",
            "admin.release.address": "Address {0} may try PINs again.",
            "error.nothing_to_release": "Nothing to release for \"{0}\": no student of that name is waiting to reconnect and no PIN lock is on it.",
            "error.player_online": "{0} is connected right now; there is no place to release (use kick to disconnect them).",
            // Session 10 (rooms play test): the class code typed where the name goes.
            "error.name_is_class_code": "That is the class code, not a name. Type your name first; the class code comes next.",
            // Session 11 (quiz flow): a command typed where the name goes.
            "error.name_is_command": "\"{0}\" is a command, not a name: type your name.",
            // Session 12 (who is who): a PIN typed at Name:, a seat taken over, an address mute, a mistyped group.
            "error.name_needs_letters": "A name needs letters, not only digits: type your name (the PIN is asked for after it).",
            "login.elsewhere": "You logged in somewhere else: this connection closes.",
            "error.muted_address": "Chat from this computer is muted by your teacher for now.",
            "error.group_did_you_mean": "There is no group {0}. Did you mean {1}? (To open a new group {0}, type group add {0} first.)",
            "admin.class.new_group": "{0} is a new group: nobody is on its roster and it has no PINs (roster import {0} FILE adds them).",
        ],
        es: [
            // Estudiantes
            "error.chat_off": "Tu docente ha desactivado el chat aquí por ahora.",
            "chat.switched_off": "Tu docente ha desactivado el chat aquí por ahora.",
            "chat.switched_on": "Tu docente ha vuelto a activar el chat.",
            "kicked.line_minutes": "Tu docente te ha sacado del servidor durante {1} {1|minuto|minutos}: {0}",
            "kicked.line_minute": "Tu docente te ha sacado del servidor durante {1} minuto: {0}",
            "error.kicked": "Tu docente te ha sacado del servidor. Puedes volver a entrar dentro de {0} {0|minuto|minutos}. Motivo: {1}",
            "error.kicked_one": "Tu docente te ha sacado del servidor. Puedes volver a entrar dentro de {0} minuto. Motivo: {1}",
            "class.restored_rooms_lost": "El servidor se acaba de reiniciar. Tu clase y los puntos de las rondas terminadas se mantienen, pero una ronda o un cuestionario que estaba en juego no se guardó y las salas de juego se han cerrado: entra en una sala o crea otra.",
            "error.name_on_rosters": "{0} está en las listas de clase de varios grupos ({1}). Entra cuando tu docente abra tu clase, o elige otro nombre.",
            // Docentes
            "admin.chat_masked.room": "Chat tapado de {0} en {1}: {2}",
            "admin.chat_masked.in_lobby": "Chat tapado de {0} en la entrada de {1}: {2}",
            "admin.chat.off_all": "El chat está desactivado en todas partes: cada sala y entrada, también las salas que se abran después. \"chat sí todas\" lo vuelve a activar.",
            "admin.chat.on_all": "El chat está activado en todas partes.",
            "admin.chat.off_lobby": "El chat está desactivado en la entrada.",
            "admin.chat.on_lobby": "El chat está activado en la entrada.",
            "admin.chat.off_room": "El chat está desactivado en {0}.",
            "admin.chat.on_room": "El chat está activado en {0}.",
            "admin.kick.held": "{0} ha salido del servidor y no puede volver a entrar durante {1} {1|minuto|minutos} (\"readmitir {0}\" lo permite antes; cerrar la clase, también).",
            "admin.kick.held_one": "{0} ha salido del servidor y no puede volver a entrar durante {1} minuto (\"readmitir {0}\" lo permite antes; cerrar la clase, también).",
            "admin.kick.address": "Desde su dirección {0} tampoco pueden entrar nombres sin PIN.",
            "admin.unkick.done": "{0} puede volver a entrar.",
            "error.bad_kick_minutes": "«{0}» no es un número de minutos: usa de 1 a {1}.",
            "error.not_kicked": "No hay ninguna expulsión para el nombre «{0}».",

            // Identidad que se sostiene (issue 12): avisos, errores de almacenamiento al entrar, `liberar`.
            "admin.storage_unavailable": "La base de datos no responde ahora mismo, así que no se ha comprobado ni cambiado nada (una contraseña escrita no cuenta como incorrecta). Vuelve a probar en un minuto; el registro del servidor tiene detalles.",
            "admin.alert.pin_locked": "Aviso: demasiados PIN incorrectos para {0} ({1}) desde {2}. El PIN de {0} queda bloqueado {3} {3|minuto|minutos} para los equipos que lo escribieron mal ({0} sigue pudiendo entrar desde cualquier otro equipo); escribe liberar {0} para quitar el bloqueo.",
            "admin.alert.pin_address_locked": "Aviso: demasiados PIN incorrectos desde la dirección {0} (último nombre probado: {1}). Durante {2} {2|minuto|minutos} esa dirección no puede volver a probar un nombre que escribió mal (quien no se equivocó desde allí sigue pudiendo entrar); escribe liberar {0} para quitar el bloqueo.",
            "admin.release.seat": "El puesto de {0} queda libre: quien entre después con ese nombre empieza un puesto nuevo.",
            "admin.release.pin": "{0} puede volver a probar su PIN.",
            "admin.release.address": "La dirección {0} puede volver a probar PIN.",
            "error.nothing_to_release": "No hay nada que liberar para «{0}»: nadie con ese nombre espera para reconectarse y no tiene ningún bloqueo de PIN.",
            "error.player_online": "{0} tiene la conexión abierta ahora mismo; no hay ningún puesto que liberar (usa expulsar para cerrar esa conexión).",
            // Sesión 10 (prueba de salas): el código de clase escrito donde va el nombre.
            "error.name_is_class_code": "Eso es el código de la clase, no un nombre. Escribe primero tu nombre; el código va después.",
            // Sesión 11 (flujo del cuestionario): un comando escrito donde va el nombre.
            "error.name_is_command": "«{0}» es un comando, no un nombre: escribe tu nombre.",
            // Sesión 12 (quién es quién): un PIN escrito en Nombre:, un puesto retomado, un silencio por dirección, un grupo mal escrito.
            "error.name_needs_letters": "Un nombre necesita letras, no solo cifras: escribe tu nombre (el PIN se pide después).",
            "login.elsewhere": "Has entrado desde otra conexión: esta se cierra.",
            "error.muted_address": "Tu docente ha silenciado por ahora el chat desde esta computadora.",
            "error.group_did_you_mean": "No existe el grupo {0}. ¿Querías decir {1}? (Para abrir un grupo nuevo {0}, escribe primero grupo añadir {0}.)",
            "admin.class.new_group": "{0} es un grupo nuevo: no tiene a nadie en su lista ni PIN (lista importar {0} ARCHIVO los añade).",
        ]
    )
}
