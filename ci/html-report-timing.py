#!/usr/bin/env python3
"""Times an HTML page in headless Chromium through the DevTools protocol.

    python3 ci/html-report-timing.py PAGE.html [RUNS]

Opens the page RUNS times (default 7) in one browser and prints, per load and as medians, the
Navigation Timing marks: domInteractive and domContentLoadedEventEnd (the page's script has run, so
the search box and status filters answer) and loadEventEnd. Needs `chromium` and the
`websocket-client` package (ci/bench-html-report.sh puts it in a private venv).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket


def main() -> None:
    page = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    port = 9333
    profile = tempfile.mkdtemp(prefix="afrun-chromium-")
    browser = subprocess.Popen(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--remote-debugging-port={port}",
         f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        tabs = None
        for _ in range(200):
            try:
                tabs = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
                break
            except OSError:
                time.sleep(0.05)
        if tabs is None:
            sys.exit("html-report-timing: chromium did not open its DevTools port")
        tab = next(t for t in tabs if t["type"] == "page")
        ws = websocket.create_connection(tab["webSocketDebuggerUrl"])
        counter = 0

        def call(method: str, **params):
            nonlocal counter
            counter += 1
            ws.send(json.dumps({"id": counter, "method": method, "params": params}))
            while True:
                message = json.loads(ws.recv())
                if message.get("id") == counter:
                    return message["result"]

        def evaluate(expression: str):
            return call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

        call("Page.enable")
        marks = []
        for _ in range(runs):
            call("Page.navigate", url="file://" + page)
            while evaluate("document.readyState") != "complete":
                time.sleep(0.05)
            marks.append(evaluate(
                "(() => { const t = performance.getEntriesByType('navigation')[0];"
                " return {interactive: t.domInteractive, dcl: t.domContentLoadedEventEnd,"
                " load: t.loadEventEnd, rows: document.querySelectorAll('tbody tr').length}; })()"))
        for m in marks:
            print(f"domInteractive {m['interactive']:7.0f} ms  DOMContentLoaded {m['dcl']:7.0f} ms  "
                  f"load {m['load']:7.0f} ms  ({m['rows']} rows)")
        print(f"median of {runs}: domInteractive {statistics.median(m['interactive'] for m in marks):.0f} ms, "
              f"DOMContentLoaded {statistics.median(m['dcl'] for m in marks):.0f} ms, "
              f"load {statistics.median(m['load'] for m in marks):.0f} ms")
    finally:
        browser.kill()


if __name__ == "__main__":
    main()
