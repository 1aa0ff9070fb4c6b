#!/usr/bin/env python3
"""Real-browser test of the projector board (issue 19).

Headless Chromium (Debian's chromium + chromium-driver, driven by Selenium from
PyPI; no browser download) loads the board while scripted students play a quiz
and a hangman round over TCP, and checks what a person in the room would see:
the join code, the question text, the countdown going down, the bar chart with
the right counts after the question, the leaderboard names in order,
personality results with team sync, the hangman mask, the follow dropdown
choosing another room, a rank change animated, and every text in Spanish
with ?lang=es, no motion when reduced motion is asked for, and the
teacher's progress grid. Saves screenshots (at a 1024x768 viewport, or
BOARD_VIEWPORT=WxH). Every wait is bounded.

    board_browser.py BOARD_URL STUDENT_PORT JOIN_CODE SCREENSHOT_DIR
Exit 0 when everything was seen; 1 with the reason otherwise.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from urllib.parse import urlencode, urlsplit, urlunsplit, parse_qsl


class Student:
    """A student on the students' port in JSON mode."""

    def __init__(self, port, name, code):
        self.name = name
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buf = b""
        self.wait_text("Name:")
        self.send("mode json")
        self.send(name)
        self.wait(lambda e: e.get("ev") == "prompt" and e.get("kind") == "code")
        self.send(code)
        self.wait(lambda e: e.get("ev") == "welcome")

    def send(self, line):
        self.sock.sendall((line + "\r\n").encode())

    def lines(self, deadline):
        while time.time() < deadline:
            if b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                yield line.decode("utf-8", "replace").rstrip("\r")
                continue
            self.sock.settimeout(max(0.05, deadline - time.time()))
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return
            if not chunk:
                return
            self.buf += chunk

    def wait_text(self, text, timeout=10):
        for line in self.lines(time.time() + timeout):
            if text in line:
                return line
        raise AssertionError(f"{self.name}: never saw {text!r}")

    def wait(self, match, timeout=10):
        for line in self.lines(time.time() + timeout):
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if match(event):
                return event
        raise AssertionError(f"{self.name}: event never came")

    def event(self, name, timeout=10):
        return self.wait(lambda e: e.get("ev") == name, timeout)


def until(what, check, timeout=10):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            last = check()
            if last:
                return last
        except Exception as error:  # the page is still drawing
            last = error
        time.sleep(0.1)
    raise AssertionError(f"the board never showed {what} (last: {last!r})")


def with_query(url, **extra):
    """The board's address with more query parameters (keeps ?key=)."""
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    query.update(extra)
    return urlunsplit(parts._replace(query=urlencode(query)))


def english_fragments(table_en, table_es):
    """The fixed words of every English text that Spanish says otherwise."""
    out = set()
    for key, en in table_en.items():
        if table_es.get(key) == en:
            continue
        for piece in en.replace("{1}", "{0}").replace("{2}", "{0}").split("{0}"):
            piece = piece.strip(" :—()…")
            if len(piece) >= 5:
                out.add(piece)
    return out


def firefox_shot(url, path):
    """By hand only (BOARD_FIREFOX=1): the same page in headless Firefox ESR
    (firefox_shot.py, through Firefox's own Marionette protocol)."""
    if not os.environ.get("BOARD_FIREFOX") or not shutil.which("firefox-esr"):
        return
    tool = os.path.join(os.path.dirname(os.path.abspath(__file__)), "firefox_shot.py")
    try:
        subprocess.run([sys.executable, tool, url, path, "3"], timeout=90)
    except subprocess.TimeoutExpired:
        print(f"firefox-esr did not finish the screenshot of {url}", file=sys.stderr)


