/// The board's page: HTML, CSS and plain JavaScript embedded in the binary —
/// no fonts, scripts or CDNs from outside (classrooms are often offline).
/// Words come from the catalog (`board.*`), put into the page as one JSON table.
enum BoardPage {
    static let keys = ["board.title", "board.join", "board.no_class", "board.students", "board.waiting",
                       "board.question", "board.seconds", "board.answered", "board.results", "board.leaderboard",
                       "board.lives", "board.turn", "board.tried", "board.paused", "board.broadcast",
                       "board.challenge", "board.solved", "board.working", "board.time_up", "board.word",
                       "board.follow", "board.auto", "board.offline",
                       // results, ranks and the follow dropdown
                       "board.join_code", "board.results_title", "board.no_answers", "board.team_type", "board.team_none",
                       "board.sync", "board.teams", "board.follow.console", "board.follow.challenge", "board.follow.class",
                       "board.console_follows",
                       // session 10: the challenge panel (its states, clock and end), race cards
                       "board.left", "board.kicked", "board.challenge_level", "board.challenge_over", "board.letters_found",
                       // session 11: a question waiting for a classmate with extra time
                       "board.waiting_extra"]

    static func html(_ language: Language, key: String? = nil) -> String {
        let catalog = Catalog.shared
        let table = JSON.object(keys.map { ($0, .string(catalog.text($0, language))) }).serialized
        // "</" inside the JSON could close the script element early.
        let safe = table.replacingOccurrences(of: "</", with: "<\\/")
        let title = catalog.text("board.title", language)
        // Off loopback every request needs the key, the page's own files too.
        let suffix = key.map { "?key=" + $0 } ?? ""  // the key is URL-safe (RandomToken)
        return """
        <!doctype html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <link rel="stylesheet" href="board.css\(suffix)">
        <script id="strings" type="application/json">\(safe)</script>
        <script src="board.js\(suffix)" defer></script>
        </head>
        <body>
        <header id="top">
          <div id="join"><span id="join-label"></span> <code id="join-command"></code> <span id="code"></span></div>
          <div id="count"></div>
        </header>
        <div id="paused" hidden></div>
        <div id="broadcast" hidden></div>
        <main id="main">
          <section id="idle"><p id="idle-text"></p></section>
          <section id="quiz" hidden>
            <div class="row"><span id="quiz-index"></span><span id="quiz-clock" class="clock"></span></div>
            <h1 id="quiz-text"></h1>
            <ol id="quiz-answers" class="answers"></ol>
            <div id="quiz-answered"></div>
          </section>
          <section id="hangman" hidden>
            <div class="row"><span id="hangman-room"></span><span id="hangman-turn"></span></div>
            <div id="hangman-mask" class="mask"></div>
            <div id="hangman-tried"></div>
            <ul id="hangman-lives" class="chips"></ul>
            <div id="hangman-word"></div>
          </section>
          <section id="challenge" hidden>
            <div class="row"><h1 id="challenge-title"></h1><span id="challenge-clock" class="clock"></span></div>
            <ul id="challenge-grid" class="grid"></ul>
          </section>
          <section id="leaderboard" hidden>
            <h1 id="leaderboard-title"></h1>
            <div class="cols">
              <ol id="leaderboard-list" class="ranks"></ol>
              <div id="leaderboard-teams-box" hidden><h2 id="leaderboard-teams-title"></h2><ol id="leaderboard-teams" class="ranks"></ol></div>
            </div>
          </section>
          <section id="results" hidden>
            <h1 id="results-title"></h1>
            <div class="cols">
              <div>
                <ul id="results-types" class="types"></ul>
                <h2 id="results-teams-title" hidden></h2>
                <ul id="results-teams" class="teams"></ul>
              </div>
              <div id="results-ranks-box" hidden><h2 id="results-ranks-title"></h2><ol id="results-ranks" class="ranks"></ol></div>
            </div>
          </section>
        </main>
        <footer>
          <span><label id="follow-label" for="follow-select"></label> <select id="follow-select"></select></span>
          <span id="follow"></span><span id="offline" hidden></span>
        </footer>
        </body>
        </html>
        """
    }

