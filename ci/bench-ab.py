#!/usr/bin/env python3
"""Alternated whole-process timing: the fairest comparison this noisy, shared machine allows.

Usage: python3 ci/bench-ab.py [--pairs] ROUNDS name=COMMAND [name=COMMAND ...]

Each round runs every command once (shell, output discarded), in a rotating order, so that a slow
moment of the machine falls on all of them alike. It prints, per command, the median wall time and
the median of its per-round ratio to the first command, plus the median CPU time (user + system of
the command and its children). A command that exits non-zero stops the script.

With --pairs the commands come in pairs (a baseline, then the command measured against it: one build
with --no-history, then the same build with --db) and each second command's ratio is to its own
baseline; the CPU column then also gives the median per-round CPU difference.
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    arguments = sys.argv[1:]
    pairs = bool(arguments) and arguments[0] == "--pairs"
    if pairs:
        arguments = arguments[1:]
    if len(arguments) < 2 or not arguments[0].isdigit():
        sys.exit(__doc__)
    rounds = int(arguments[0])
    commands = [argument.split("=", 1) for argument in arguments[1:]]
    if any(len(pair) != 2 for pair in commands):
        sys.exit("each command is name=COMMAND")
    if pairs and len(commands) % 2:
        sys.exit("--pairs takes an even number of commands")
    wall = {name: [] for name, _ in commands}
    cpu = {name: [] for name, _ in commands}
    for round_index in range(rounds):
        shift = round_index % len(commands)
        for name, command in commands[shift:] + commands[:shift]:
            started = time.perf_counter()
            process = subprocess.Popen(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(process.pid, 0)
            elapsed = time.perf_counter() - started
            if status != 0:
                sys.exit(f"{name} failed (wait status {status}): {command}")
            wall[name].append(elapsed * 1000)
            cpu[name].append((usage.ru_utime + usage.ru_stime) * 1000)
    for index, (name, _) in enumerate(commands):
        base = commands[index - index % 2][0] if pairs else commands[0][0]
        ratio = statistics.median(a / b for a, b in zip(wall[name], wall[base]))
        extra = ""
        if pairs and name != base:
            extra = f" ({statistics.median(a - b for a, b in zip(cpu[name], cpu[base])):+.1f})"
        print(f"{name:20s} wall {statistics.median(wall[name]):8.1f} ms  cpu {statistics.median(cpu[name]):8.1f} ms{extra}"
              f"  wall ratio to {base} {ratio:.3f}")


if __name__ == "__main__":
    main()
