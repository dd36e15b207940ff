#!/usr/bin/env python3
"""gen.py SEED: prints a random OpenACC C program, race-free by construction.

The program's output is a hash of every array and scalar it computed, so a
serial build (pragmas ignored) is its reference: any device must print the
same.  Values stay small integers (also in float and double), so sums and
products are exact in every order; expressions are wrapped modulo 1000.

What a program draws from (one "region" each, 3-8 per program):
  map       parallel/kernels loop nests, any gang/worker/vector levels,
            collapse, tile, non-unit strides, num_gangs/workers/vector_length
  rowred    the sparse-row shape: gang loop, inner reduction into a scalar
            declared outside or inside, stored per row
  scalarred scalar reductions (+ * max min & | ^ && ||, int/long/float/
            double) at gang, worker, vector or combined levels
  seqinner  a loop seq inside a gang loop, reading a whole input
  atomic    histogram with atomic update
  private   private scalar and small private array per iteration
  dataregion a data region holding several constructs, with present,
            update self/device and host work between them
  async     two constructs on different queues, then wait
  routine   a routine seq function called from a loop
"""
import random
import sys

TYPES = ["int", "long", "unsigned", "float", "double"]
FLOATS = ("float", "double")


class Arr:
    def __init__(self, name, ctype, shape, heap):
        self.name, self.ctype, self.shape, self.heap = name, ctype, shape, heap

    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def sect(self):
        return "%s[0:%d]" % (self.name, self.size())


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.arrays = []
        self.scalars = []   # (name, ctype) printed at the end
        self.body = []      # lines of main
        self.funcs = []     # routine definitions
        self.ntmp = 0
        self.shapes = self.pick_shapes()

    # ---------- helpers ----------
    def tmp(self, prefix):
        self.ntmp += 1
        return "%s%d" % (prefix, self.ntmp)

    def emit(self, line, ind=1):
        self.body.append("  " * ind + line)

    def dim(self):
        return self.r.choice([1, 2, 3, 5, 7, 8, 13, 16, 31, 32, 33, 47, 64,
                              100, 127, 128, 129, 200, 257, 300])

    def pick_shapes(self):
        r = self.r
        s1 = (self.r.choice([1, 7, 33, 100, 128, 129, 255, 300, 1000, 4099]),)
        s2 = (r.choice([1, 3, 8, 17, 32, 40]), r.choice([1, 5, 16, 31, 64]))
        s3 = (r.choice([1, 2, 5, 9]), r.choice([3, 4, 7]), r.choice([2, 8, 11]))
        return [s1, s2, s3]

    def new_array(self, shape, ctype=None):
        a = Arr("a%d" % len(self.arrays), ctype or self.r.choice(TYPES),
                shape, self.r.random() < 0.5)
        self.arrays.append(a)
        return a

    def arrays_of(self, shape, want, exclude=()):
        """WANT arrays of SHAPE not in EXCLUDE, made when too few exist."""
        have = [a for a in self.arrays if a.shape == shape and a not in exclude]
        self.r.shuffle(have)
        while len(have) < want:
            have.append(self.new_array(shape))
        return have[:want]

    def wrap(self, ctype, e):
        if ctype in FLOATS:
            f = "fmodf" if ctype == "float" else "fmod"
            return "(%s)%s((%s)(%s), 1000)" % (ctype, f, ctype, e)
        if ctype == "unsigned":
            return "(unsigned)((%s) %% 1000u)" % e
        return "(%s)((%s) %% 1000)" % (ctype, e)

    def as_int(self, a, idx):
        return "(long)%s[%s]" % (a.name, idx)

    @staticmethod
    def conv(a, idx, ctype):
        """A[IDX] as CTYPE with no undefined conversion (a negative
        floating value to unsigned goes through long)."""
        via = "(long)" if a.ctype in FLOATS and ctype not in FLOATS else ""
        return "(%s)%s%s[%s]" % (ctype, via, a.name, idx)

    @staticmethod
    def store(ctype, e):
        """E (a long or double expression) as a value for a CTYPE element:
        unsigned elements stay below 1000, so every later use is exact."""
        if ctype == "unsigned":
            return "(unsigned)(((long)(%s) %% 1000 + 1000) %% 1000)" % e
        return "(%s)(%s)" % (ctype, e)

    # ---------- expressions ----------
    def index_of(self, shape, ivs, a_shape_same=True):
        """A flat index into an array of SHAPE from loop variables IVS,
        maybe shifted (in bounds by modulo)."""
        r = self.r
        parts = []
        for d, iv in zip(shape, ivs):
            c = r.random()
            if c < 0.6 or d == 1:
                parts.append(iv)
            elif c < 0.8:
                parts.append("((%s + %d) %% %d)" % (iv, r.randint(1, 5), d))
            else:
                parts.append("(%d - 1 - %s)" % (d, iv))
        return self.flat(shape, parts)

    @staticmethod
    def flat(shape, parts):
        e = parts[0]
        for d, p in zip(shape[1:], parts[1:]):
            e = "(%s) * %d + %s" % (e, d, p)
        return e

    def term(self, ins, shape, ivs, ctype):
        r = self.r
        c = r.random()
        if c < 0.55 and ins:
            a = r.choice(ins)
            return self.conv(a, self.index_of(shape, ivs), ctype)
        if c < 0.75:
            return "(%s)(%s %% 64)" % (ctype, r.choice(ivs))
        return "(%s)%d" % (ctype, r.randint(0, 9))

    def expr(self, ins, shape, ivs, ctype, depth=2):
        if depth == 0 or self.r.random() < 0.3:
            return self.term(ins, shape, ivs, ctype)
        op = self.r.choice(["+", "-", "*", "+"])
        if op == "-" and ctype == "unsigned":
            op = "+"
        left = self.expr(ins, shape, ivs, ctype, depth - 1)
        right = self.expr(ins, shape, ivs, ctype, depth - 1)
        e = "(%s %s %s)" % (left, op, right)
        # Floats wrap every operation: values stay below 2^24, exact in
        # any order and with or without contraction into fma.
        return self.wrap(ctype, e) if op == "*" or ctype in FLOATS else e

    # ---------- clauses ----------
    def levels(self, nloops):
        """Level clauses for NLOOPS nested loops, outer to inner: each of
        gang, worker, vector on one loop or none, strictly nested; loops
        inside the last partitioned one may be seq, the others auto."""
        r = self.r
        at = {}
        lo = 0
        for lv in ("gang", "worker", "vector"):
            if r.random() < 0.65:
                lo = r.randint(lo, nloops - 1)
                at[lv] = lo
        last = max(at.values()) if at else -1
        out = []
        for k in range(nloops):
            take = [lv for lv in ("gang", "worker", "vector") if at.get(lv) == k]
            if not take and k > last and r.random() < 0.4:
                take = ["seq"]
            out.append(" ".join(take))
        return out

    def shared_levels(self, nloops):
        """Levels for a loop nest whose body is not idempotent (atomics,
        updates in place, reductions): a gang loop, or an outer loop the
        compiler may give gang, so that no gang runs it redundantly."""
        while True:
            lv = self.levels(nloops)
            if lv[0] == "" or any("gang" in x for x in lv):
                return lv

    def launch_clauses(self):
        r = self.r
        cl = []
        if r.random() < 0.3:
            cl.append("num_gangs(%s)" % r.choice(["1", "3", "17", "64",
                                                 "n0 / 2048", "200"]))
        if r.random() < 0.3:
            cl.append("num_workers(%d)" % r.choice([1, 2, 3, 4, 8]))
        if r.random() < 0.3:
            cl.append("vector_length(%d)" % r.choice([1, 32, 33, 64, 100, 128]))
        return " ".join(cl)

    def data_clauses(self, ins, outs, inplace=()):
        """copyin for inputs, copy for outputs; global arrays left implicit
        at random."""
        cl = []
        for a in ins:
            if a.heap or self.r.random() < 0.5:
                cl.append("copyin(%s)" % a.sect())
        for a in outs:
            if a.heap or self.r.random() < 0.5:
                cl.append("copy(%s)" % a.sect())
        return " ".join(cl)

    # ---------- regions ----------
    def loop_nest(self, shape, levels, body_fn, collapse=False, tile=False,
                  ind=1):
        """Emits loops over SHAPE with LEVELS; BODY_FN(ivs, ind) emits the
        innermost body."""
        ivs = [self.tmp("i") for _ in shape]
        n = len(shape)
        for k, d in enumerate(shape):
            clause = levels[k] if k < len(levels) else ""
            if k == 0 and collapse and n > 1:
                clause += " collapse(%d)" % n
            if k == 0 and tile and n == 2:
                clause = "tile(%d, %d)" % (self.r.choice([2, 4, 32]),
                                          self.r.choice([2, 3, 8]))
            if k > 0 and (collapse or tile):
                clause = None
            if clause is not None and k > 0:
                self.emit("#pragma acc loop %s" % clause, ind + k)
            elif k == 0:
                self.pending_outer = clause
            step, lo = 1, 0
            self.emit("for (int %s = %d; %s < %d; %s += %d) {"
                      % (ivs[k], lo, ivs[k], d, ivs[k], step), ind + k)
        body_fn(ivs, ind + n)
        for k in reversed(range(n)):
            self.emit("}", ind + k)
        return ivs

    def region_map(self):
        r = self.r
        shape = r.choice(self.shapes)
        out = self.arrays_of(shape, 1)[0]
        ins = self.arrays_of(shape, r.randint(1, 3), exclude=[out])
        kernels = r.random() < 0.25
        collapse = len(shape) > 1 and r.random() < 0.3
        tile = not collapse and len(shape) == 2 and r.random() < 0.15
        inplace = r.random() < 0.2
        levels = (self.shared_levels if inplace else self.levels)(len(shape))
        start = len(self.body)

        def body(ivs, ind):
            e = self.expr(ins, shape, ivs, out.ctype)
            idx = self.flat(shape, ivs)
            if inplace:
                e = "%s + %s[%s]" % (e, out.name, idx)
            self.emit("%s[%s] = %s;" % (out.name, idx,
                                        self.wrap(out.ctype, e)), ind)
        self.loop_nest(shape, levels, body, collapse, tile)
        outer = self.pending_outer
        dc = self.data_clauses(ins, [out])
        if kernels:
            head = "#pragma acc kernels %s" % dc
            self.body.insert(start, "  " + head)
            self.body.insert(start + 1, "  #pragma acc loop %s" %
                             (outer if outer.strip() not in ("",) else "independent"))
        else:
            head = "#pragma acc parallel loop %s %s %s" % (
                outer, self.launch_clauses(), dc)
            self.body.insert(start, "  " + head)

    def scalar(self, ctype, init):
        name = self.tmp("s")
        self.emit("%s %s = %s;" % (ctype, name, init))
        self.scalars.append((name, ctype))
        return name

    def red_ops(self, ctype):
        ops = ["+", "+", "*", "max", "min"]
        if ctype not in FLOATS:
            ops += ["&", "|", "^", "&&", "||"]
        return ops

    def red_update(self, op, s, v):
        if op in ("max", "min"):
            cmp = ">" if op == "max" else "<"
            return "%s = (%s %s %s) ? %s : %s;" % (s, v, cmp, s, v, s)
        if op in ("&&", "||"):
            return "%s = %s %s (%s);" % (s, s, op, v)
        return "%s %s= %s;" % (s, op, v)

    def red_value(self, op, a, idx, ctype):
        if op == "*":
            return "((%s) %% 5 == 1 ? (%s)2 : (%s)1)" % (
                self.as_int(a, idx), ctype, ctype)
        if op in ("&", "|", "^"):
            return "(%s)((%s) & 1023)" % (ctype, self.as_int(a, idx))
        if op in ("&&", "||"):
            return "(%s %% 7 != %d)" % (self.as_int(a, idx),
                                        0 if op == "&&" else 3)
        return self.conv(a, idx, ctype)

    def region_scalarred(self):
        r = self.r
        shape = r.choice(self.shapes[:2])
        if shape[0] * (shape[1] if len(shape) > 1 else 1) > 30:
            ops_ok = lambda o: o != "*"
        else:
            ops_ok = lambda o: True
        ctype = r.choice(TYPES)
        op = r.choice([o for o in self.red_ops(ctype) if ops_ok(o)])
        if ctype == "float" and op == "+":
            shape = self.shapes[1]
        a = self.arrays_of(shape, 1)[0]
        init = {"*": "1", "&": "~0" if ctype != "unsigned" else "~0u",
                "&&": "1", "max": "-5", "min": "5000"}.get(op, "3")
        s = self.scalar(ctype, init)
        rclause = "reduction(%s:%s)" % (op, s)
        levels = self.shared_levels(len(shape))
        collapse = len(shape) > 1 and r.random() < 0.4
        ivs = [self.tmp("i") for _ in shape]
        dc = "copyin(%s)" % a.sect() if a.heap else ""
        if collapse:
            self.emit("#pragma acc parallel loop %s collapse(%d) %s %s %s" % (
                levels[0], len(shape), rclause, self.launch_clauses(), dc))
        else:
            self.emit("#pragma acc parallel loop %s %s %s %s" % (
                levels[0], rclause, self.launch_clauses(), dc))
        for k, d in enumerate(shape):
            if k > 0 and not collapse:
                self.emit("#pragma acc loop %s %s" % (levels[k], rclause), 1 + k)
            self.emit("for (int %s = 0; %s < %d; %s++) {" % (ivs[k], ivs[k], d, ivs[k]), 1 + k)
        idx = self.flat(shape, ivs)
        self.emit(self.red_update(op, s, self.red_value(op, a, idx, ctype)),
                  1 + len(shape))
        for k in reversed(range(len(shape))):
            self.emit("}", 1 + k)

    def region_rowred(self):
        r = self.r
        shape = self.shapes[1]
        rows, cols = shape
        out = self.new_array((rows,))
        a = self.arrays_of(shape, 1, exclude=[out])[0]
        ctype = "double" if out.ctype in FLOATS else "long"
        outside = r.random() < 0.5
        i, k = self.tmp("i"), self.tmp("k")
        s = self.tmp("sum")
        if outside:
            self.emit("%s %s = 0;" % (ctype, s))
        inner = r.choice(["vector", "worker", "worker vector", "seq", ""])
        dc = "copyin(%s) copyout(%s)" % (a.sect(), out.sect())
        self.emit("#pragma acc parallel loop gang %s %s" % (self.launch_clauses(), dc))
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (i, i, rows, i))
        if outside:
            self.emit("%s = %d;" % (s, r.randint(0, 3)), 2)
        else:
            self.emit("%s %s = %d;" % (ctype, s, r.randint(0, 3)), 2)
        self.emit("#pragma acc loop %s reduction(+:%s)" % (inner, s), 2)
        self.emit("for (int %s = 0; %s < %d; %s++)" % (k, k, cols, k), 2)
        self.emit("%s += (%s)%s[%s * %d + %s];" % (s, ctype, a.name, i, cols, k), 3)
        self.emit("%s[%s] = %s;" % (out.name, i,
                                    self.store(out.ctype, self.wrap(ctype, s))), 2)
        self.emit("}")

    def region_seqinner(self):
        r = self.r
        n = self.shapes[0][0]
        m = self.shapes[1][0]
        out = self.arrays_of((n,), 1)[0]
        src = self.arrays_of((m,), 1, exclude=[out])[0]
        i, k, t = self.tmp("i"), self.tmp("k"), self.tmp("t")
        self.emit("#pragma acc parallel loop %s %s copyin(%s) copy(%s)" % (
            r.choice(["gang", "gang vector", "vector", ""]),
            self.launch_clauses(), src.sect(), out.sect()))
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (i, i, n, i))
        self.emit("long %s = %s;" % (t, i), 2)
        self.emit("#pragma acc loop seq", 2)
        self.emit("for (int %s = 0; %s < %d; %s++)" % (k, k, m, k), 2)
        self.emit("%s = (%s * 3 + (long)%s[%s] + %s) %% 1000;" % (t, t, src.name, k, i), 3)
        self.emit("%s[%s] = %s;" % (out.name, i, self.store(out.ctype, t)), 2)
        self.emit("}")

    def region_atomic(self):
        r = self.r
        shape = self.shapes[0]
        a = self.arrays_of(shape, 1)[0]
        bins = r.choice([1, 4, 16, 100])
        h = self.new_array((bins,), r.choice(["int", "long", "double", "unsigned"]))
        i = self.tmp("i")
        self.emit("#pragma acc parallel loop %s %s copyin(%s) copy(%s)" % (
            r.choice(["gang", "gang vector", "gang worker", ""]),
            self.launch_clauses(), a.sect(), h.sect()))
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (i, i, shape[0], i))
        self.emit("#pragma acc atomic update", 2)
        self.emit("%s[(unsigned long)((long)%s[%s] + 1000) %% %d] += (%s)(%s %% 5 + 1);" % (
            h.name, a.name, i, bins, h.ctype, i), 2)
        self.emit("}")

    def region_private(self):
        r = self.r
        shape = self.shapes[0]
        out = self.arrays_of(shape, 1)[0]
        a = self.arrays_of(shape, 1, exclude=[out])[0]
        i, t, p = self.tmp("i"), self.tmp("t"), self.tmp("p")
        self.emit("{", 1)
        self.emit("long %s; long %s[4];" % (t, p), 2)
        c = self.tmp("c")
        self.emit("long %s = %d;" % (c, r.randint(1, 9)), 2)
        self.emit("#pragma acc parallel loop %s private(%s, %s) firstprivate(%s) copyin(%s) copy(%s)" % (
            r.choice(["gang", "gang vector", "vector", "gang worker", ""]), t, p,
            c, a.sect(), out.sect()), 2)
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (i, i, shape[0], i), 2)
        self.emit("%s = (long)%s[%s] + %s;" % (t, a.name, i, c), 3)
        self.emit("for (int q = 0; q < 4; q++) %s[q] = %s * (q + 1);" % (p, t), 3)
        self.emit("%s[%s] = %s;" % (out.name, i, self.store(
            out.ctype, "(%s[0] + %s[3] - %s[1]) %% 1000" % (p, p, p))), 3)
        self.emit("}", 2)
        self.emit("}", 1)

    def region_dataregion(self):
        """A data region holding two dependent constructs and host work
        between them, with updates in both directions."""
        r = self.r
        shape = self.shapes[0]
        n = shape[0]
        a, b, c = self.arrays_of(shape, 3)
        i, j = self.tmp("i"), self.tmp("j")
        self.emit("#pragma acc data copyin(%s) copy(%s) create(%s)" % (
            a.sect(), b.sect(), c.sect()))
        self.emit("{")
        self.emit("#pragma acc parallel loop %s present(%s, %s)" % (
            r.choice(["gang", "gang vector", ""]), a.sect(), c.sect()), 2)
        self.emit("for (int %s = 0; %s < %d; %s++) %s[%s] = %s;" % (
            i, i, n, i, c.name, i, self.wrap(c.ctype, "%s * 2 + 1" % self.conv(a, i, c.ctype))), 2)
        lo = r.randint(0, n - 1)
        ln = r.randint(1, n - lo)
        self.emit("#pragma acc update self(%s[%d:%d])" % (c.name, lo, ln), 2)
        self.emit("for (int %s = %d; %s < %d; %s++) %s[%s] = %s;" % (
            j, lo, j, lo + ln, j, a.name, j,
            self.wrap(a.ctype, "%s + 7" % self.conv(c, j, a.ctype))), 2)
        self.emit("#pragma acc update device(%s[%d:%d])" % (a.name, lo, ln), 2)
        i2 = self.tmp("i")
        self.emit("#pragma acc parallel loop %s default(present)" % r.choice(["gang", "vector", ""]), 2)
        self.emit("for (int %s = 0; %s < %d; %s++) %s[%s] = %s;" % (
            i2, i2, n, i2, b.name, i2,
            self.wrap(b.ctype, " + ".join(self.conv(x, i2, b.ctype)
                                          for x in (a, b, c)))), 2)
        self.emit("#pragma acc update self(%s)" % c.sect(), 2)
        self.emit("}")

    def region_async(self):
        r = self.r
        shape = self.shapes[0]
        n = shape[0]
        a, b, c, d = self.arrays_of(shape, 4)
        q1, q2 = r.sample([1, 2, 3, 7], 2)
        i, j = self.tmp("i"), self.tmp("i")
        self.emit("#pragma acc parallel loop async(%d) copyin(%s) copy(%s)" % (q1, a.sect(), b.sect()))
        self.emit("for (int %s = 0; %s < %d; %s++) %s[%s] = %s;" % (
            i, i, n, i, b.name, i, self.wrap(b.ctype, "%s * 3 + %s" % (self.conv(a, i, b.ctype), i))))
        self.emit("#pragma acc parallel loop async(%d) copyin(%s) copy(%s)" % (q2, c.sect(), d.sect()))
        self.emit("for (int %s = 0; %s < %d; %s++) %s[%s] = %s;" % (
            j, j, n, j, d.name, j, self.wrap(d.ctype, "%s + %s" % (self.conv(c, j, d.ctype),
                                           self.conv(d, j, d.ctype)))))
        self.emit(r.choice(["#pragma acc wait", "#pragma acc wait(%d, %d)" % (q1, q2)]))

    def region_routine(self):
        r = self.r
        shape = self.shapes[0]
        out = self.arrays_of(shape, 1)[0]
        a = self.arrays_of(shape, 1, exclude=[out])[0]
        f = self.tmp("f")
        self.funcs += ["#pragma acc routine seq",
                       "static long %s(long x, int k)" % f, "{",
                       "  long t = 1;",
                       "  for (int q = 0; q < k % 5; q++) t = (t * x + q) % 997;",
                       "  return t;", "}", ""]
        i = self.tmp("i")
        self.emit("#pragma acc parallel loop %s copyin(%s) copy(%s)" % (
            r.choice(["gang", "gang vector", "vector", ""]), a.sect(), out.sect()))
        self.emit("for (int %s = 0; %s < %d; %s++)" % (i, i, shape[0], i))
        self.emit("%s[%s] = %s;" % (out.name, i, self.store(
            out.ctype, "%s((long)%s[%s], %s)" % (f, a.name, i, i))), 2)

    REGIONS = [("map", 5), ("scalarred", 3), ("rowred", 2), ("seqinner", 1),
               ("atomic", 1), ("private", 1), ("dataregion", 1),
               ("async", 1), ("routine", 1)]

    def program(self):
        kinds = [k for k, w in self.REGIONS for _ in range(w)]
        for _ in range(self.r.randint(3, 8)):
            getattr(self, "region_" + self.r.choice(kinds))()
        return self.render()

    # ---------- output ----------
    def render(self):
        L = ["/* accfuzz seed %d (tests/accfuzz/gen.py) */" % self.seed,
             "#include <math.h>", "#include <stdio.h>", "#include <stdlib.h>",
             "", "int n0 = %d;" % self.shapes[0][0], ""]
        for a in self.arrays:
            if not a.heap:
                L.append("static %s %s[%d];" % (a.ctype, a.name, a.size()))
        L += ["", "static unsigned long hash_add(unsigned long h, long v)",
              "{", "  return (h ^ (unsigned long)v) * 1099511628211ul;", "}", ""]
        L += self.funcs
        L += ["int main(void)", "{"]
        for a in self.arrays:
            if a.heap:
                L.append("  %s *%s = malloc(%d * sizeof(%s));" % (
                    a.ctype, a.name, a.size(), a.ctype))
        for k, a in enumerate(self.arrays):
            L.append("  for (int i = 0; i < %d; i++) %s[i] = (%s)((i * %d + %d) %% 17) - (%s)%d;"
                     % (a.size(), a.name, a.ctype, 7 + 2 * k, k, a.ctype,
                        0 if a.ctype == "unsigned" else 8))
        L += self.body
        L.append("  unsigned long h;")
        for a in self.arrays:
            L.append("  h = 14695981039346656037ul;")
            L.append("  for (int i = 0; i < %d; i++) h = hash_add(h, (long)%s[i]);"
                     % (a.size(), a.name))
            L.append('  printf("%s %%lx\\n", h);' % a.name)
        for s, t in self.scalars:
            L.append('  printf("%s %%ld\\n", (long)%s);' % (s, s))
        L += ["  return 0;", "}"]
        return "\n".join(L) + "\n"


if __name__ == "__main__":
    sys.stdout.write(Gen(int(sys.argv[1])).program())