    /// Projector first: large type, high contrast, the Okabe–Ito palette
    /// (safe for colour-blind viewers) and never colour alone — the correct
    /// answer also carries a ✓, ranks carry their number.
    static let style = """
    :root { --bg:#0b0b0b; --fg:#ffffff; --dim:#c8c8c8; --blue:#56B4E9; --orange:#E69F00; --green:#009E73;
            --yellow:#F0E442; --vermillion:#D55E00; --purple:#CC79A7; }
    * { box-sizing: border-box; }
    html, body { margin:0; background:var(--bg); color:var(--fg); font-family: system-ui, "DejaVu Sans", sans-serif; }
    body { font-size: 28px; min-height:100vh; display:flex; flex-direction:column; }
    header { display:flex; justify-content:space-between; align-items:center; gap: 8px 24px; padding:10px 24px; border-bottom:4px solid var(--blue); }
    /* "Join the class" over "nc HOST PORT", the code huge beside them: a low header leaves the room to the game. */
    #join { display:grid; grid-template-columns: auto auto; column-gap: 28px; align-items:center; flex: 0 0 auto; }
    #join-label { grid-column:1; grid-row:1; white-space: nowrap; }
    #join-command { grid-column:1; grid-row:2; font-size: 1.05em; color: var(--yellow); white-space: nowrap; }
    #code { grid-column:2; grid-row:1 / span 2; font-size: 2.4em; line-height: 1; font-weight: 800; letter-spacing: .12em; color: var(--yellow); }
    #count { font-size: 1.15em; color: var(--dim); text-align: right; flex: 0 1 auto; min-width: 0; }
    main { flex:1; padding: 16px 32px; }
    h1 { font-size: 2.2em; margin: .3em 0; line-height:1.15; }
    .row { display:flex; justify-content:space-between; font-size:1.2em; color:var(--dim); }
    .clock { font-size: 2.4em; font-weight: 800; color: var(--yellow); }
    .answers { list-style:none; padding:0; display:grid; grid-template-columns: 1fr 1fr; gap: 14px; }
    .answers li { position:relative; border:4px solid var(--blue); border-radius:12px; padding:14px 18px; font-size:1.3em; overflow:hidden; }
    .answers li .bar { position:absolute; left:0; top:0; bottom:0; background:rgba(86,180,233,.35); z-index:0; transition: width .6s; }
    .answers li span { position:relative; z-index:1; }
    .answers li .n { float:right; font-weight:800; }
    .answers li.correct { border-color: var(--green); border-width:8px; }
    .answers li.correct .bar { background: rgba(0,158,115,.5); }
    .answers li.correct .label::before { content: "✓ "; font-weight:800; }
    .mask { font-family: "DejaVu Sans Mono", monospace; font-size: 4em; line-height: 1.1; letter-spacing: .25em; margin: .3em 0;
            white-space: nowrap; }
    .mask.tight { letter-spacing: .3em; }
    .chips { list-style:none; padding:0; display:flex; flex-wrap:wrap; gap:12px; }
    .chips li { border:3px solid var(--purple); border-radius:10px; padding:6px 14px; }
    .chips li.turn { border-color: var(--yellow); background: rgba(240,228,66,.15); font-weight:800; }
    .grid { list-style:none; padding:0; display:grid; grid-template-columns: repeat(auto-fill, minmax(220px,1fr)); gap:10px; }
    .grid li { border:3px solid var(--dim); border-radius:10px; padding:10px; }
    .grid li.solved { border-color: var(--green); }
    .grid li.time_up { border-color: var(--vermillion); border-style: dashed; }
    .grid li.left, .grid li.kicked { color: var(--dim); border-style: dotted; }
    .ranks { font-size: 1.5em; list-style:none; padding:0; margin:.2em 0; }
    .ranks li { margin: .2em 0; padding: .1em .3em; border-radius: 8px; transition: transform .6s ease, opacity .6s ease; }
    .ranks li.moving { background: rgba(86,180,233,.15); }
    .ranks li .pos { display:inline-block; min-width: 1.6em; color: var(--dim); }
    .ranks li .pts { color: var(--yellow); margin-left: .6em; }
    .ranks li .move { margin-left: .6em; font-size: .7em; }
    .ranks li .move.up { color: var(--green); }
    .ranks li .move.down { color: var(--orange); }
    .cols { display:flex; gap: 48px; align-items:flex-start; flex-wrap: wrap; }
    .cols > * { flex: 1 1 320px; min-width: 0; }
    h2 { font-size: 1.4em; margin: .4em 0 .2em; color: var(--dim); }
    .types { list-style:none; padding:0; font-size:1.2em; margin: .2em 0; }
    .types li { margin: .3em 0; }
    .types .type { color: var(--yellow); margin-right: .6em; }
    .types li.none { color: var(--dim); }
    .teams { list-style:none; padding:0; font-size:1.2em; }
    .teams li { margin: .4em 0; }
    .teams li { display:grid; grid-template-columns: 1fr 7.5em; column-gap: 16px; align-items:center; }
    .teams .label { grid-column: 1 / span 2; }
    .teams .sync { font-weight:800; text-align: right; white-space: nowrap; }
    .meter { height: 18px; border:2px solid var(--blue); border-radius:9px; }
    .meter .fill { height:100%; background: var(--blue); transition: width .6s; }
    select { font: inherit; font-size: 1em; background: var(--bg); color: var(--fg); border: 2px solid var(--dim); border-radius: 6px; }
    @media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; } }
    /* Narrow windows (a laptop beside the projector, a phone): one column. */
    @media (max-width: 700px) {
      body { font-size: 20px; }
      header { flex-wrap: wrap; padding: 8px 12px; }
      #count { text-align: left; }
      main { padding: 8px 12px; }
      #join { grid-template-columns: auto; flex: 1 1 100%; }
      #code { grid-column: 1; grid-row: 3; font-size: 2.2em; }
      .answers { grid-template-columns: 1fr; }
      .mask { font-size: 2.4em; letter-spacing: .12em; }
      footer { flex-wrap: wrap; gap: 8px; }
    }
    #paused { background: var(--orange); color:#000; font-size: 2em; font-weight:800; text-align:center; padding: 10px; }
    #broadcast { background: var(--blue); color:#000; font-size: 1.6em; padding: 10px 24px; }
    footer { padding: 6px 24px; color: var(--dim); font-size: .8em; display:flex; justify-content:space-between; align-items:center; gap: 4px 24px; }
    footer > span:first-child { flex: 0 0 auto; white-space: nowrap; }
    #follow { flex: 1 1 auto; text-align: right; }
    #offline { color: var(--vermillion); }
    [hidden] { display:none !important; }
    table.roster { border-collapse: collapse; font-size: .8em; }
    table.roster th, table.roster td { border-bottom: 2px solid #444; padding: 6px 16px; text-align:left; }
    table.roster tr.kicked td { color: var(--vermillion); }
    body.teacher main { font-size: .8em; }
    .scroll { overflow-x: auto; }
    table.progress { border-collapse: collapse; font-size: .8em; }
    table.progress th, table.progress td { border: 2px solid #444; padding: 4px 10px; text-align:center; white-space:nowrap; }
    table.progress td:first-child, table.progress th:first-child { text-align:left; }
    table.progress td.solved { color: var(--green); }
    table.progress td.stuck { color: #000; background: var(--orange); font-weight: 800; }
    table.progress td.untried { color: #777; }
    """
}
