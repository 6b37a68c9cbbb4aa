#!/usr/bin/env python3
"""html_clicks.py report.html analysis.json - click through the report's
timeline in a real Chromium, with the mouse, as a person would: Chromium's
remote debugging protocol (DevTools, over a WebSocket written here with the
standard library) moves and presses the pointer at the on-screen positions
of the page's elements, and the test reads what the page then shows.

  1. click "zoom in": the range shown is the middle half of the run;
  2. drag across the timeline from 25% to 75% of its width: the range is
     that part of the previous one;
  3. scroll the wheel up over the timeline: the range narrows (0.8x);
  4. click "whole run": the range is the whole run again, and a plain
     click on the timeline (no drag) leaves it;
  5. click the first "show" link of the longest waits: the range is that
     wait +- 25% (analysis.json top_waits[0]).

Exit 2 with one line when there is no chromium, 1 if a step fails."""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request


class DevTools:
    """One page's DevTools WebSocket: send a command, wait for its answer."""

    def __init__(self, ws_url):
        host, path = ws_url[len("ws://"):].split("/", 1)
        h, p = host.split(":")
        self.sock = socket.create_connection((h, int(p)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET /%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, host, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise OSError("DevTools closed the connection during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise OSError("DevTools refused the WebSocket: %r" % head.split(b"\r\n")[0])
        self.buf = head.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise OSError("DevTools closed the connection")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def _frame(self):
        b0, b1 = self._read(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", self._read(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", self._read(8))[0]
        return b0 & 0x80, b0 & 0x0F, self._read(n)

    def _message(self):
        data = b""
        while True:
            fin, opcode, payload = self._frame()
            if opcode == 8:
                raise OSError("DevTools closed the WebSocket")
            if opcode in (0, 1, 2):
                data += payload
                if fin:
                    return json.loads(data)

    def call(self, method, **params):
        self.next_id += 1
        msg = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        n = len(msg)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n)
                                if n < 65536 else bytes([0x80 | 127]) + struct.pack(">Q", n))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(msg)))
        while True:
            m = self._message()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise OSError("%s: %s" % (method, m["error"]))
                return m.get("result", {})

    def js(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True)
        return r.get("result", {}).get("value")

    def mouse(self, kind, x, y, **extra):
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, **extra)

    def click(self, x, y):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y, button="left", clickCount=1)
        self.mouse("mouseReleased", x, y, button="left", clickCount=1)


def box(dt, selector):
    """The on-screen rectangle of an element, scrolled into view."""
    return dt.js("(function(){var e=document.querySelector(%s);e.scrollIntoView({block:'center'});"
                 "var r=e.getBoundingClientRect();return [r.left,r.top,r.width,r.height];})()" % json.dumps(selector))


def view(dt):
    v = dt.js("document.getElementById('tlrange').dataset.from+' '+document.getElementById('tlrange').dataset.to")
    return [int(x) for x in v.split()]


def start(browser, url, profile):
    proc = subprocess.Popen([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                             "--hide-scrollbars", "--window-size=1400,900", "--remote-debugging-port=0",
                             "--user-data-dir=" + profile, url],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    for _ in range(600):
        if os.path.exists(port_file) and open(port_file).read().strip():
            break
        time.sleep(0.1)
    port = int(open(port_file).read().split()[0])
    for _ in range(300):
        pages = json.load(urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=10))
        pages = [p for p in pages if p.get("type") == "page" and p.get("url", "").startswith("file:")]
        if pages:
            return proc, DevTools(pages[0]["webSocketDebuggerUrl"])
        time.sleep(0.1)
    raise OSError("no page in Chromium's DevTools list")


def steps(dt, a):
    run = round(a["run_time"] * 1e9)
    for _ in range(300):
        if dt.js("document.body.dataset.rendered") == "yes":
            break
        time.sleep(0.1)
    out = []

    def check(name, got, want, tol):
        ok = all(abs(g - w) <= tol for g, w in zip(got, want)) and len(got) == 2
        out.append((ok, "%s: range %s ns, want %s" % (name, got, [round(w) for w in want])))

    x, y, w, h = box(dt, "#zin")
    dt.click(x + w / 2, y + h / 2)
    check("click zoom in", view(dt), [run / 4, run * 3 / 4], 1)
    before = view(dt)
    x, y, w, h = box(dt, "#tlv")
    dt.mouse("mouseMoved", x + w * 0.25, y + h / 2)
    dt.mouse("mousePressed", x + w * 0.25, y + h / 2, button="left", clickCount=1)
    dt.mouse("mouseMoved", x + w * 0.75, y + h / 2, button="left")
    dt.mouse("mouseReleased", x + w * 0.75, y + h / 2, button="left", clickCount=1)
    span = before[1] - before[0]
    # a pixel of the 1000-pixel timeline is span/1000 ns
    check("drag 25%..75%", view(dt), [before[0] + span / 4, before[0] + span * 3 / 4], span / 500)
    before = view(dt)
    dt.mouse("mouseWheel", x + w / 2, y + h / 2, deltaX=0, deltaY=-100)
    got = view(dt)
    out.append((got[1] - got[0] < before[1] - before[0] and abs((got[1] - got[0]) - 0.8 * (before[1] - before[0])) <= 2,
                "wheel up: range %s ns from %s" % (got, before)))
    x, y, w, h = box(dt, "#zall")
    dt.click(x + w / 2, y + h / 2)
    check("click whole run", view(dt), [0, run], 0)
    x, y, w, h = box(dt, "#tlv")
    dt.click(x + w / 2, y + h / 2)   # a click is not a drag: no zoom
    check("plain click on the timeline", view(dt), [0, run], 0)
    if a.get("top_waits"):
        wt = a["top_waits"][0]
        f, t = wt["from"] * 1e9, wt["to"] * 1e9
        pad = max((t - f) * 0.25, 1000)
        x, y, w, h = box(dt, "#wait-0")
        dt.click(x + w / 2, y + h / 2)
        check("click show on wait 1", view(dt), [max(0, f - pad), min(run, t + pad)], 2)
    return out


def main(argv):
    if len(argv) < 3:
        print("usage: html_clicks.py report.html analysis.json")
        return 2
    browser = next((shutil.which(c) for c in ("chromium", "chromium-browser", "google-chrome") if shutil.which(c)), None)
    if not browser:
        print("skip: no chromium (tools/install-deps.sh installs it)")
        return 2
    a = json.load(open(argv[2]))
    profile = tempfile.mkdtemp()
    proc = None
    try:
        proc, dt = start(browser, "file://" + os.path.abspath(argv[1]), profile)
        results = steps(dt, a)
    except (OSError, ValueError, TypeError) as e:
        print("FAIL clicks: %s" % e)
        return 1
    finally:
        if proc:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(profile, ignore_errors=True)
    for ok, text in results:
        print("%s %s" % ("ok  " if ok else "FAIL", text))
    failed = [t for ok, t in results if not ok]
    print("%s: %s" % (argv[1], "%d steps failed" % len(failed) if failed else "%d mouse steps as expected" % len(results)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
