/// The board's page: HTML, CSS and plain JavaScript embedded in the binary —
/// no fonts, scripts or CDNs from outside (classrooms are often offline).
/// Words come from the catalog (`board.*`), put into the page as one JSON table.
enum BoardPage {
    static let keys = ["board.title", "board.join", "board.no_class", "board.students", "board.waiting",
                       "board.question", "board.seconds", "board.answered", "board.results", "board.leaderboard",
                       "board.lives", "board.turn", "board.tried", "board.paused", "board.broadcast",
                       "board.challenge", "board.solved", "board.working", "board.time_up", "board.word",
                       "board.follow", "board.auto", "board.offline"]

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
          <div id="join"><span id="join-label"></span> <code id="join-command"></code> <span id="code" aria-label="join code"></span></div>
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
            <h1 id="challenge-title"></h1>
            <ul id="challenge-grid" class="grid"></ul>
          </section>
          <section id="leaderboard" hidden>
            <h1 id="leaderboard-title"></h1>
            <ol id="leaderboard-list" class="ranks"></ol>
          </section>
        </main>
        <footer><span id="follow"></span><span id="offline" hidden></span></footer>
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
    header { display:flex; justify-content:space-between; align-items:center; padding:12px 24px; border-bottom:4px solid var(--blue); }
    #join { font-size: 1.2em; }
    #join-command { font-size: 1.2em; color: var(--yellow); }
    #code { font-size: 3.2em; font-weight: 800; letter-spacing: .12em; color: var(--yellow); margin-left:.4em; }
    #count { font-size: 1.4em; color: var(--dim); white-space: nowrap; }
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
    .mask { font-family: "DejaVu Sans Mono", monospace; font-size: 4em; letter-spacing: .25em; margin: .3em 0; }
    .chips { list-style:none; padding:0; display:flex; flex-wrap:wrap; gap:12px; }
    .chips li { border:3px solid var(--purple); border-radius:10px; padding:6px 14px; }
    .chips li.turn { border-color: var(--yellow); background: rgba(240,228,66,.15); font-weight:800; }
    .grid { list-style:none; padding:0; display:grid; grid-template-columns: repeat(auto-fill, minmax(220px,1fr)); gap:10px; }
    .grid li { border:3px solid var(--dim); border-radius:10px; padding:10px; }
    .grid li.solved { border-color: var(--green); }
    .grid li.time_up { border-color: var(--vermillion); border-style: dashed; }
    .ranks { font-size: 1.5em; }
    .ranks li { margin: .2em 0; transition: transform .5s; }
    .ranks li .pts { color: var(--yellow); margin-left: .6em; }
    #paused { background: var(--orange); color:#000; font-size: 2em; font-weight:800; text-align:center; padding: 10px; }
    #broadcast { background: var(--blue); color:#000; font-size: 1.6em; padding: 10px 24px; }
    footer { padding: 6px 24px; color: var(--dim); font-size: .8em; display:flex; justify-content:space-between; }
    #offline { color: var(--vermillion); }
    [hidden] { display:none !important; }
    table.roster { border-collapse: collapse; font-size: .8em; }
    table.roster th, table.roster td { border-bottom: 2px solid #444; padding: 6px 16px; text-align:left; }
    table.roster tr.kicked td { color: var(--vermillion); }
    """
}
