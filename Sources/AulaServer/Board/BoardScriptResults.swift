extension BoardPage {
    /// The page's second part (same closure as `scriptGames`): leaderboards
    /// with a short FLIP animation of ranks changing, personality results
    /// with team sync, the follow dropdown, and loading `/state` + `/events`.
    static let scriptResults = #"""
      // Ranks: each row starts where its name stood in this list last time
      // and slides to its new place (FLIP: first, last, invert, play). An
      // arrow with the number of places says the same without motion, and
      // prefers-reduced-motion turns the motion off.
      var lastOrder = {};
      var reduced = !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
      function ranks(list, rows, key) {
        var before = lastOrder[key] || [];
        clear(list);
        var items = [];
        (rows || []).slice(0, 10).forEach(function (r, i) {
          var item = document.createElement("li");
          var pos = document.createElement("span"); pos.className = "pos"; pos.textContent = String(r.rank || i + 1);
          var n = document.createElement("span"); n.className = "name"; n.textContent = r.name;
          var p = document.createElement("span"); p.className = "pts"; p.textContent = String(r.points);
          var move = document.createElement("span"); move.className = "move";
          var was = before.indexOf(r.name);
          if (was > i) { move.textContent = "▲" + (was - i); move.className = "move up"; }
          if (was >= 0 && was < i) { move.textContent = "▼" + (i - was); move.className = "move down"; }
          item.appendChild(pos); item.appendChild(n); item.appendChild(p); item.appendChild(move);
          list.appendChild(item);
          items.push({ el: item, was: was });
        });
        lastOrder[key] = (rows || []).map(function (r) { return r.name; });
        if (reduced || !before.length || !items.length) return;
        var tops = items.map(function (x) { return x.el.getBoundingClientRect().top; });
        var step = items.length > 1 ? tops[1] - tops[0] : items[0].el.offsetHeight;
        items.forEach(function (x, i) {
          if (x.was === i) return;
          var dy = x.was < 0 ? step * 2 : (x.was < tops.length ? tops[x.was] - tops[i] : (x.was - i) * step);
          x.el.style.transition = "none";
          x.el.style.transform = "translateY(" + dy + "px)";
          if (x.was < 0) x.el.style.opacity = "0";
          x.el.classList.add("moving");
        });
        void list.offsetHeight;  // lays the start positions out before the transition starts
        requestAnimationFrame(function () {
          items.forEach(function (x) { x.el.style.transition = ""; x.el.style.transform = ""; x.el.style.opacity = ""; });
        });
      }
      function leaderboard(rows, word, key, teams) {
        show("leaderboard");
        $("leaderboard-title").textContent = say("board.leaderboard") + (word ? " — " + say("board.word", word) : "");
        ranks($("leaderboard-list"), rows, key);
        var teamRows = (teams || []).map(function (t) { return { name: t.team, points: t.points, rank: t.rank }; });
        $("leaderboard-teams-box").hidden = !teamRows.length;
        $("leaderboard-teams-title").textContent = say("board.teams");
        ranks($("leaderboard-teams"), teamRows, key + " teams");
      }

      // Personality results: who got which type (largest group first), and
      // each team's type with how often it was in sync. The leaderboard that
      // follows (round.end) goes beside them instead of over them.
      var results = { room: null };
      function quizResult(e) {
        var players = e.players || {}, teams = e.teams || {};
        var names = Object.keys(players), teamNames = Object.keys(teams);
        var personality = names.some(function (n) { return players[n] && "type" in players[n]; })
          || teamNames.some(function (t) { return teams[t] && "sync" in teams[t]; });
        results.room = personality ? e.room : null;
        if (!personality) return;  // graded: round.end's leaderboard says it all
        show("results");
        $("results-title").textContent = say("board.results_title");
        var order = [], byTitle = {}, none = [];
        names.forEach(function (n) {
          var r = players[n];
          if (!r || r.title == null) { none.push(n); return; }
          if (!byTitle[r.title]) { byTitle[r.title] = []; order.push(r.title); }
          byTitle[r.title].push(n);
        });
        order.sort(function (a, b) { return byTitle[b].length - byTitle[a].length; });
        var list = $("results-types"); clear(list);
        order.forEach(function (title) {
          var item = document.createElement("li");
          var t = document.createElement("strong"); t.className = "type"; t.textContent = title;
          var who = document.createElement("span"); who.className = "who"; who.textContent = byTitle[title].join(", ");
          item.appendChild(t); item.appendChild(who); list.appendChild(item);
        });
        if (none.length) list.appendChild(li(say("board.no_answers", none.join(", ")), "none"));
        var tl = $("results-teams"); clear(tl);
        $("results-teams-title").hidden = !teamNames.length;
        $("results-teams-title").textContent = say("board.teams");
        teamNames.forEach(function (name) {
          var t = teams[name], pct = Math.round((t.sync || 0) * 100);
          // A team of one is never in or out of sync: no figure (as the text result).
          var single = t.members != null && t.members < 2;
          var item = document.createElement("li");
          item.setAttribute("data-sync", String(pct));
          var label = document.createElement("span"); label.className = "label";
          label.textContent = t.title == null ? say("board.team_none", name) : say("board.team_type", name, t.title);
          var meter = document.createElement("div"); meter.className = "meter";
          var fill = document.createElement("div"); fill.className = "fill"; fill.style.width = pct + "%";
          meter.appendChild(fill);
          var sync = document.createElement("span"); sync.className = "sync"; sync.textContent = say("board.sync", pct);
          item.appendChild(label);
          if (!single) { item.appendChild(meter); item.appendChild(sync); }
          tl.appendChild(item);
        });
        $("results-ranks-box").hidden = true;
      }
      function roundEnd(e) {
        if (live.room === e.room) live.room = null;  // the round is over: its leaderboard stays when the room closes
        if (e.kind === "quiz" && results.room === e.room) {
          $("results-ranks-box").hidden = false;
          $("results-ranks-title").textContent = say("board.leaderboard");
          ranks($("results-ranks"), e.leaderboard, e.room);
          return;
        }
        leaderboard(e.leaderboard, e.word, e.room, e.teams);
      }

      // What this page follows: the console's choice (board follow), or one
      // chosen here. Client-side only: the choice goes into this page's
      // address (?follow=) and its requests; the server stores nothing.
      var pinned = params.get("follow") || "";
      function consoleFollows(f) {
        if (!f) return;
        var what = f.mode === "auto" ? say("board.auto") + (f.room ? " (" + f.room + ")" : "")
          : (f.mode === "room" ? f.room : say("board.follow." + f.mode));
        $("follow").textContent = say("board.console_follows", what);
      }
      // The console followed something else: the page starts over, and the server
      // sends the new target's state right after (session 12: the old room's
      // leaderboard stayed until the new one sent an event). `auto` with nothing
      // chosen yet leaves the screen as it is. A page's own choice is not moved.
      var followed = null;
      function followTarget(f) {
        if (f.mode === "challenge" || (f.mode === "auto" && (f.kind === "level" || f.room === "challenge"))) return "challenge";
        if (f.mode === "class") return "class";
        return f.room ? "room " + f.room : null;
      }
      function followChanged(f) {
        var target = followTarget(f);
        if (pinned || target === null) return;
        if (target !== followed) resetView();
        followed = target;
      }
      function roomList(rooms) {
        var select = $("follow-select");
        var ids = (rooms || []).map(function (r) { return r.id; });
        if (pinned && pinned !== "challenge" && pinned !== "class" && ids.indexOf(pinned) < 0) ids.push(pinned);
        var values = ["", "challenge", "class"].concat(ids);
        var same = select.options.length === values.length;
        for (var i = 0; same && i < values.length; i++) same = select.options[i].value === values[i];
        // Unchanged: left alone, so a list someone has open does not close under them.
        if (!same) {
          clear(select);
          values.forEach(function (value, i) {
            var o = document.createElement("option"); o.value = value;
            o.textContent = i === 0 ? say("board.follow.console") : i === 1 ? say("board.follow.challenge")
              : i === 2 ? say("board.follow.class") : value;
            select.appendChild(o);
          });
        }
        select.value = pinned;
      }
      function resetView() {
        show("idle");
        if (clock.timer) clearInterval(clock.timer);
        clock.timer = null; clock.end = 0; clock.paused = false; tick();
        if (challenge.timer) clearInterval(challenge.timer);
        challenge.timer = null; challenge.end = 0; challenge.id = null; challenge.paused = false;
        live.room = null; live.paused = null;
        results.room = null;
        $("paused").hidden = true;
      }
      $("follow-label").textContent = say("board.follow");
      $("follow-select").addEventListener("change", function () {
        pinned = $("follow-select").value;
        var p = new URLSearchParams(location.search);
        if (pinned) p.set("follow", pinned); else p.delete("follow");
        var s = p.toString();
        history.replaceState(null, "", location.pathname + (s ? "?" + s : ""));
        resetView();
        load();
      });

      var source = null, loads = 0;
      function load() {
        if (source) { source.close(); source = null; }
        var mine = ++loads;
        var f = pinned ? { follow: pinned } : {};
        fetch(q("state", f)).then(function (r) { return r.json(); }).then(function (st) {
          if (mine !== loads) return;  // the dropdown changed again meanwhile
          studentPort = st.student_port;
          renderClass(st.class);
          roomList(st.rooms);
          consoleFollows(st.follow);
          followed = followTarget(st.follow || {});
          var ages = st.ages || [];
          (st.recent || []).forEach(function (e, i) { handle(e, ages[i]); });
          f.after = String(st.last_event_id);
          source = new EventSource(q("events", f));
          source.onmessage = function (m) { try { handle(JSON.parse(m.data)); } catch (x) {} };
          source.onopen = function () { $("offline").hidden = true; };
          source.onerror = function () { $("offline").hidden = false; };
        }).catch(function () {
          $("offline").hidden = false;
          setTimeout(function () { if (mine === loads) load(); }, 3000);
        });
      }
      window.aulaBoard = { handle: handle };
      load();
    })();
    """#
}
