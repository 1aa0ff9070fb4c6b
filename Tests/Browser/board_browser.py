#!/usr/bin/env python3
"""Real-browser test of the projector board (issue 19).

Headless Chromium (Debian's chromium + chromium-driver, driven by Selenium from
PyPI; no browser download) loads the board while scripted students play a quiz
and a hangman round over TCP, and checks what a person in the room would see:
the join code, the question text, the countdown going down, the bar chart with
the right counts after the question, the leaderboard names in order, the
hangman mask. Saves screenshots. Every wait is bounded.

    board_browser.py BOARD_URL STUDENT_PORT JOIN_CODE SCREENSHOT_DIR
Exit 0 when everything was seen; 1 with the reason otherwise.
"""
import json
import os
import socket
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


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


def main():
    url, port, code, shots = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    os.makedirs(shots, exist_ok=True)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
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
        time.sleep(1.6)
        second = int(text("quiz-clock").split()[0])
        assert second < first, f"the countdown did not go down ({first} then {second})"
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
        driver.save_screenshot(os.path.join(shots, "board-tally.png"))

        for s in students:
            s.event("quiz.question")
        ana.send("1 3"); ben.send("2"); cy.send("1 3")
        end = ana.event("round.end", timeout=15)
        expected = [row["name"] for row in end["leaderboard"]]

        def ranks():
            rows = driver.find_elements(By.CSS_SELECTOR, "#leaderboard-list li .name")
            names = [r.text.strip() for r in rows]
            return names == expected and names
        until("the leaderboard in order " + repr(expected), ranks)
        driver.save_screenshot(os.path.join(shots, "board-leaderboard.png"))

        # A hangman round: the board follows the newest activity by itself.
        ben.send("leave")
        time.sleep(0.3)
        ben.send("create hangman prueba-es")
        hroom = ben.event("room.joined")["room"]
        cy.send("leave")
        time.sleep(0.3)
        cy.send("join " + hroom)
        cy.event("room.joined")
        ben.send("start")
        state = ben.event("hangman.state")
        until("the hangman mask", lambda: text("hangman-mask").replace(" ", "") == state["mask"])
        driver.save_screenshot(os.path.join(shots, "board-hangman.png"))
        print("board browser test: join code, question, countdown "
              f"{first}->{second}, tally {counts}, leaderboard {expected}, hangman {state['mask']}: all seen")
        return 0
    except AssertionError as error:
        driver.save_screenshot(os.path.join(shots, "board-failure.png"))
        print(f"board browser test failed: {error}", file=sys.stderr)
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