def main():
    url, port, code, shots = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    os.makedirs(shots, exist_ok=True)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # The page as a projector shows it: exactly 1024x768 unless BOARD_VIEWPORT
    # says otherwise (e.g. 480x800 to look at a narrow window by hand).
    width, height = (int(n) for n in os.environ.get("BOARD_VIEWPORT", "1024x768").split("x"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.set_page_load_timeout(15)
    text = lambda id_: driver.find_element(By.ID, id_).text
    try:
        driver.get(url)
        until("the join code", lambda: text("code") == code)
        students = [Student(port, name, code) for name in ["Ana", "Ben", "Cy"]]
        until("3 students in", lambda: "3" in text("count"))
        driver.save_screenshot(os.path.join(shots, "board-join.png"))

        ana, ben, cy = students
        ana.send("create quiz facts")
        room = ana.event("room.joined")["room"]
        for s in (ben, cy):
            s.send("join " + room)
            s.event("room.joined")
        ana.send("start")
        for s in students:
            s.event("quiz.question")
        until("the question", lambda: text("quiz-text") == "2+2?")
        first = until("a countdown", lambda: int(text("quiz-clock").split()[0]) if text("quiz-clock") else None)
        second = until("the countdown going down",
                       lambda: (lambda n: n if n < first else None)(int(text("quiz-clock").split()[0])), timeout=5)
        driver.save_screenshot(os.path.join(shots, "board-question.png"))

        ana.send("2")
        until("one answered of three", lambda: "1 / 3" in text("quiz-answered"))
        ben.send("2"); cy.send("1")
        tally = ana.event("quiz.tally")
        counts = tally["counts"]
        assert counts == [1, 2, 0], counts

        def bars():
            items = driver.find_elements(By.CSS_SELECTOR, "#quiz-answers li")
            return [int(i.get_attribute("data-count") or -1) for i in items] == counts and items
        items = until("the bar chart", bars)
        assert "correct" in items[1].get_attribute("class"), "the right answer is not marked"
        assert "✓" in items[1].text or "correct" in items[1].get_attribute("class")
        time.sleep(0.7)  # the bars grow in 0.6 s (the tally stays 2 s): the screenshot shows them grown
        driver.save_screenshot(os.path.join(shots, "board-tally.png"))
        # The host skips the rest of the tally's pause (as a teacher would once
        # the class has seen it): the board must follow without waiting for it.
        ana.send("next")

        for s in students:
            s.event("quiz.question")
        ana.send("1 3"); ben.send("2"); cy.send("1 3")
        ana.event("quiz.tally")
        ana.send("next")
        end = ana.event("round.end", timeout=15)
        expected = [row["name"] for row in end["leaderboard"]]

        def ranks():
            rows = driver.find_elements(By.CSS_SELECTOR, "#leaderboard-list li .name")
            names = [r.text.strip() for r in rows]
            return names == expected and names
        until("the leaderboard in order " + repr(expected), ranks)
        driver.save_screenshot(os.path.join(shots, "board-leaderboard.png"))
        table_en = driver.execute_script("return JSON.parse(document.getElementById('strings').textContent)")

        # A personality quiz with teams: Ana and Ben (Red) pick the same type
        # every time, Cy (Blue) another one.
        for s in students:
            s.send("leave")
            s.wait(lambda e, n=s.name: e.get("ev") == "room.left" and e.get("player") == n)
        ana.send("create quiz trip")
        proom = ana.event("room.joined")["room"]
        for s in (ben, cy):
            s.send("join " + proom)
            s.event("room.joined")
        for s, team in ((ana, "Red"), (ben, "Red"), (cy, "Blue")):
            s.send("team " + team)
            s.wait(lambda e, n=s.name: e.get("ev") == "info" and f"{n} is in team" in e.get("text", ""))
        ana.send("start")
        for cys in ("2", "2", "4"):  # the third is a scale from 1 to 10: 4 falls in Cy's band
            for s in students:
                s.event("quiz.question")
            ana.send("1"); ben.send("1"); cy.send(cys)
            ana.event("quiz.tally")
            ana.send("next")
        ana.event("quiz.result", timeout=15)
        until("the personality types", lambda: "Sunny beach" in text("results-types") and "Ana, Ben" in text("results-types"))
        assert "Sailing" in text("results-types") and "Cy" in text("results-types"), text("results-types")

        def sync():
            rows = driver.find_elements(By.CSS_SELECTOR, "#results-teams li")
            return {r.find_element(By.CSS_SELECTOR, ".label").text: r.get_attribute("data-sync") for r in rows}
        synced = until("team sync", lambda: len(sync()) == 2 and sync())
        assert synced.get("Team Red: Sunny beach") == "100", synced
        assert synced.get("Team Blue: Sailing") == "0", synced  # a team of one is never in sync
        ana.event("round.end", timeout=15)
        until("the leaderboard beside the results",
              lambda: driver.find_element(By.ID, "results-ranks-box").is_displayed()
              and len(driver.find_elements(By.CSS_SELECTOR, "#results-ranks li .name")) == 3)
        driver.save_screenshot(os.path.join(shots, "board-personality.png"))
        firefox_shot(with_query(url, follow=proom), os.path.join(shots, "firefox-personality.png"))

        # A hangman round: the board follows the newest activity by itself.
        ben.send("leave")
        ben.wait(lambda e: e.get("ev") == "room.left" and e.get("player") == "Ben")
        ben.send("create hangman prueba-es")
        hroom = ben.event("room.joined")["room"]
        cy.send("leave")
        cy.wait(lambda e: e.get("ev") == "room.left" and e.get("player") == "Cy")
        cy.send("join " + hroom)
        cy.event("room.joined")
        ben.send("start")
        state = ben.event("hangman.state")
        until("the hangman mask", lambda: text("hangman-mask").replace(" ", "") == state["mask"])
        driver.save_screenshot(os.path.join(shots, "board-hangman.png"))
        firefox_shot(url, os.path.join(shots, "firefox-hangman.png"))

        # The dropdown: this page alone goes back to the personality quiz's
        # room (its recent events replay: the results), then back to the console's choice.
        # (the list is redrawn when a room opens or closes: find it afresh each try)
        def choose(value):
            Select(driver.find_element(By.ID, "follow-select")).select_by_value(value)
            return driver.find_element(By.ID, "follow-select").get_attribute("value") == value
        until("the room in the dropdown, chosen", lambda: choose(proom))
        until("the chosen room's results", lambda: driver.find_element(By.ID, "results").is_displayed()
              and "Sunny beach" in text("results-types"))
        assert "follow=" + proom in driver.current_url, driver.current_url
        until("the console's choice in the dropdown", lambda: choose(""))
        until("the console's choice again", lambda: text("hangman-mask").replace(" ", "") == state["mask"])
        assert "follow=" not in driver.current_url, driver.current_url

        # A rank change: the row that moved up slides from its old place, marked ▲.
        driver.execute_script("""
            aulaBoard.handle({ev: "round.end", room: "r-flip", kind: "hangman", leaderboard: [{name: "Eva", points: 10}, {name: "Fay", points: 5}]});
            aulaBoard.handle({ev: "round.end", room: "r-flip", kind: "hangman", leaderboard: [{name: "Fay", points: 20}, {name: "Eva", points: 10}]});""")
        rows = driver.find_elements(By.CSS_SELECTOR, "#leaderboard-list li")
        assert [r.find_element(By.CSS_SELECTOR, ".name").text for r in rows] == ["Fay", "Eva"]
        assert rows[0].find_element(By.CSS_SELECTOR, ".move").text == "▲1", rows[0].text
        assert rows[1].find_element(By.CSS_SELECTOR, ".move").text == "▼1", rows[1].text
        assert "moving" in rows[0].get_attribute("class"), "the row that moved was not animated"

        # Spanish: the same screens, every text from the Spanish catalog.
        driver.get(with_query(url, lang="es", follow=room))
        until("the leaderboard in Spanish", lambda: text("leaderboard-title").startswith("Clasificación") and ranks())
        table_es = driver.execute_script("return JSON.parse(document.getElementById('strings').textContent)")
        english = english_fragments(table_en, table_es)
        assert len(english) > 10, english

        def no_english():
            body = driver.find_element(By.TAG_NAME, "body").text
            found = [w for w in english if w in body]
            assert not found, f"English on the Spanish page: {found}"
            return True
        until("Spanish only", no_english, timeout=3)
        assert text("follow-label") == "Seguir", text("follow-label")
        options = [o.text for o in Select(driver.find_element(By.ID, "follow-select")).options]
        assert options[:3] == ["Lo que diga la consola", "El reto de la clase", "Solo el código de la clase"], options
        driver.save_screenshot(os.path.join(shots, "board-es-leaderboard.png"))
        driver.get(with_query(url, lang="es", follow=proom))
        until("the personality results in Spanish", lambda: "Equipo Red: Sunny beach" in text("results-teams")
              and "en sintonía el 100 %" in text("results-teams"))
        until("Spanish only", no_english, timeout=3)
        driver.get(with_query(url, lang="es", follow=hroom))
        until("hangman in Spanish", lambda: "vidas" in text("hangman-lives") and text("hangman-tried").startswith("Probadas"))
        until("Spanish only", no_english, timeout=3)
        driver.save_screenshot(os.path.join(shots, "board-es-hangman.png"))

        # Reduced motion asked for: the same arrows, no sliding.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        driver.get(url)
        until("the page again", lambda: text("code") == code)
        driver.execute_script("""
            aulaBoard.handle({ev: "round.end", room: "r-still", kind: "hangman", leaderboard: [{name: "Eva", points: 10}, {name: "Fay", points: 5}]});
            aulaBoard.handle({ev: "round.end", room: "r-still", kind: "hangman", leaderboard: [{name: "Fay", points: 20}, {name: "Eva", points: 10}]});""")
        rows = driver.find_elements(By.CSS_SELECTOR, "#leaderboard-list li")
        assert rows[0].find_element(By.CSS_SELECTOR, ".move").text == "▲1", rows[0].text
        assert all("moving" not in r.get_attribute("class") and not r.get_attribute("style") for r in rows), \
            "rows moved although reduced motion was asked for"

        # Session 10: the challenge panel as sent (its students by name, state now,
        # clock), a new challenge replacing it, the end leaderboard; race cards
        # with their letters; a closed room's pause banner going; a forgotten name
        # leaving the lists on screen.
        driver.execute_script("""
            aulaBoard.handle({ev: "board.challenge", level: "w1-01", seconds_left: 90, paused: false, ended: true,
                              rows: [{name: "Old", state: "solved", stars: 3}], leaderboard: [{rank: 1, name: "Old", points: 9}]});
            aulaBoard.handle({ev: "board.challenge", level: "w1-03", seconds_left: 125, paused: false, ended: false,
                              rows: [{name: "Ana", state: "solved", stars: 2}, {name: "Beto", state: "kicked", stars: 0},
                                     {name: "Dani", state: "working", stars: 0}], leaderboard: null});""")
        until("the challenge panel", lambda: driver.find_element(By.ID, "challenge").is_displayed())
        grid = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#challenge-grid li")]
        assert grid == ["Ana — solved ★★", "Beto — kicked", "Dani — working"], grid
        assert text("challenge-title") == "Class challenge — w1-03", text("challenge-title")
        assert text("challenge-clock") in ("2:05", "2:04"), text("challenge-clock")
        driver.execute_script("""aulaBoard.handle({ev: "board.forget", name: "Beto"});""")
        grid = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#challenge-grid li")]
        assert grid == ["Ana — solved ★★", "Dani — working"], grid
        driver.execute_script("""
            aulaBoard.handle({ev: "board.challenge", level: "w1-03", seconds_left: 0, paused: false, ended: true,
                              rows: [{name: "Ana", state: "solved", stars: 2}, {name: "Dani", state: "time_up", stars: 0}],
                              leaderboard: [{rank: 1, name: "Ana", points: 40}, {rank: 2, name: "Dani", points: 0}]});""")
        until("the challenge's leaderboard", lambda: text("leaderboard-title") == "Challenge w1-03 — final leaderboard")
        driver.execute_script("""
            aulaBoard.handle({ev: "hangman.race", room: "hangman-12", letters: 7, seconds_left: 30,
                              players: [{name: "Beto", found: 1, lives: 5, done: false}]});
            aulaBoard.handle({ev: "paused", room: "hangman-12"});""")
        assert text("hangman-lives") == "Beto · 1 of 7 letters · 5 lives", text("hangman-lives")
        assert driver.find_element(By.ID, "paused").is_displayed()
        driver.execute_script("""aulaBoard.handle({ev: "board.closed", room: "hangman-12"});""")
        assert not driver.find_element(By.ID, "paused").is_displayed(), "the closed room's Paused banner stayed"
        until("waiting again", lambda: driver.find_element(By.ID, "idle").is_displayed())

        # Session 12 (the play test's projector): `board follow quiz-6` switches the page at
        # once — the old room's screen goes, quiz-6's state as the server sends it comes;
        # a paused question shows "Paused" and the server's seconds, stopped; a paused
        # challenge says "Paused" too; following the challenge drops a quiz's leaderboard.
        paused_shown = lambda: driver.find_element(By.ID, "paused").is_displayed()
        driver.execute_script("""
            aulaBoard.handle({ev: "board.follow", mode: "room", room: "hangman-5", kind: "hangman"});
            aulaBoard.handle({ev: "hangman.state", room: "hangman-5", turn: "Ana", mask: "g__o", tried: ["g", "o"], lives: {"Ana": 6}});
            aulaBoard.handle({ev: "board.follow", mode: "room", room: "quiz-6", kind: "quiz"});""")
        assert driver.find_element(By.ID, "idle").is_displayed(), "hangman-5 stayed on screen after following quiz-6"
        assert "quiz-6" in text("follow"), text("follow")
        # What the server sends right after (and what /state ends with): a question that
        # opened 40 s ago, paused with 25 s left.
        driver.execute_script("""
            aulaBoard.handle({ev: "quiz.question", room: "quiz-6", index: 3, total: 8, kind: "single", text: "Capital of Peru?",
                              answers: ["Lima", "Cusco"], seconds: 45}, 40);
            aulaBoard.handle({ev: "quiz.question", room: "quiz-6", index: 3, total: 8, kind: "single", text: "Capital of Peru?",
                              answers: ["Lima", "Cusco"], seconds: 25}, 0);
            aulaBoard.handle({ev: "paused", room: "quiz-6", seconds_left: 25}, 0);""")
        assert text("quiz-text") == "Capital of Peru?", text("quiz-text")
        assert paused_shown(), "a paused quiz shows no Paused"
        assert text("quiz-clock") == "25 s", f"a paused question shows {text('quiz-clock')}, the server holds 25 s"
        time.sleep(1.5)
        assert text("quiz-clock") == "25 s", f"the paused clock moved: {text('quiz-clock')}"
        driver.save_screenshot(os.path.join(shots, "board-paused-quiz.png"))
        driver.execute_script("""aulaBoard.handle({ev: "resumed", room: "quiz-6", seconds_left: 25});""")
        assert not paused_shown()
        until("the clock going again", lambda: text("quiz-clock") in ("24 s", "23 s"), timeout=4)
        driver.execute_script("""
            aulaBoard.handle({ev: "round.end", room: "quiz-6", kind: "quiz", leaderboard: [{name: "Ana", points: 30}]});
            aulaBoard.handle({ev: "board.follow", mode: "challenge", room: null, kind: null});""")
        assert not driver.find_element(By.ID, "leaderboard").is_displayed(), "quiz-6's leaderboard stayed under `board follow challenge`"
        driver.execute_script("""
            aulaBoard.handle({ev: "board.challenge", level: "w1-04", seconds_left: 200, paused: true, ended: false,
                              rows: [{name: "Ana", state: "working", stars: 0}], leaderboard: null});""")
        assert driver.find_element(By.ID, "challenge").is_displayed()
        assert paused_shown(), "a paused challenge shows no Paused"
        assert text("challenge-clock") == "3:20", text("challenge-clock")
        driver.save_screenshot(os.path.join(shots, "board-paused-challenge.png"))
        driver.execute_script("""
            aulaBoard.handle({ev: "board.challenge", level: "w1-04", seconds_left: 200, paused: false, ended: false,
                              rows: [{name: "Ana", state: "working", stars: 0}], leaderboard: null});""")
        assert not paused_shown(), "the challenge's Paused stayed after resume"
        # Back to `auto` on the challenge: the page keeps it (no start over).
        driver.execute_script("""aulaBoard.handle({ev: "board.follow", mode: "auto", room: null, kind: "level"});""")
        assert driver.find_element(By.ID, "challenge").is_displayed(), "auto on the same challenge cleared the panel"
        driver.execute_script("""aulaBoard.handle({ev: "board.cleared"});""")

        # The projector's own size, 1280x720, with a long word, five players, the
        # pause banner and a broadcast (session 10's play test: a seven-letter word
        # at full size already ran off the screen): nothing scrolls sideways, the
        # mask is one line inside the window, and a short word is full size again.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
        long_mask = "e" + "_" * 21 + "a"
        driver.execute_script("""
            aulaBoard.handle({ev: "hangman.state", room: "hangman-20", turn: "Maximiliana", mask: arguments[0],
                              tried: ["e", "a", "z", "q", "w"],
                              lives: {"Maximiliana": 6, "Bartolomeo": 5, "Guadalupe": 6, "Leocadia": 4, "Florentino": 6}});
            aulaBoard.handle({ev: "paused", room: "hangman-20"});
            aulaBoard.handle({ev: "broadcast", from: "Ms Ruiz", text: "Five more minutes, then we change games."});""",
                              long_mask)
        until("the long mask", lambda: text("hangman-mask").replace(" ", "") == long_mask)
        fits = driver.execute_script("""
            var m = document.getElementById("hangman-mask"), r = m.getBoundingClientRect(), d = document.documentElement;
            return {page: d.scrollWidth, window: window.innerWidth, right: r.right, height: r.height,
                    line: parseFloat(getComputedStyle(m).lineHeight), full: m.scrollWidth, shown: m.clientWidth,
                    size: parseFloat(getComputedStyle(m).fontSize)};""")
        assert fits["page"] <= fits["window"], f"the page scrolls sideways at 1280x720: {fits}"
        assert fits["right"] <= fits["window"] and fits["full"] <= fits["shown"], f"the long mask is cut off: {fits}"
        assert fits["height"] <= fits["line"] * 1.5, f"the long mask wrapped: {fits}"
        driver.save_screenshot(os.path.join(shots, "board-1280x720-long-word.png"))
        driver.execute_script("""
            aulaBoard.handle({ev: "hangman.state", room: "hangman-20", turn: "Maximiliana", mask: "g__o",
                              tried: ["g", "o"], lives: {"Maximiliana": 6}});""")
        until("the short mask", lambda: text("hangman-mask").replace(" ", "") == "g__o")
        short = driver.execute_script("return parseFloat(getComputedStyle(document.getElementById('hangman-mask')).fontSize)")
        assert short > fits["size"] * 1.5, f"a short word stayed small: {short} px after {fits['size']} px"
        driver.execute_script("""aulaBoard.handle({ev: "board.closed", room: "hangman-20"});""")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

        # Session 11 (a quiz play test): a scale question's answers are its ranges, never
        # numbered; a page opened 20 s into a 30 s question counts from the 10 left; a
        # team of one shows no sync figure; a race clears the last turn round's word.
        driver.execute_script("""
            aulaBoard.handle({ev: "quiz.question", room: "quiz-9", index: 2, total: 5, kind: "ranged",
                              text: "How much do you like stories?", answers: ["Not much", "Some", "Quite", "A lot"],
                              scale: {min: 1, max: 10}, bands: [{from: 1, to: 2}, {from: 3, to: 5}, {from: 6, to: 8}, {from: 9, to: 10}],
                              seconds: 30}, 20);""")
        labels = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#quiz-answers .label")]
        assert labels == ["1–2 Not much", "3–5 Some", "6–8 Quite", "9–10 A lot"], labels
        left = int(text("quiz-clock").split()[0])
        assert 8 <= left <= 10, f"a page opened 20 s into a 30 s question shows {left} s"
        driver.execute_script("""aulaBoard.handle({ev: "quiz.waiting", room: "quiz-9", index: 2, waiting: 1, seconds_left: 40});""")
        assert "extra time" in text("quiz-answered"), text("quiz-answered")
        left = int(text("quiz-clock").split()[0])
        assert 38 <= left <= 40, f"the clock while a classmate with extra time answers shows {left} s"
        driver.execute_script("""
            aulaBoard.handle({ev: "quiz.result", room: "quiz-9", players: {"Ana": {type: "it", title: "Italy"}},
                              teams: {"Solo": {type: "it", title: "Italy", sync: 0, members: 1},
                                      "Duo": {type: "pe", title: "Peru", sync: 0.5, members: 2}}});""")
        until("the team results", lambda: "Solo" in text("results-teams"))
        rows = {r.find_element(By.CSS_SELECTOR, ".label").text: r for r in driver.find_elements(By.CSS_SELECTOR, "#results-teams li")}
        solo = [k for k in rows if "Solo" in k][0]
        duo = [k for k in rows if "Duo" in k][0]
        assert not rows[solo].find_elements(By.CSS_SELECTOR, ".sync"), "a team of one shows a sync figure"
        assert rows[duo].find_element(By.CSS_SELECTOR, ".sync").text.endswith("50%") or "50" in rows[duo].text, rows[duo].text
        driver.execute_script("""
            aulaBoard.handle({ev: "hangman.state", room: "hangman-30", turn: "Ana", mask: "fl_m_ngo", tried: ["f", "l", "m"], lives: {"Ana": 6}});
            aulaBoard.handle({ev: "hangman.race", room: "hangman-31", letters: 9, seconds_left: 60,
                              players: [{name: "Ana", found: 0, lives: 6, done: false}]});""")
        assert text("hangman-mask") == "" and text("hangman-tried") == "", (text("hangman-mask"), text("hangman-tried"))
        driver.execute_script("""aulaBoard.handle({ev: "board.closed", room: "hangman-31"});
                                 aulaBoard.handle({ev: "board.closed", room: "quiz-9"});""")

        # The teacher's page: the class's progress grid (no level tried yet) and who is in.
        driver.get(with_query(url, lang="en").replace("/?", "/teacher?", 1))
        until("the progress grid", lambda: len(driver.find_elements(By.CSS_SELECTOR, "table.progress tbody tr")) == 3)
        cells = driver.find_elements(By.CSS_SELECTOR, "table.progress td.untried")
        assert cells and all(c.text == "·" for c in cells), [c.text for c in cells]
        roster = driver.find_element(By.CSS_SELECTOR, "table.roster").text
        assert all(name in roster for name in ("Ana", "Ben", "Cy")), roster
        # Each student's last activity: Ben last started the hangman round.
        activity = {r.find_element(By.CSS_SELECTOR, "td").text: r.find_element(By.CSS_SELECTOR, "td.activity").text
                    for r in driver.find_elements(By.CSS_SELECTOR, "table.roster tbody tr")}
        assert activity.get("Ben", "").startswith("hangman start · "), activity
        assert all(a.endswith(" ago") for a in activity.values()), activity
        driver.save_screenshot(os.path.join(shots, "board-teacher.png"))
        print("board browser test: join code, question, countdown "
              f"{first}->{second}, tally {counts}, leaderboard {expected}, personality {synced}, hangman {state['mask']}, "
              "dropdown, rank change (and still with reduced motion), Spanish, challenge panel, race letters, closed room, "
              "forget, follow switching at once, paused quiz and challenge, a long word at 1280x720, teacher grid and last activity: all seen")
        return 0
    except AssertionError as error:
        driver.save_screenshot(os.path.join(shots, "board-failure.png"))
        print(f"board browser test failed: {error}", file=sys.stderr)
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
