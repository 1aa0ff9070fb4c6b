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
        var t = S[k] || k;
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
      var challenge = {};

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
      function quizQuestion(e) {
        show("quiz");
        quiz.room = e.room; quiz.answers = e.answers || [];
        $("quiz-index").textContent = say("board.question", e.index, e.total);
        $("quiz-text").textContent = e.text;
        $("quiz-answered").textContent = "";
        var list = $("quiz-answers"); clear(list);
        quiz.answers.forEach(function (a, i) {
          var item = document.createElement("li");
          var bar = document.createElement("div"); bar.className = "bar"; bar.style.width = "0";
          var label = document.createElement("span"); label.className = "label"; label.textContent = (i + 1) + ") " + a;
          var n = document.createElement("span"); n.className = "n";
          item.appendChild(bar); item.appendChild(label); item.appendChild(n);
          list.appendChild(item);
        });
        startClock(e.seconds);
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
        show("hangman");
        $("hangman-room").textContent = e.room;
        $("hangman-turn").textContent = e.turn ? say("board.turn", e.turn) : "";
        $("hangman-mask").textContent = (e.mask || "").split("").join(" ");
        $("hangman-tried").textContent = say("board.tried") + ": " + (e.tried || []).join(" ");
        $("hangman-word").textContent = "";
        var list = $("hangman-lives"); clear(list);
        var lives = e.lives || {};
        Object.keys(lives).forEach(function (name) {
          list.appendChild(li(name + " · " + lives[name] + " " + say("board.lives"), name === e.turn ? "turn" : ""));
        });
      }
      function race(e) {
        show("hangman");
        $("hangman-room").textContent = e.room; $("hangman-turn").textContent = "";
        var list = $("hangman-lives"); clear(list);
        (e.players || []).forEach(function (p) {
          list.appendChild(li(p.name + " · " + p.found + " · " + p.lives + " " + say("board.lives"), p.done ? "turn" : ""));
        });
      }
      function level(e) {
        var who = e.student || e.room;
        if (!who) return;
        var state = e.solved === true || e.ok === true ? "solved" : (e.kind === "time_up" ? "time_up" : "working");
        var prev = challenge[who];
        if (prev && prev.state === "solved") return;
        challenge[who] = { state: state, stars: e.stars || 0 };
        show("challenge");
        $("challenge-title").textContent = say("board.challenge");
        var grid = $("challenge-grid"); clear(grid);
        Object.keys(challenge).sort().forEach(function (name) {
          var c = challenge[name];
          grid.appendChild(li(name + " — " + say("board." + c.state) + (c.state === "solved" ? " " + "★".repeat(c.stars) : ""), c.state));
        });
      }
      function handle(e) {
        switch (e.ev) {
          case "board.class": renderClass(e); break;
          case "board.follow": consoleFollows(e); break;
          case "board.rooms": roomList(e.rooms); break;
          case "board.reset": load(); break;
          case "quiz.question": quizQuestion(e); break;
          case "quiz.tally": quizTally(e); break;
          case "board.answered": $("quiz-answered").textContent = say("board.answered", e.answered + " / " + e.players); break;
          case "timer": if (!clock.paused && e.seconds_left != null && clock.end) clock.end = Date.now() + e.seconds_left * 1000; break;
          case "round.end": roundEnd(e); break;
          case "quiz.result": quizResult(e); break;
          case "leaderboard": leaderboard(e.rows, null, "session"); break;
          case "hangman.state": hangman(e); break;
          case "hangman.race": race(e); break;
          case "level.result": case "level.attempt": level(e); break;
          case "paused": $("paused").hidden = false; clock.paused = true; clock.left = Math.max(0, Math.round((clock.end - Date.now()) / 1000)); tick(); break;
          case "resumed":
            $("paused").hidden = true;
            if (clock.paused) { clock.paused = false; if (e.seconds_left != null && clock.end) { clock.end = Date.now() + e.seconds_left * 1000; if (!clock.timer) clock.timer = setInterval(tick, 250); } }
            break;
          case "broadcast":
            $("broadcast").textContent = say("board.broadcast") + " — " + e.from + ": " + e.text;
            $("broadcast").hidden = false;
            setTimeout(function () { $("broadcast").hidden = true; }, 20000);
            break;
        }
      }
    """#
}
