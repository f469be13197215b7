#!/usr/bin/env python3
"""Rust functions longer than N lines (default 100), longest first: from the `fn` line to its
closing brace, found by brace matching that skips comments, strings and character literals.

    bench/long_functions.py [N] [PATH ...]   (default: the production code of every crate)

Exits 1 if there is one.
"""
import os, re, sys

def strip(src):
    # Replace comments, strings and char literals with spaces (keeping newlines).
    out = []; i = 0; n = len(src)
    while i < n:
        c = src[i]
        if src.startswith('//', i):
            j = src.find('\n', i); j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j
        elif src.startswith('/*', i):
            depth = 0; j = i
            while j < n:
                if src.startswith('/*', j): depth += 1; j += 2
                elif src.startswith('*/', j):
                    depth -= 1; j += 2
                    if depth == 0: break
                else: j += 1
            out.append(re.sub(r'[^\n]', ' ', src[i:j])); i = j
        elif c == 'r' and re.match(r'r#*"', src[i:i+10]) and (i == 0 or not (src[i-1].isalnum() or src[i-1] == '_')):
            m = re.match(r'r(#*)"', src[i:]); hashes = m.group(1)
            end = src.find('"' + hashes, i + len(m.group(0)))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r'[^\n]', ' ', src[i:end])); i = end
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == '\\' else 1
            out.append(re.sub(r'[^\n]', ' ', src[i:j+1])); i = j + 1
        elif c == "'":
            m = re.match(r"'(\\.|\\u\{[0-9a-fA-F]+\}|[^\\'])'", src[i:])
            if m:
                out.append(' ' * len(m.group(0))); i += len(m.group(0))
            else:
                out.append(c); i += 1
        else:
            out.append(c); i += 1
    return ''.join(out)

def functions(path):
    src = open(path, encoding='utf-8').read()
    s = strip(src)
    for m in re.finditer(r'\bfn\s+([A-Za-z_][A-Za-z0-9_]*)', s):
        # Find the body's opening brace (skip a `;` = declaration without body).
        j = m.end(); depth_paren = 0
        while j < len(s):
            ch = s[j]
            if ch in '(<[': depth_paren += 1
            elif ch in ')>]': depth_paren -= 1
            elif ch == ';' and depth_paren <= 0: j = -1; break
            elif ch == '{' and depth_paren <= 0: break
            j += 1
        if j < 0 or j >= len(s): continue
        depth = 0; k = j
        while k < len(s):
            if s[k] == '{': depth += 1
            elif s[k] == '}':
                depth -= 1
                if depth == 0: break
            k += 1
        start = s.count('\n', 0, m.start()) + 1
        end = s.count('\n', 0, k) + 1
        yield m.group(1), start, end

def main():
    args = sys.argv[1:]
    limit = 100
    if args and args[0].isdigit(): limit = int(args.pop(0))
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    default = ['movegen/src', 'eval/src', 'engine/search/src', 'engine/session/src',
               'engine/board/src', 'engine/src']
    roots = args or [os.path.join(here, d) for d in default]
    rows = []
    for root in roots:
        for d, dirs, files in os.walk(root):
            dirs[:] = [x for x in dirs if x not in ('target', '.git')]
            for f in files:
                if f.endswith('.rs'):
                    p = os.path.join(d, f)
                    for name, a, b in functions(p):
                        if b - a + 1 > limit: rows.append((b - a + 1, p, name, a, b))
    for r in sorted(rows, reverse=True):
        print(f"{r[0]:5} {r[1]}:{r[3]}-{r[4]} {r[2]}")
    print(f"{len(rows)} functions over {limit} lines")
    sys.exit(1 if rows else 0)


main()
