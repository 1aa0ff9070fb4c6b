/// Aula's schema: every migration, in order. Times are Unix seconds stored as REAL.
public enum Schema {
    public static let migrations: [Migration] = [
        Migration(version: 1, name: "create tables", apply: createTables),
        Migration(version: 2, name: "leaderboard totals", apply: addTotals),
        Migration(version: 3, name: "student last login", apply: addLastLogin),
        Migration(version: 4, name: "level attempts and kept programs", apply: addLevelCourse),
        Migration(version: 5, name: "where each word came from", apply: addWordOrigins),
        Migration(version: 6, name: "level points kept across a reset", apply: addLevelPointsKept),
        Migration(version: 7, name: "kicks, accommodations and teachers' languages kept", apply: addKeptHolds),
        Migration(version: 8, name: "student keys fold accents", apply: foldAccentsInStudentKeys),
        Migration(version: 9, name: "how each student reads", apply: addStudentReading),
    ]

    public static var latestVersion: Int { migrations.map(\.version).max() ?? 0 }

    /// Runs every forward migration the file has not seen yet.
    public static func migrate(_ db: Database) throws {
        try Migrator.migrate(db, migrations: migrations)
    }

    /// Migration 1: every table of SPEC §8.
    static func createTables(_ db: Database) throws {
        try db.execute("""
        CREATE TABLE teachers (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_at REAL NOT NULL
        );
        CREATE TABLE groups (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            created_at REAL NOT NULL DEFAULT 0
        );
        CREATE TABLE students (
            id INTEGER PRIMARY KEY,
            group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            pin_hash TEXT,
            created_at REAL NOT NULL,
            UNIQUE (group_id, name_key)
        );
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            join_code TEXT NOT NULL,
            opened_at REAL NOT NULL,
            closed_at REAL,
            locked INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX sessions_open ON sessions(closed_at, opened_at);
        CREATE TABLE rounds (
            id INTEGER PRIMARY KEY,
            session_id INTEGER REFERENCES sessions(id) ON DELETE SET NULL,
            group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            game TEXT NOT NULL CHECK (game IN ('hangman', 'quiz', 'level', 'challenge')),
            room TEXT NOT NULL,
            subject TEXT NOT NULL,
            detail TEXT NOT NULL DEFAULT '',
            started_at REAL NOT NULL,
            ended_at REAL NOT NULL
        );
        CREATE INDEX rounds_session ON rounds(session_id, game);
        CREATE INDEX rounds_group_ended ON rounds(group_id, ended_at);
        CREATE INDEX rounds_ended ON rounds(ended_at);
        CREATE TABLE scores (
            id INTEGER PRIMARY KEY,
            round_id INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
            student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
            points INTEGER NOT NULL,
            outcome TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX scores_round ON scores(round_id, student_id, points);
        CREATE INDEX scores_student ON scores(student_id);
        CREATE TABLE decks (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            lang TEXT NOT NULL,
            kind TEXT NOT NULL DEFAULT 'words'
        );
        CREATE TABLE words (
            id INTEGER PRIMARY KEY,
            deck_id TEXT NOT NULL REFERENCES decks(id) ON DELETE CASCADE,
            word TEXT NOT NULL,
            word_key TEXT NOT NULL,
            hint TEXT NOT NULL,
            removed INTEGER NOT NULL DEFAULT 0,
            UNIQUE (deck_id, word_key)
        );
        CREATE TABLE level_progress (
            student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
            level_id TEXT NOT NULL,
            best_score INTEGER NOT NULL,
            stars INTEGER NOT NULL,
            solved_at REAL NOT NULL,
            xp_granted INTEGER NOT NULL,
            PRIMARY KEY (student_id, level_id)
        ) WITHOUT ROWID;
        CREATE TABLE quiz_answers (
            id INTEGER PRIMARY KEY,
            round_id INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
            student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
            question_index INTEGER NOT NULL,
            answer TEXT NOT NULL,
            elapsed REAL NOT NULL,
            points INTEGER NOT NULL
        );
        CREATE INDEX quiz_answers_round ON quiz_answers(round_id, question_index);
        CREATE INDEX quiz_answers_student ON quiz_answers(student_id);
        CREATE TABLE audit (
            id INTEGER PRIMARY KEY,
            at REAL NOT NULL,
            teacher TEXT NOT NULL,
            command TEXT NOT NULL,
            outcome TEXT NOT NULL
        );
        """)
    }

