#!/usr/bin/env python3
"""Runs GCC's libgomp OpenACC C run-time tests with accgpu (see run.sh).

Reads each test's DejaGnu directives (dg-do, dg-skip-if, dg-output,
dg-shouldfail, dg-additional-options, ...), compiles it with the accgpu
plugin once per device flavour and runs it on each ACC_DEVICE_TYPE given.
GCC's tests are only read, never copied.
"""
import fnmatch
import os
import re
import subprocess
import sys
import time
import warnings

# Effective targets that hold on this machine.  Tcl glob targets such as
# *-*-* are matched against an x86_64-linux triplet.
TRUE_TARGETS = {"c", "lto", "weak_undefined", "native"}
TRIPLET = "x86_64-pc-linux-gnu"

# Features accgpu does not provide: a test needing one is skipped with the
# reason named.
UNSUPPORTED_TEXT = [
    (r"__builtin_goacc_parlevel", "GCC builtin __builtin_goacc_parlevel_*"),
    (r"#\s*include\s*[<\"]gomp-constants\.h", "GCC-internal gomp-constants.h"),
    (r"#\s*include\s*[<\"]acc_prof\.h", "profiling interface (acc_prof.h)"),
    (r"#\s*include\s*[<\"](cuda|cuda_runtime_api|cublas_v2)\.h",
     "CUDA interoperability (cuda.h/cudart/cublas)"),
    (r"#\s*include\s*[<\"]hsa\.h", "AMD HSA interoperability"),
    (r"acc_get_current_cuda_|acc_set_cuda_stream|acc_get_cuda_stream",
     "CUDA interoperability routines"),
]
UNSUPPORTED_TARGETS = {
    "openacc_cuda": "CUDA interoperability (cuda.h/cudart/cublas)",
    "openacc_cudart": "CUDA interoperability (cuda.h/cudart/cublas)",
    "openacc_cublas": "CUDA interoperability (cuda.h/cudart/cublas)",
}
# dg-additional-options meaning something to GCC's OpenACC only (offload
# compilers, its diagnostics and dumps, launch dimensions).
DROP_OPTION = re.compile(
    r"^(-foffload|--param=openacc|-fopt-info|-fdump|-fopenacc-dim|"
    r"-foffload-options|-Wopenacc)")


