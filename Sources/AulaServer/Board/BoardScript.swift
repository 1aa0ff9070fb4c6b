extension BoardPage {
    /// The page's behaviour: load `/state`, replay its recent events, then
    /// follow `/events` (the browser's EventSource resumes with Last-Event-ID
    /// by itself). Text is only ever set with textContent: student names are
    /// student input. One closure in three parts: this one (the games), then
    /// BoardScriptResults.swift (ranks, results, the follow dropdown, loading).
    static var script: String { scriptGames + "\n" + scriptResults }

    static let scriptGames = #"""
    "use strict";
    (function () {
      var S = JSON.parse(document.getElementById("strings").textContent);
      var params = new URLSearchParams(location.search);
      var key = params.get("key");
      function q(path, extra) {
        var p = new URLSearchParams(extra || {});
        if (key) p.set("key", key);
        var s = p.toString();
        return path + (s ? "?" + s : "");
      }
      function say(k) {
        var t = S[k] || k, a = arguments;
        // {0|one|other}: the word after a count (the catalog's rule, Catalog.swift).
        t = t.replace(/[{]([0-9]+)[|]([^{|}]*)[|]([^{|}]*)[}]/g, function (m, n, one, other) {
          return +n + 1 < a.length && String(a[+n + 1]) === "1" ? one : other;
        });
        for (var i = 1; i < arguments.length; i++) t = t.split("{" + (i - 1) + "}").join(String(arguments[i]));
        return t;
      }
      function $(id) { return document.getElementById(id); }
      function show(id) {
        ["idle", "quiz", "hangman", "challenge", "leaderboard", "results"].forEach(function (s) { $(s).hidden = s !== id; });
      }
      function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }
      function li(text, cls) { var e = document.createElement("li"); e.textContent = text; if (cls) e.className = cls; return e; }

      $("idle-text").textContent = say("board.waiting");
      $("join-label").textContent = say("board.join");
      $("paused").textContent = say("board.paused");
      $("offline").textContent = say("board.offline");
      $("code").setAttribute("aria-label", say("board.join_code"));
      var studentPort = 4000;
      var clock = { end: 0, timer: null, paused: false, left: 0 };
      var quiz = { answers: [], room: null };
      // The room whose play is on screen now (a question, a word), and the
      // room a teacher paused: a closed room takes them off (board.closed).
      var live = { room: null, paused: null };
      var challenge = { id: null, end: 0, timer: null, paused: false, left: 0 };

      function renderClass(c) {
        if (!c || !c.open) {
          $("join-command").textContent = ""; $("code").textContent = "";
          $("count").textContent = say("board.no_class");
          return;
        }
        $("join-command").textContent = "nc " + location.hostname + " " + studentPort;
        $("code").textContent = c.code;
        $("count").textContent = say("board.students", c.online);
      }
      function tick() {
        var left = clock.paused ? clock.left : Math.max(0, Math.round((clock.end - Date.now()) / 1000));
        $("quiz-clock").textContent = clock.end ? say("board.seconds", left) : "";
        if (!clock.paused && left <= 0 && clock.timer) { clearInterval(clock.timer); clock.timer = null; }
      }
      function startClock(seconds) {
        if (clock.timer) clearInterval(clock.timer);
        clock.paused = false;
        clock.end = seconds == null ? 0 : Date.now() + seconds * 1000;
        clock.timer = seconds == null ? null : setInterval(tick, 250);
        tick();
      }
      // age: seconds since the event, when it comes from /state's replay (a page
      // opened mid-question showed the full time: a play test, session 11).
      function quizQuestion(e, age) {
        show("quiz"); live.room = e.room;
        quiz.room = e.room; quiz.answers = e.answers || [];
        $("quiz-index").textContent = say("board.question", e.index, e.total);
        $("quiz-text").textContent = e.text;
        $("quiz-answered").textContent = "";
        var list = $("quiz-answers"); clear(list);
        // A scale question's answers are its ranges, as the students read them, never
        // numbered: a class typed 4 for the fourth answer and was counted in 3–5.
        var bands = e.kind === "ranged" && e.bands && e.bands.length === quiz.answers.length ? e.bands : null;
        quiz.answers.forEach(function (a, i) {
          var item = document.createElement("li");
          var bar = document.createElement("div"); bar.className = "bar"; bar.style.width = "0";
          var label = document.createElement("span"); label.className = "label";
          label.textContent = bands ? (bands[i].from === bands[i].to ? bands[i].from : bands[i].from + "–" + bands[i].to) + "  " + a
                                    : (i + 1) + ") " + a;
          var n = document.createElement("span"); n.className = "n";
          item.appendChild(bar); item.appendChild(label); item.appendChild(n);
          list.appendChild(item);
        });
        startClock(e.seconds == null ? null : Math.max(0, e.seconds - (age || 0)));
      }
      function quizTally(e) {
        show("quiz");
        if (clock.timer) clearInterval(clock.timer);
        clock.timer = null; clock.end = 0; tick();
        var counts = e.counts || [], total = counts.reduce(function (a, b) { return a + b; }, 0) || 1;
        var correct = e.correct || [];
        var items = $("quiz-answers").children;
        for (var i = 0; i < items.length; i++) {
          var c = counts[i] || 0;
          items[i].querySelector(".bar").style.width = Math.round(100 * c / total) + "%";
          items[i].querySelector(".n").textContent = String(c);
          items[i].setAttribute("data-count", String(c));
          if (correct.indexOf(i + 1) >= 0) items[i].classList.add("correct");
        }
      }
      function hangman(e) {
        show("hangman"); live.room = e.room;
        $("hangman-room").textContent = e.room;
        $("hangman-turn").textContent = e.turn ? say("board.turn", e.turn) : "";
        mask = e.mask || "";
        fitMask();
        $("hangman-tried").textContent = say("board.tried") + ": " + (e.tried || []).join(" ");
        $("hangman-word").textContent = "";
        var list = $("hangman-lives"); clear(list);
        var lives = e.lives || {};
        Object.keys(lives).forEach(function (name) {
          list.appendChild(li(name + " · " + lives[name] + " " + say("board.lives"), name === e.turn ? "turn" : ""));
        });
      }
      // The mask in one line that fits the window: at the projector's size a
      // seven-letter word at full size ran off a 1280-pixel screen (play test,
      // session 10). Shrunk to fit, never wrapped (a word split over two lines
      // reads as two words); back to full size when the next word is shorter.
      // First the letters closer (no blank between them, only the spacing:
      // the blanks stay apart, half the width), then a smaller size.
      var mask = "";
      function fitMask() {
        var el = $("hangman-mask");
        el.style.fontSize = ""; el.classList.remove("tight");
        el.textContent = mask.split("").join(" ");
        var room = el.clientWidth;
        if (!mask || room <= 0 || el.scrollWidth <= room) return;
        el.classList.add("tight"); el.textContent = mask;
        var need = el.scrollWidth;
        if (need > room) {
          var size = parseFloat(getComputedStyle(el).fontSize);
          el.style.fontSize = Math.max(12, Math.floor(size * room / need) - 1) + "px";
        }
      }
      window.addEventListener("resize", fitMask);
      function race(e) {
        show("hangman"); live.room = e.room;
        $("hangman-room").textContent = e.room; $("hangman-turn").textContent = "";
        // Each racer has their own word state: no shared mask or tried letters (the last
        // turn round's stayed on screen beside the race's cards).
        mask = ""; fitMask(); $("hangman-tried").textContent = "";
        var list = $("hangman-lives"); clear(list);
        (e.players || []).forEach(function (p) {
          // "1 of 7 letters": a bare "1" read as a rank or a score (play test, session 10).
          list.appendChild(li(p.name + " · " + say("board.letters_found", p.found, e.letters) + " · " + p.lives + " " + say("board.lives"), p.done ? "turn" : ""));
        });
      }
      // The class challenge: the panel the server sends whole (board.challenge) —
      // this challenge's students by name with their state now, its clock,
      // and its leaderboard once it ended. A new challenge replaces it all.
      function challengeTick() {
        var left = challenge.paused ? challenge.left : Math.max(0, Math.round((challenge.end - Date.now()) / 1000));
        var m = Math.floor(left / 60), sec = left % 60;
        $("challenge-clock").textContent = challenge.end || challenge.paused ? m + ":" + (sec < 10 ? "0" : "") + sec : "";
        if (!challenge.paused && left <= 0 && challenge.timer) { clearInterval(challenge.timer); challenge.timer = null; }
      }
      function challengePanel(e) {
        if (challenge.timer) clearInterval(challenge.timer);
        challenge.timer = null; challenge.id = e.level;
        if (e.ended) {
          challenge.end = 0; challenge.paused = false; challengeTick();
          if (live.paused === null) $("paused").hidden = true;
          var rows = e.leaderboard || [];
          leaderboard(rows, null, "challenge " + e.level);
          $("leaderboard-title").textContent = say("board.challenge_over", e.level);
          return;
        }
        show("challenge"); live.room = null; live.paused = null;
        challenge.paused = !!e.paused; challenge.left = e.seconds_left || 0;
        // A paused challenge says so, as a paused room does (session 12: only its clock stopped).
        $("paused").hidden = !challenge.paused;
        challenge.end = Date.now() + (e.seconds_left || 0) * 1000;
        if (!challenge.paused) challenge.timer = setInterval(challengeTick, 250);
        challengeTick();
        $("challenge-title").textContent = say("board.challenge_level", e.level);
        var grid = $("challenge-grid"); clear(grid);
        (e.rows || []).forEach(function (r) {
          var item = li(r.name + " — " + say("board." + r.state) + (r.state === "solved" ? " " + "★".repeat(r.stars || 0) : ""), r.state);
          item.setAttribute("data-state", r.state);
          grid.appendChild(item);
        });
      }
      // A student forgotten: off every list on screen (the server sends it to open pages only).
      function forget(name) {
        ["leaderboard-list", "results-ranks", "hangman-lives", "challenge-grid"].forEach(function (id) {
          var items = $(id).children;
          for (var i = items.length - 1; i >= 0; i--) {
            var n = items[i].querySelector(".name");
            var text = n ? n.textContent : items[i].textContent;
            if (text === name || text.indexOf(name + " · ") === 0 || text.indexOf(name + " — ") === 0) $(id).removeChild(items[i]);
          }
        });
        Object.keys(lastOrder).forEach(function (k) { lastOrder[k] = lastOrder[k].filter(function (n) { return n !== name; }); });
      }
      // A room closed: its live play and its "Paused" banner leave the screen.
      // A round's final leaderboard stays (roundEnd let go of live.room), and
      // a page that pinned the room keeps its choice (its last events still replay).
      function closed(room) {
        if (live.paused === room) { $("paused").hidden = true; live.paused = null; clock.paused = false; }
        if (live.room === room) resetView();
      }
      // A teacher paused a room: the banner, and the question's clock stopped at
      // the time the server holds (session 12: a page loaded later counted on
      // its own: "Paused … 10 s" while 25 s were left).
      function paused(e) {
        $("paused").hidden = false; live.paused = e.room;
        var left = Math.max(0, Math.round((clock.end - Date.now()) / 1000));
        if (e.seconds_left != null && quiz.room === e.room) left = e.seconds_left;
        clock.paused = true; clock.left = left; tick();
      }
      var broadcastTimer = null;
      function handle(e, age) {
        switch (e.ev) {
          case "board.class": renderClass(e); break;
          case "board.follow": consoleFollows(e); followChanged(e); break;
          case "board.rooms": roomList(e.rooms); break;
          case "board.reset": load(); break;
          case "quiz.question": quizQuestion(e, age); break;
          case "quiz.tally": quizTally(e); break;
          // The class's time is up; someone with extra time still answers (the clock
          // showed 0 s with nothing happening: a quiz play test, session 11).
          case "quiz.waiting":
            if (quiz.room === e.room) {
              $("quiz-answered").textContent = say("board.waiting_extra");
              if (e.seconds_left != null) startClock(Math.max(0, e.seconds_left - (age || 0))); else startClock(null);
            }
            break;
          case "board.answered": $("quiz-answered").textContent = say("board.answered", e.answered + " / " + e.players); break;
          case "timer": if (!clock.paused && e.seconds_left != null && clock.end) clock.end = Date.now() + Math.max(0, e.seconds_left - (age || 0)) * 1000; break;
          case "round.end": roundEnd(e); break;
          case "quiz.result": quizResult(e); break;
          case "leaderboard": leaderboard(e.rows, null, "session"); break;
          case "hangman.state": hangman(e); break;
          case "hangman.race": race(e); break;
          case "board.challenge": challengePanel(e); break;
          case "board.closed": closed(e.room); break;
          case "board.cleared": resetView(); break;
          case "board.forget": forget(e.name); break;
          case "paused": paused(e); break;
          case "resumed":
            $("paused").hidden = true; live.paused = null;
            if (clock.paused) { clock.paused = false; if (e.seconds_left != null && clock.end) { clock.end = Date.now() + e.seconds_left * 1000; if (!clock.timer) clock.timer = setInterval(tick, 250); } }
            break;
          case "broadcast":
            $("broadcast").textContent = say("board.broadcast") + " — " + e.from + ": " + e.text;
            $("broadcast").hidden = false;
            if (broadcastTimer) clearTimeout(broadcastTimer);
            broadcastTimer = setTimeout(function () { $("broadcast").hidden = true; broadcastTimer = null; }, 20000);
            break;
        }
      }
    """#
}
