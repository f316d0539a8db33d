#!/usr/bin/python3
"""Compiles and runs every example of the public headers and the README, and
checks what each prints (issue 10: "every example ... is compiled and run by
make test, and its output is checked").

Header examples: the first indented block (lines " *   ...") of each header's
opening comment that holds an #include. Its #include lines go first, its static functions before
main(), the rest into main(); lines "// output: TEXT" (alone or after code)
give the expected standard output, one line each.

README: every ```c block is built the same way; every "$ build/qipai ..."
line of a ```sh block is run, and the lines after it (up to the next "$" or
the end of the block) must match its output, where "…" in an expected line
stands for any text.

Usage: check.py ROOT BUILD_DIR (the static library, the program). Exit 1 on
any failure; prints how many examples were checked.
       check.py --emit-readme-example ROOT FILE.c (for tests/install/install.sh)
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

CC = os.environ.get("CC", "cc")
failures = []
checked = 0


def header_example(text):
    """The lines of the opening comment's first indented block that holds an
    #include: the example (other indented blocks are lists)."""
    comment = text[: text.index("*/")]
    blocks, lines = [], None
    for line in comment.split("\n") + [""]:
        if line.startswith(" *   "):
            lines = (lines or []) + [line[5:]]
        elif lines is not None and line.strip() == "*":
            lines.append("")
        elif lines is not None:
            blocks.append(lines)
            lines = None
    for lines in blocks:
        while lines and not lines[-1].strip():
            lines.pop()
        if any(l.startswith("#include") for l in lines):
            return lines
    return []


def program(lines):
    """A C program from an example's lines, and the output it must print."""
    includes, functions, body, expected = [], [], [], []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.search(r"//\s*output:\s?(.*)$", line)
        if m:
            expected.append(m.group(1).rstrip())
            line = line[: m.start()].rstrip()
            if not line:
                i += 1
                continue
        if line.startswith("#include"):
            includes.append(line)
        elif line.startswith("static ") and "(" in line and not line.rstrip().endswith(";"):
            # a function: up to the closing brace at column 0
            while True:
                functions.append(line)
                if line.startswith("}"):
                    break
                i += 1
                line = lines[i]
        else:
            body.append("    " + line)
        i += 1
    source = "\n".join(
        ["#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>"] + includes + [""]
        + functions + ["", "int main(void)", "{"] + body + ["    return 0;", "}", ""])
    return source, expected


def run_c(name, source, expected):
    global checked
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "example.c")
        with open(path, "w") as f:
            f.write(source)
        exe = os.path.join(tmp, "example")
        build = subprocess.run(
            [CC, "-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-unused-variable",
             "-I" + os.path.join(ROOT, "include"), path, "-o", exe,
             os.path.join(BUILD, "libqipai.a"), "-lm"],
            capture_output=True, text=True)
        if build.returncode:
            failures.append("%s does not compile:\n%s\n%s" % (name, build.stderr, source))
            return
        got = subprocess.run([exe], capture_output=True, text=True)
        if got.returncode:
            failures.append("%s exits %d: %s" % (name, got.returncode, got.stderr))
            return
        out = got.stdout.rstrip("\n").split("\n") if got.stdout.strip() else []
        if not expected:
            failures.append("%s states no '// output:' to check; it prints:\n  %s" % (
                name, "\n  ".join(out)))
        elif [l.rstrip() for l in out] != expected:
            failures.append("%s prints\n  %s\nnot\n  %s" % (name, "\n  ".join(out),
                                                          "\n  ".join(expected)))
        checked += 1


def matches(expected, got):
    if "…" not in expected:
        return expected == got
    pattern = ".*".join(re.escape(part) for part in expected.split("…"))
    return re.fullmatch(pattern, got) is not None


def run_sh(command, expected):
    global checked
    argv = shlex.split(command)
    if argv[0] != "build/qipai":
        return
    argv[0] = os.path.join(BUILD, "qipai")
    got = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    out = got.stdout.rstrip("\n").split("\n") if got.stdout.strip() else []
    if len(out) != len(expected) and not (expected and expected[0] == "…"):
        failures.append("README `%s` prints %d lines, not %d:\n  %s" % (
            command, len(out), len(expected), "\n  ".join(out)))
    else:
        pairs = zip(expected[1:], out[len(out) - len(expected) + 1:]) if expected and \
            expected[0] == "…" else zip(expected, out)
        for want, line in pairs:
            if not matches(want, line):
                failures.append("README `%s` prints\n  %s\nnot\n  %s" % (command, line, want))
                break
    checked += 1


def emit_readme_example(root, out):
    """For the install test: the README's first C example as a program that
    includes every public header, and (in out + ".expected") its output."""
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    block = re.findall(r"```c\n(.*?)```", readme, re.S)[0]
    headers = sorted(h for h in os.listdir(os.path.join(root, "include", "qipai")) if h.endswith(".h"))
    lines = ["#include <qipai/%s>" % h for h in headers] + block.rstrip("\n").split("\n")
    source, expected = program(lines)
    with open(out, "w") as f:
        f.write(source)
    with open(out + ".expected", "w") as f:
        f.write("\n".join(expected) + "\n")


if sys.argv[1] == "--emit-readme-example":
    emit_readme_example(sys.argv[2], sys.argv[3])
    sys.exit(0)
ROOT, BUILD = sys.argv[1], sys.argv[2]
headers = sorted(f for f in os.listdir(os.path.join(ROOT, "include", "qipai")) if f.endswith(".h"))
for h in headers:
    text = open(os.path.join(ROOT, "include", "qipai", h), encoding="utf-8").read()
    lines = header_example(text)
    if not lines:
        failures.append("include/qipai/%s has no example" % h)
        continue
    source, expected = program(lines)
    run_c("include/qipai/" + h, source, expected)

readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
for n, block in enumerate(re.findall(r"```c\n(.*?)```", readme, re.S)):
    source, expected = program(block.rstrip("\n").split("\n"))
    run_c("README.md C example %d" % (n + 1), source, expected)
for block in re.findall(r"```sh\n(.*?)```", readme, re.S):
    command, expected = None, []
    for line in block.rstrip("\n").split("\n") + ["$ "]:
        if line.startswith("$ "):
            if command and "#" not in command.split("build/qipai", 1)[0]:
                cmd = command.split("  #")[0].strip()
                if expected or not cmd.endswith("play"):
                    run_sh(cmd, expected)
            command, expected = line[2:], []
        elif command is not None:
            expected.append(line)

for f in failures:
    print("FAIL " + f + "\n")
print("examples: %d checked, %d failed" % (checked, len(failures)))
sys.exit(1 if failures or checked == 0 else 0)
