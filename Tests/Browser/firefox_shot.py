#!/usr/bin/env python3
"""A screenshot of the board in headless Firefox ESR, for trying it by hand.

`firefox-esr --screenshot` shoots at the load event, before the page has
fetched /state; this drives Firefox through its own Marionette protocol
(no geckodriver, nothing downloaded), waits, then shoots.

    firefox_shot.py URL OUT.png [SECONDS_TO_WAIT] [WIDTHxHEIGHT]
"""
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time


class Marionette:
    def __init__(self, port, timeout=60):
        deadline = time.time() + timeout
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.3)
        self.buf = b""
        self.next_id = 0
        self.read()  # the server's hello

    def read(self):
        while b":" not in self.buf:
            self.buf += self.sock.recv(65536)
        size, rest = self.buf.split(b":", 1)
        size = int(size)
        while len(rest) < size:
            rest += self.sock.recv(65536)
        self.buf = rest[size:]
        return json.loads(rest[:size])

    def call(self, name, params=None):
        self.next_id += 1
        body = json.dumps([0, self.next_id, name, params or {}]).encode()
        self.sock.sendall(str(len(body)).encode() + b":" + body)
        while True:
            message = self.read()
            if message[0] == 1 and message[1] == self.next_id:
                if message[2]:
                    raise RuntimeError(f"{name}: {message[2]}")
                return message[3]


def main():
    url, out = sys.argv[1], sys.argv[2]
    wait = float(sys.argv[3]) if len(sys.argv) > 3 else 3
    width, height = (int(n) for n in (sys.argv[4] if len(sys.argv) > 4 else "1024x768").split("x"))
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    profile = tempfile.mkdtemp(prefix="board-firefox-")
    with open(os.path.join(profile, "user.js"), "w") as prefs:
        prefs.write(f'user_pref("marionette.port", {port});\n')
    firefox = subprocess.Popen(["firefox-esr", "--headless", "--marionette", "--no-remote", "--profile", profile],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        m = Marionette(port)
        m.call("WebDriver:NewSession", {"capabilities": {}})
        m.call("WebDriver:SetWindowRect", {"width": width, "height": height})
        m.call("WebDriver:Navigate", {"url": url})
        time.sleep(wait)
        shot = m.call("WebDriver:TakeScreenshot", {"full": False})
        with open(out, "wb") as f:
            f.write(base64.b64decode(shot["value"]))
        agent = m.call("WebDriver:ExecuteScript", {"script": "return navigator.userAgent", "args": []})
        print(f"{out}: {agent.get('value')}")
        m.call("WebDriver:DeleteSession")
    finally:
        firefox.terminate()
        try:
            firefox.wait(timeout=10)
        except subprocess.TimeoutExpired:
            firefox.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