def tcl_subst(s):
    """Backslash substitution of a Tcl double-quoted word."""
    out, i = [], 0
    esc = {"n": "\n", "r": "\r", "t": "\t"}
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            out.append(esc.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def tcl_words(s):
    """Splits a Tcl list into words: "quoted", {braced} or bare."""
    words, i = [], 0
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif c == '"':
            j = i + 1
            while j < len(s) and s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            words.append(("q", tcl_subst(s[i + 1:j])))
            i = j + 1
        elif c == "{":
            depth, j = 1, i + 1
            while j < len(s) and depth:
                depth += {"{": 1, "}": -1}.get(s[j], 0)
                j += 1
            words.append(("b", s[i + 1:j - 1]))
            i = j
        else:
            j = i
            while j < len(s) and not s[j].isspace():
                j += 1
            words.append(("w", s[i:j]))
            i = j
    return words


class Device:
    def __init__(self, name):
        self.name = name
        self.host = name == "host"
        self.shared = name in ("host", "multicore")

    def target(self, name):
        if name == "openacc_host_selected":
            return self.host
        if name.startswith("openacc_") and name.endswith("_selected"):
            return False
        if name in TRUE_TARGETS:
            return True
        if "*" in name or "-" in name:
            return glob_match(name, TRIPLET)
        return False

    def tagopts(self):
        t = "host" if self.host else self.name
        return ["-DACC_DEVICE_TYPE_%s=1" % t,
                "-DACC_MEM_SHARED=%d" % self.shared]


def glob_match(pattern, text):
    """Tcl's string match (*, ?, [chars]), as dg-skip-if uses it."""
    return fnmatch.fnmatchcase(text, pattern)


def selector(expr, dev):
    """Evaluates a target selector: names, !, &&, ||, braces."""
    toks = re.findall(r"\{|\}|\(|\)|!|&&|\|\||[^\s{}()!&|]+", expr)
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else None

    def atom():
        t = peek()
        pos[0] += 1
        if t == "!":
            return not atom()
        if t in ("{", "("):
            v = disj()
            pos[0] += 1
            return v
        return dev.target(t)

    def conj():
        v = atom()
        while peek() == "&&":
            pos[0] += 1
            v = atom() and v
        return v

    def disj():
        v = conj()
        while peek() == "||":
            pos[0] += 1
            v = conj() or v
        return v

    return disj() if toks else True


def target_ok(words, dev):
    """A trailing { target SEL } / { xfail SEL }: (applies, xfailed)."""
    for kind, w in words:
        if kind != "b":
            continue
        sub = w.strip().split(None, 1)
        if not sub:
            continue
        if sub[0] == "target":
            return selector(sub[1] if len(sub) > 1 else "", dev), False
        if sub[0] == "xfail":
            return True, selector(sub[1] if len(sub) > 1 else "", dev)
    return True, False


def directives(text):
    """(name, words) of every { dg-... } directive, braces balanced."""
    out = []
    for m in re.finditer(r"\{\s*(dg-[a-z-]+)", text):
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        out.append((m.group(1), tcl_words(text[m.end():j - 1])))
    return out


def skip_if(words, dev, opts):
    """dg-skip-if "why" { SEL } { INCLUDE } { EXCLUDE }."""
    rest = [w for k, w in words if k == "b"]
    if not rest or not selector(rest[0], dev):
        return False
    inc = rest[1] if len(rest) > 1 else "*"
    exc = rest[2] if len(rest) > 2 else ""
    quoted = lambda s: [w for _, w in tcl_words(s)]
    incl = quoted(inc) or ["*"]
    excl = [p for p in quoted(exc) if p]
    hit = any(p == "*" or any(glob_match(p, o) for o in opts) for p in incl)
    miss = any(any(glob_match(p, o) for o in opts) for p in excl)
    return hit and not miss


class Plan:
    """What a test needs on one device."""

    def __init__(self, path, text, dev, base_opts):
        self.skip = None
        self.opts = list(base_opts) + dev.tagopts()
        self.output = []
        self.shouldfail = False
        self.xfail = False
        self.env = {}
        self.sources = []
        self.run = True
        for name, words in directives(text):
            self.directive(name, words, dev, path)
        if self.skip is None and not self.run:
            self.skip = "not a run test"
        for rx, why in UNSUPPORTED_TEXT:
            if self.skip is None and re.search(rx, text):
                self.skip = "unsupported: " + why
        d = os.path.dirname(path)
        for inc in re.findall(r'#\s*include\s*"([^"]+)"', text):
            if self.skip is None and \
                    not os.path.exists(os.path.join(d, inc)):
                self.skip = "needs %s (not in the libgomp testsuite)" % inc

    def directive(self, name, words, dev, path):
        applies, xf = target_ok(words, dev)
        q = [w for k, w in words if k in ("q", "w")]
        if name == "dg-do":
            self.run = q and q[0] == "run"
            if self.run and not applies:
                self.skip = "target: " + " ".join(w for _, w in words[1:])
        elif name == "dg-additional-options" and applies and q:
            for o in q[0].split():
                if o.startswith("-lcu"):
                    self.skip = "unsupported: CUDA interoperability " \
                                "(cuda.h/cudart/cublas)"
                elif not DROP_OPTION.match(o):
                    self.opts.append(o)
        elif name == "dg-options" and applies and q:
            self.opts += [o for o in q[0].split() if not DROP_OPTION.match(o)]
        elif name == "dg-require-effective-target" and q:
            sel = " ".join(q)
            if q[0] in UNSUPPORTED_TARGETS:
                self.skip = "unsupported: " + UNSUPPORTED_TARGETS[q[0]]
            elif not selector(sel, dev):
                self.skip = "needs " + sel
        elif name == "dg-skip-if" and skip_if(words, dev, self.opts):
            self.skip = "dg-skip-if " + (q[0] if q else "")
        elif name == "dg-output" and applies and not xf and q:
            self.output.append(q[0])
        elif name == "dg-shouldfail" and applies:
            self.shouldfail = True
        elif name == "dg-xfail-run-if" and q:
            self.xfail = self.xfail or skip_if(words, dev, self.opts)
        elif name == "dg-set-target-env-var" and len(q) >= 2:
            self.env[q[0]] = q[1]
        elif name == "dg-additional-sources" and q:
            d = os.path.dirname(path)
            self.sources += [os.path.join(d, s) for s in q[0].split()]


def mentions_tags(path, text, seen=None):
    """Whether the test (or a local file it includes) reads the device tag
    macros, so that it needs one compilation per device."""
    seen = seen or set()
    if re.search(r"ACC_DEVICE_TYPE_|ACC_MEM_SHARED", text):
        return True
    d = os.path.dirname(path)
    for inc in re.findall(r'#\s*include\s*"([^"]+)"', text):
        p = os.path.normpath(os.path.join(d, inc))
        if p in seen or not os.path.exists(p):
            continue
        seen.add(p)
        if mentions_tags(p, open(p, errors="replace").read(), seen):
            return True
    return False


class Runner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.built = {}  # compile options -> (binary or None, cell)

    def compile(self, name, path, plan, tagged):
        c = self.cfg
        opts = plan.opts if tagged else \
            [o for o in plan.opts if not o.startswith(("-DACC_DEVICE_TYPE_",
                                                       "-DACC_MEM_SHARED"))]
        key = tuple([path] + opts + plan.sources)
        if key in self.built:
            return self.built[key]
        tag = "d%d" % len([k for k in self.built if k[0] == path])
        binp = os.path.join(c.out, "bin", "%s.%s" % (name, tag))
        log = os.path.join(c.out, "log", "%s.%s.cc" % (name, tag))
        cmd = ["nice", "-n", "19", "timeout", str(c.cc_timeout), c.cc,
               "-fplugin=%s/accgpu.so" % c.build, "-I%s/include" % c.root,
               "-I%s" % os.path.dirname(path)] + opts + [path] + \
            plan.sources + ["-o", binp, "-L" + c.build,
                            "-Wl,--no-as-needed", "-laccgpu",
                            "-Wl,-rpath," + c.build, "-lm"]
        with open(log, "w") as f:
            f.write(" ".join(cmd) + "\n")
            f.flush()
            rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT)
        text = open(log, errors="replace").read()
        if rc == 0:
            res = (binp, None)
        elif "internal compiler error" in text or "Segmentation" in text:
            res = (None, "ICE")
        elif rc == 124:
            res = (None, "CE-TIMEOUT")
        else:
            res = (None, "CE")
        self.built[key] = res
        return res

    def execute(self, name, binp, plan, dev):
        c = self.cfg
        env = dict(os.environ, ACC_DEVICE_TYPE=dev.name, **plan.env)
        tmo = c.emu_timeout if dev.name == "emulator" else c.timeout
        base = os.path.join(c.out, "log", "%s.%s" % (name, dev.name))
        with open(base + ".out", "wb") as fo, open(base + ".err", "wb") as fe:
            rc = subprocess.call(["nice", "-n", "19", "timeout", "-k", "5",
                                  str(tmo), binp], env=env, stdout=fo,
                                 stderr=fe, stdin=subprocess.DEVNULL)
        out = open(base + ".out", errors="replace").read()
        err = open(base + ".err", errors="replace").read()
        return verdict(rc, out, err, plan)

    def test(self, path, devs):
        name = os.path.splitext(os.path.basename(path))[0]
        text = open(path, errors="replace").read()
        tagged = mentions_tags(path, text)
        cells = []
        for dev in devs:
            plan = Plan(path, text, dev, self.cfg.base_opts)
            if plan.skip:
                cells.append("SKIP " + plan.skip)
                continue
            binp, cell = self.compile(name, path, plan, tagged)
            cells.append(cell or self.execute(name, binp, plan, dev))
        return name, cells