    /// Migration 2: running totals per (student, game), kept by `saveRound` in the same transaction,
    /// so a group's leaderboard reads one row per student instead of summing a million scores.
    /// Backfilled from the scores already in the file.
    static func addTotals(_ db: Database) throws {
        try db.execute("""
        CREATE TABLE totals (
            student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            points INTEGER NOT NULL DEFAULT 0,
            rounds INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (student_id, game)
        ) WITHOUT ROWID;
        CREATE INDEX totals_board ON totals(group_id, game, points DESC, student_id);
        CREATE INDEX totals_game ON totals(game, points DESC, student_id);
        INSERT INTO totals (student_id, game, group_id, points, rounds)
            SELECT sc.student_id, r.game, st.group_id, SUM(sc.points), COUNT(*)
            FROM scores sc
            JOIN rounds r ON r.id = sc.round_id
            JOIN students st ON st.id = sc.student_id
            GROUP BY sc.student_id, r.game;
        """)
    }

    /// Migration 3: where and when each student last logged in. The `open` group's
    /// names have no PIN: after the reconnect grace a name starts fresh unless it
    /// comes back from the same address within a day (issue 12, defect 6); and
    /// names that never finished anything are pruned after a day (defect 12).
    static func addLastLogin(_ db: Database) throws {
        try db.execute("""
        ALTER TABLE students ADD COLUMN last_peer TEXT;
        ALTER TABLE students ADD COLUMN last_login_at REAL;
        """)
    }

    /// Migration 4 (issue 14): every `run`/`submit` as an attempt, each
    /// student's last program per level, and the C/Java choice with the
    /// student. Attempts are read per student and level (the console's
    /// `progress` and `code`), so that is the index.
    static func addLevelCourse(_ db: Database) throws {
        try db.execute("""
        CREATE TABLE level_attempts (
            id INTEGER PRIMARY KEY,
            student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
            level_id TEXT NOT NULL,
            at REAL NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('run', 'submit')),
            ok INTEGER NOT NULL,
            statements INTEGER NOT NULL,
            result TEXT NOT NULL,
            seed INTEGER
        );
        CREATE INDEX level_attempts_student ON level_attempts(student_id, level_id, at);
        CREATE TABLE level_programs (
            student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
            level_id TEXT NOT NULL,
            source TEXT NOT NULL,
            saved_at REAL NOT NULL,
            PRIMARY KEY (student_id, level_id)
        ) WITHOUT ROWID;
        ALTER TABLE students ADD COLUMN level_spelling TEXT;
        """)
    }

    /// Migration 5 (session 10): where each word came from, so a word file can
    /// take back what it no longer holds. `words.origin` is 'file' or
    /// 'console'; NULL for words from before this version, settled at the next
    /// seeding (in the file: 'file'; not: 'console', kept — we cannot tell, and
    /// keeping a teacher's word is the safer mistake). `in_file`: the word is in
    /// its deck's file as last read. `decks.file`: the deck's file name in
    /// Decks/words (the shipped files are named by their id).
    static func addWordOrigins(_ db: Database) throws {
        try db.execute("""
        ALTER TABLE words ADD COLUMN origin TEXT;
        ALTER TABLE words ADD COLUMN in_file INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE decks ADD COLUMN file TEXT;
        UPDATE decks SET file = id || '.json';
        """)
    }

    /// Migration 6 (session 11): a teacher's `reset` clears a student's level
    /// map, but the points the student earned on each level stay on the
    /// leaderboard; the best score behind them is kept here so a re-solve
    /// after the reset adds only an improvement (it added the whole score
    /// again: points counted twice).
    static func addLevelPointsKept(_ db: Database) throws {
        try db.execute("""
        CREATE TABLE level_points_kept (
            student_id INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
            level_id TEXT NOT NULL,
            best_score INTEGER NOT NULL,
            PRIMARY KEY (student_id, level_id)
        ) WITHOUT ROWID;
        """)
    }

    /// Migration 7 (session 12): a teacher's kicks (until their end, Unix seconds) and
    /// time accommodations, so a restart mid-lesson keeps them (KeptHolds.swift); and
    /// each teacher's console language, so `lang es` is not typed at every login.
    static func addKeptHolds(_ db: Database) throws {
        try db.execute("""
        CREATE TABLE kicks (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            group_key TEXT NOT NULL,
            group_name TEXT NOT NULL,
            reason TEXT,
            address TEXT,
            until REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE accommodations (
            key TEXT PRIMARY KEY,
            multiplier REAL NOT NULL
        ) WITHOUT ROWID;
        ALTER TABLE teachers ADD COLUMN language TEXT;
        """)
    }

    /// Migration 9 (session 12): how a student reads is kept with them, like
    /// the C/Java choice — reader mode, language and a typed width (a play
    /// test: after a restart a blind student's reader mode was gone and nothing
    /// said so). NULL: never chosen, the connection's own reading stands.
    static func addStudentReading(_ db: Database) throws {
        try db.execute("""
        ALTER TABLE students ADD COLUMN reader INTEGER;
        ALTER TABLE students ADD COLUMN lang TEXT;
        ALTER TABLE students ADD COLUMN width INTEGER;
        """)
    }
}
