#!/usr/bin/env python3
"""The file-level call graph of the product, from its object files, and its cycles.

An edge A -> B means A's object uses a name (function or data) that B's object
defines (`nm`: undefined in A, defined in B). DESIGN.md: data flows one way; a
callback or a status code goes back, never a call, so this graph must have no
cycle. Prints every cycle's files (one strongly connected component a line)
and exits 1 when there is one; 0 and the edge count when there is none.

    callgraph.py BUILD_DIR            # the objects of the ps_* libraries in it
    callgraph.py a.o b.o ...          # these objects
"""
import os
import re
import subprocess
import sys


def objects(args):
    if len(args) == 1 and os.path.isdir(args[0]):
        found = []
        cmf = os.path.join(args[0], "CMakeFiles")
        for lib in sorted(os.listdir(cmf)):
            if not re.match(r"ps_\w+\.dir$", lib):
                continue
            for root, _, files in os.walk(os.path.join(cmf, lib)):
                found += [os.path.join(root, f) for f in files if f.endswith(".o")]
        return sorted(found)
    return args


def source_name(obj):
    """CMakeFiles/ps_io.dir/decode/ring.c.o -> decode/ring.c"""
    m = re.search(r"ps_\w+\.dir/(.+)\.o$", obj)
    return m.group(1) if m else obj


def symbols(obj):
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            used.add(name)
        elif kind in "TDBRVWGSCi":  # global definitions (lowercase: file-local)
            defined.add(name)
    return defined, used


def cycles(nodes, edges):
    """Tarjan's strongly connected components with more than one node (or a self edge)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
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
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def main():
    objs = objects(sys.argv[1:])
    if not objs:
        print("callgraph: no object files found", file=sys.stderr)
        return 2
    defs, uses = {}, {}
    for o in objs:
        name = source_name(o)
        d, u = symbols(o)
        uses[name] = u
        for s in d:
            defs.setdefault(s, set()).add(name)
    edges, why = {}, {}
    for a, used in uses.items():
        for s in used:
            for b in defs.get(s, ()):
                if b != a:
                    edges.setdefault(a, set()).add(b)
                    why.setdefault((a, b), []).append(s)
    found = cycles(uses.keys(), edges)
    nedges = sum(len(v) for v in edges.values())
    if not found:
        print(f"callgraph: {len(uses)} files, {nedges} edges, no cycle")
        return 0
    for comp in found:
        print("cycle: " + " <-> ".join(comp))
        for a in comp:
            for b in comp:
                if (a, b) in why:
                    names = sorted(why[(a, b)])
                    more = f" (+{len(names) - 4})" if len(names) > 4 else ""
                    print(f"  {a} -> {b}: {', '.join(names[:4])}{more}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