def verdict(rc, out, err, plan):
    """PASS, XFAIL, XPASS, FAIL n, SIGNAL n, TIMEOUT, NOFAIL (a dg-shouldfail
    test that exited 0), ERRTEXT (it failed as expected, with an accgpu
    error instead of libgomp's text), OUTPUT (dg-output not matched),
    STDERR (a pass that printed on stderr without being asked to)."""
    if rc in (124, 137):
        return "TIMEOUT"
    failed = rc != 0
    rx = "".join(plan.output)
    matched = not rx or any(re.search(rx, s, re.S) for s in
                            (out + err, err + out))
    if plan.shouldfail:
        ok = failed and matched
    else:
        ok = not failed and matched
    if plan.xfail:
        return "XPASS" if ok else "XFAIL"
    if ok:
        return "STDERR" if err and not rx and not plan.shouldfail else "PASS"
    if plan.shouldfail and not failed:
        return "NOFAIL"
    if plan.shouldfail and 0 < rc < 124 and "accgpu: error:" in err:
        return "ERRTEXT"
    if failed and not plan.shouldfail:
        return "SIGNAL %d" % -rc if rc < 0 else "FAIL %d" % rc
    return "OUTPUT"


class Config:
    pass


def main(argv):
    # Tcl regexes such as "\\[[0-9]+" read as nested sets to Python's re.
    warnings.simplefilter("ignore", FutureWarning)
    c = Config()
    c.root = os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))
    c.suite, c.build, c.out = [os.path.abspath(a) for a in argv[1:4]]
    globs = argv[4:] or ["*"]
    c.cc = os.environ.get("CC", "gcc")
    c.timeout = int(os.environ.get("GOMP_TIMEOUT", "30"))
    c.emu_timeout = int(os.environ.get("GOMP_EMU_TIMEOUT", "120"))
    c.cc_timeout = int(os.environ.get("GOMP_CC_TIMEOUT", "300"))
    c.base_opts = ["-O2"] + os.environ.get("GOMP_CFLAGS", "").split()
    devs = [Device(d) for d in
            os.environ.get("GOMP_DEVICES", "host emulator multicore").split()]
    for d in ("bin", "log"):
        os.makedirs(os.path.join(c.out, d), exist_ok=True)
    dirs = [os.path.join(c.suite, "libgomp.oacc-c"),
            os.path.join(c.suite, "libgomp.oacc-c-c++-common")]
    tests = sorted(os.path.join(d, f) for d in dirs if os.path.isdir(d)
                   for f in os.listdir(d) if f.endswith(".c") and
                   any(glob_match(g, f[:-2]) for g in globs))
    run = Runner(c)
    tsv = open(os.path.join(c.out, "results.tsv"), "w")
    tsv.write("test\t" + "\t".join(d.name for d in devs) + "\n")
    counts = [dict() for _ in devs]
    for path in tests:
        t0 = time.time()
        name, cells = run.test(path, devs)
        tsv.write(name + "\t" + "\t".join(cells) + "\n")
        tsv.flush()
        print(name, *cells, "%.0fs" % (time.time() - t0), sep="\t",
              flush=True)
        for n, cell in zip(counts, cells):
            k = cell.split()[0]
            n[k] = n.get(k, 0) + 1
    for d, n in zip(devs, counts):
        print("gomp: %s %s" % (d.name, ", ".join(
            "%s %d" % kv for kv in sorted(n.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
