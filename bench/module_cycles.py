#!/usr/bin/env python3
"""Import circles between the file modules of each crate. A module (one `.rs` file) depends on
another when its code (outside `#[cfg(test)]` modules) names it by a path: `crate::...`,
`super::...`, `self::...` or the name of one of its child modules, each followed through the
`pub use` re-exports on the way to the module that defines the item. A module and its own
ancestors are not counted as depending on each other (the parent declares the child, the child
uses the parent's items). Prints every circle (strongly connected component of more than one
module) and exits 1 if there is one.

    bench/module_cycles.py [CRATE_SRC_DIR ...]   (default: every crate of the workspace)

Crates depend on each other only through Cargo, which refuses a circle.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRATES = ["movegen/src", "eval/src", "engine/search/src", "engine/session/src",
          "engine/board/src", "engine/src", "tests/src", "bench/src"]
USE = re.compile(r"\buse\s+([^;]+);")
PUB_USE = re.compile(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);")


def strip(src):
    """The source without comments, strings and `#[cfg(test)] mod ... { }` blocks."""
    src = re.sub(r"//[^\n]*", "", src)
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    src = re.sub(r'r#*"(?:.|\n)*?"#*', '""', src)
    src = re.sub(r'"(?:\\.|[^"\\])*"', '""', src)
    src = re.sub(r"'(?:\\.|[^'\\])'", "' '", src)
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", src):
        if m.start() < i:
            continue
        out.append(src[i:m.start()])
        depth, j = 0, m.end() - 1
        while j < len(src):
            depth += {"{": 1, "}": -1}.get(src[j], 0)
            if depth == 0:
                break
            j += 1
        i = j + 1
    out.append(src[i:])
    return "".join(out)


def modules(src_dir):
    """Module path (tuple) -> its source without comments and tests, for every `.rs` file of
    the crate (`main.rs` and `bin/` are roots of their own, left out)."""
    mods = {}
    for d, _, files in os.walk(src_dir):
        for f in files:
            if not f.endswith(".rs") or f == "main.rs":
                continue
            p = os.path.join(d, f)
            rel = os.path.relpath(p, src_dir)[:-3].split(os.sep)
            if rel[-1] in ("lib", "mod"):
                rel = rel[:-1]
            if rel and rel[0] == "bin":
                continue
            mods[tuple(rel)] = strip(open(p, encoding="utf-8").read())
    return mods


def use_tree(text):
    """The (path, bound name) pairs of a `use` tree such as `a::b::{c, d::e as f, self}`."""
    text = re.sub(r"\s+", " ", text).strip()
    out = []

    def walk(prefix, t):
        t = t.strip()
        if t.endswith("}") and "{" in t:
            head, body = t.split("{", 1)
            head = [x for x in head.strip().split("::") if x]
            depth, part, parts = 0, "", []
            for ch in body[:-1]:
                if ch == "," and depth == 0:
                    parts.append(part)
                    part = ""
                    continue
                depth += {"{": 1, "}": -1}.get(ch, 0)
                part += ch
            parts.append(part)
            for q in parts:
                if q.strip():
                    walk(prefix + head, q)
            return
        orig, _, alias = t.partition(" as ")
        path = prefix + [x.strip() for x in orig.split("::") if x.strip()]
        if path and path[-1] == "self":
            path = path[:-1]
        if path and path[-1] != "*":
            out.append((path, alias.strip() or path[-1]))

    walk([], text)
    return out


def absolute_path(mods, m, path):
    """`path` as written in module `m`, as an absolute tuple (None: another crate's)."""
    if not path:
        return None
    head, rest = path[0], list(path[1:])
    if head == "crate":
        return tuple(rest)
    if head == "self":
        return m + tuple(rest)
    if head == "super":
        base = m[:-1]
        while rest and rest[0] == "super":
            base, rest = base[:-1], rest[1:]
        return base + tuple(rest)
    if m + (head,) in mods:
        return m + tuple(path)
    return None


def reexports(mods):
    """(module, name) -> the absolute path a `pub use` in the module re-exports it from."""
    out = {}
    for m, src in mods.items():
        for mt in PUB_USE.finditer(src):
            for path, name in use_tree(mt.group(1)):
                absolute = absolute_path(mods, m, path)
                if absolute is not None:
                    out[(m, name)] = absolute
    return out


def resolve(mods, rex, path, seen):
    """The module that defines what the absolute `path` names (following re-exports)."""
    cur = ()
    for i, name in enumerate(path):
        if cur + (name,) in mods:
            cur = cur + (name,)
            continue
        key = (cur, name)
        if key in rex and key not in seen:
            seen.add(key)
            return resolve(mods, rex, rex[key] + tuple(path[i + 1:]), seen)
        return cur
    return cur


def related(a, b):
    return a[:len(b)] == b or b[:len(a)] == a


def edges(mods):
    rex = reexports(mods)
    deps = {m: set() for m in mods}
    for m, src in mods.items():
        src = PUB_USE.sub("", src)
        paths = [p for mt in USE.finditer(src) for p, _ in use_tree(mt.group(1))]
        body = USE.sub("", src)
        paths += [mt.group(1).split("::") for mt in re.finditer(r"(?<![:\w])(\w+(?:::\w+)+)", body)]
        for path in paths:
            absolute = absolute_path(mods, m, path)
            if absolute is None:
                continue
            target = resolve(mods, rex, absolute, set())
            if not related(target, m):
                deps[m].add(target)
    return deps


def cycles(deps):
    """Tarjan's strongly connected components of more than one module."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in deps[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in deps:
        if v not in index:
            visit(v)
    return out


def main():
    dirs = sys.argv[1:] or [os.path.join(ROOT, c) for c in CRATES]
    found = 0
    for d in dirs:
        if not os.path.isdir(d):
            continue
        mods = modules(d)
        deps = edges(mods)
        cs = cycles(deps)
        n_edges = sum(len(v) for v in deps.values())
        print(f"{os.path.relpath(d, ROOT)}: {len(mods)} modules, {n_edges} dependencies, "
              f"{len(cs)} circles")
        for c in cs:
            found += 1
            print("  circle: " + " <-> ".join("::".join(x) or "(root)" for x in sorted(c)))
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
