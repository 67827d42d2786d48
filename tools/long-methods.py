#!/usr/bin/env python3
"""Lists the Java methods and constructors longer than N lines under the given source roots.

Usage: tools/long-methods.py [--max N] ROOT...   (default N = 80, the project's limit)

A method's length counts its lines from the signature's first line to its closing brace, as a
reader sees it. The scan is lexical: it skips comments, strings and character literals, finds
each '{' whose preceding text ends in a parameter list ')' (optionally 'throws ...'), and
matches braces (a record's header is not a method). Lambdas and anonymous classes count inside the method that holds them. Exit
status 1 when any method is over the limit, 0 otherwise.
"""
import os
import re
import sys

KEYWORDS = {"if", "for", "while", "switch", "catch", "synchronized", "try", "else", "do", "return", "new"}
THROWS = re.compile(r"\)\s*throws\s+[\w.,\s<>]+$")


def signature(before):
    """(name, offset where the declaration starts) when `before` ends in a method's header."""
    text = before.rstrip()
    throws = THROWS.search(text)
    if throws:
        text = text[: throws.start() + 1]
    if not text.endswith(")"):
        return None
    depth, i = 0, len(text) - 1
    while i >= 0:  # back to the '(' that opens the parameter list
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            break
        i -= 1
    name = re.search(r"(\w+)\s*$", text[:i]) if i > 0 else None
    if not name or name.group(1) in KEYWORDS:
        return None
    head = text[: name.start()]
    if re.search(r"\bnew\s*$", head) or re.search(r"\brecord\s+$", head) or re.search(r"[=(,?:]\s*$", head):
        return None  # an anonymous class, a record's header, an expression
    # The declaration starts after the previous statement or brace, with its annotations.
    boundary = max(head.rfind(";"), head.rfind("{"), head.rfind("}")) + 1
    declaration = head[boundary:]
    return name.group(1), boundary + len(declaration) - len(declaration.lstrip())


def strip(text):
    """The source with comments and literals blanked, line breaks kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def methods(path):
    source = strip(open(path, encoding="utf-8").read())
    found = []
    stack = []  # (is_method, name, start_line)
    for i, c in enumerate(source):
        if c == "{":
            before = source[max(0, i - 600) : i]
            found_signature = signature(before)
            inside = any(entry[0] for entry in stack)
            if found_signature and not inside:
                name, offset = found_signature
                start = source.count("\n", 0, i - len(before) + offset) + 1
                stack.append((True, name, start))
            else:
                stack.append((False, None, 0))
        elif c == "}" and stack:
            is_method, name, start = stack.pop()
            if is_method:
                end = source.count("\n", 0, i) + 1
                found.append((name, start, end - start + 1))
    return found


def main(argv):
    limit = 80
    if len(argv) >= 2 and argv[0] == "--max":
        limit = int(argv[1])
        argv = argv[2:]
    if not argv:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    over = []
    for root in argv:
        for directory, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith(".java"):
                    path = os.path.join(directory, name)
                    for method, start, lines in methods(path):
                        if lines > limit:
                            over.append((lines, path, start, method))
    for lines, path, start, method in sorted(over, reverse=True):
        print(f"{lines:5d}  {path}:{start}  {method}")
    print(f"{len(over)} method(s) over {limit} lines", file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
