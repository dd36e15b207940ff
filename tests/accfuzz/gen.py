#!/usr/bin/env python3
"""gen.py SEED: prints a random OpenACC C program, race-free by construction.

The program prints a hash of every array and scalar it computed, so its
serial build (pragmas ignored) is the reference: every device must print
the same.  Values stay small integers (in float and double too), so sums
and products are exact in any order and with or without fma contraction;
integer expressions are wrapped modulo 1000 after each product, floating
ones after every operation.

A program is 3-8 regions, each one of (weights in REGIONS):
  map         loop nests in parallel or kernels with any gang/worker/vector
              levels, collapse, tile, down-counting, strided and `<=` loops,
              bodies with locals (const, arrays, nested blocks), if/else,
              switch, while; 1-3 dimensional arrays, flat or declared so
  scalarred   one or two scalar reductions (+ * max min & | ^ && ||) over
              a nest, at gang, worker, vector or combined levels
  rowred      the sparse-row shape: gang loop, inner reduction into a
              scalar declared outside or inside the region
  seqinner    a loop seq inside a partitioned loop, reading a whole input
  atomic      histograms with atomic update, atomic capture summed by a
              reduction
  private     private scalar and array, firstprivate scalar
  dataregion  a data region with present, default(present), update
              self/device and host work between two constructs
  unstructured enter/exit data around a function whose loop says present
  async       two constructs on different queues, then wait
  routine     a routine seq function called from a loop
  kernelsauto kernels with plain loops, one of them carrying a dependence
              (it must stay sequential)
  ifclause    a construct whose if clause is false at run time
  multiloop   a parallel region of independent gang loops and a gang
              reduction with its clause on the loop only
  twophase, gangprivate  two vector loops in a gang iteration, the second
              reading what the first wrote (a shared or gang-private row)
  kernelsred  kernels with a plain loop that reduces (found or serial)
  api         acc_copyin/acc_create/acc_copyout/acc_delete, acc_malloc
              memory through deviceptr
  asyncdata   async enter data, constructs and exit data on one queue
  structs     arrays of structs, a member section of a struct
  arrayred    a reduction on an array section
  serial      a serial construct with a running sum
  waitclause  two queues ordered by a wait clause
  kernelsclauses  kernels loop gang(n) vector(m), cache, default(none),
              gang(static:k)
"""
import random
import sys

TYPES = ["int", "long", "unsigned", "float", "double", "short",
         "long long", "unsigned char"]
RED_TYPES = ["int", "long", "unsigned", "float", "double", "long long"]
FLOATS = ("float", "double")
UNSIGNED = ("unsigned", "unsigned char")


class Arr:
    """An array: flat (indexed a[i * d1 + j]) or declared with its
    dimensions (a[i][j]); static or on the heap."""

    def __init__(self, name, ctype, shape, heap, md, full_sect):
        self.name, self.ctype, self.shape = name, ctype, shape
        self.heap, self.md, self.full_sect = heap, md, full_sect

    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def ref(self, parts):
        if self.md:
            return self.name + "".join("[%s]" % p for p in parts)
        e = parts[0]
        for d, p in zip(self.shape[1:], parts[1:]):
            e = "(%s) * %d + %s" % (e, d, p)
        return "%s[%s]" % (self.name, e)

    def sect(self):
        if not self.md:
            return "%s[0:%d]" % (self.name, self.size())
        if self.full_sect:
            return self.name + "".join("[0:%d]" % d for d in self.shape)
        return "%s[0:%d]" % (self.name, self.shape[0])

    def decl(self):
        dims = "".join("[%d]" % d for d in self.shape[1:])
        if not self.heap:
            full = "".join("[%d]" % d for d in self.shape) if self.md \
                else "[%d]" % self.size()
            return "static %s %s%s;" % (self.ctype, self.name, full)
        if self.md:
            return "  %s (*%s)%s = malloc(%d * sizeof(%s));" % (
                self.ctype, self.name, dims, self.size(), self.ctype)
        return "  %s *%s = malloc(%d * sizeof(%s));" % (
            self.ctype, self.name, self.size(), self.ctype)


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.arrays = []
        self.scalars = []   # (name, ctype) printed at the end
        self.body = []      # lines of main
        self.funcs = []     # functions before main
        self.ntmp = 0
        self.structs = []
        self.need_openacc = False
        r = self.r
        self.shapes = [
            (r.choice([1, 7, 33, 100, 128, 129, 255, 300, 1000, 4099]),),
            (r.choice([1, 3, 8, 17, 32, 40]), r.choice([1, 5, 16, 31, 64])),
            (r.choice([1, 2, 5, 9]), r.choice([3, 4, 7]), r.choice([2, 8, 11]))]

    # ---------- helpers ----------
    def tmp(self, prefix):
        self.ntmp += 1
        return "%s%d" % (prefix, self.ntmp)

    def emit(self, line, ind=1):
        self.body.append("  " * ind + line)

    def new_array(self, shape, ctype=None):
        r = self.r
        a = Arr("a%d" % len(self.arrays), ctype or r.choice(TYPES), shape,
                r.random() < 0.5, len(shape) > 1 and r.random() < 0.5,
                r.random() < 0.5)
        self.arrays.append(a)
        return a

    def arrays_of(self, shape, want, exclude=()):
        """WANT distinct arrays of SHAPE not in EXCLUDE, made if needed."""
        have = [a for a in self.arrays if a.shape == shape and a not in exclude]
        self.r.shuffle(have)
        while len(have) < want:
            have.append(self.new_array(shape))
        return have[:want]

    @staticmethod
    def wrap(ctype, e):
        if ctype in FLOATS:
            f = "fmodf" if ctype == "float" else "fmod"
            return "(%s)%s((%s)(%s), 1000)" % (ctype, f, ctype, e)
        if ctype in UNSIGNED:
            return "(%s)((%s) %% 1000u)" % (ctype, e)
        return "(%s)((%s) %% 1000)" % (ctype, e)

    @staticmethod
    def conv(a, ref, ctype):
        """REF (an element of A) as CTYPE with no undefined conversion (a
        negative floating value to unsigned goes through long)."""
        via = "(long)" if a.ctype in FLOATS and ctype not in FLOATS else ""
        return "(%s)%s%s" % (ctype, via, ref)

    @staticmethod
    def store(ctype, e):
        """E (a long or double expression below 1000 in magnitude) as a
        value for a CTYPE element; unsigned ones stay below 1000."""
        if ctype in UNSIGNED:
            return "(%s)(((long)(%s) %% 1000 + 1000) %% 1000)" % (ctype, e)
        return "(%s)(%s)" % (ctype, e)

    def parts(self, shape, ivs):
        """Indices into SHAPE from loop variables IVS, some shifted or
        mirrored (in bounds)."""
        out = []
        for d, iv in zip(shape, ivs):
            c = self.r.random()
            if c < 0.6 or d == 1:
                out.append(iv)
            elif c < 0.8:
                out.append("(%s + %d) %% %d" % (iv, self.r.randint(1, 5), d))
            else:
                out.append("%d - 1 - %s" % (d, iv))
        return out

    # ---------- expressions ----------
    def term(self, ins, shape, ivs, ctype):
        r, c = self.r, self.r.random()
        if c < 0.55 and ins:
            a = r.choice(ins)
            return self.conv(a, a.ref(self.parts(shape, ivs)), ctype)
        if c < 0.75:
            return "(%s)(%s %% 64)" % (ctype, r.choice(ivs))
        return "(%s)%d" % (ctype, r.randint(0, 9))

    def call(self, ins, shape, ivs, ctype, depth):
        """A library call, division, shift or conditional of CTYPE."""
        r = self.r
        x = self.expr(ins, shape, ivs, ctype, depth - 1)
        y = self.expr(ins, shape, ivs, ctype, depth - 1)
        if ctype in FLOATS:
            f = "f" if ctype == "float" else ""
            return r.choice(["fmax%s(%s, %s)" % (f, x, y),
                             "fmin%s(%s, %s)" % (f, x, y),
                             "fabs%s(%s)" % (f, x),
                             "floor%s((%s) / 3)" % (f, x)])
        forms = ["(%s) / %d" % (x, r.randint(2, 7)),
                 "(%s) %% %d" % (x, r.randint(2, 7)),
                 "(%s > %s ? %s : (%s)%d)" % (x, y, x, ctype, r.randint(0, 9))]
        if ctype in UNSIGNED:
            forms.append(self.wrap(ctype, "(%s) << 2" % x))
        else:
            absf = {"long": "labs", "long long": "llabs"}.get(ctype, "abs")
            forms.append("(%s)%s(%s)" % (ctype, absf, x))
        return r.choice(forms)

    def expr(self, ins, shape, ivs, ctype, depth=2):
        if depth == 0 or self.r.random() < 0.3:
            return self.term(ins, shape, ivs, ctype)
        if self.r.random() < 0.2:
            return self.call(ins, shape, ivs, ctype, depth)
        op = self.r.choice(["+", "-", "*", "+"])
        if op == "-" and ctype == "unsigned":
            op = "+"
        e = "(%s %s %s)" % (self.expr(ins, shape, ivs, ctype, depth - 1), op,
                            self.expr(ins, shape, ivs, ctype, depth - 1))
        # Floats wrap every operation: values stay below 2^24, exact in
        # any order and with or without contraction into fma.
        return self.wrap(ctype, e) if op == "*" or ctype in FLOATS else e

    # ---------- clauses ----------
    def levels(self, nloops):
        """Level clauses for NLOOPS nested loops, outer to inner: each of
        gang, worker, vector on one loop or none, strictly nested; loops
        inside the last partitioned one may be seq, the others auto."""
        r, at, lo = self.r, {}, 0
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
        """Levels for a nest whose body is not idempotent (atomics,
        updates in place, reductions): a gang loop, or an outer loop the
        compiler may give gang, so that no gang runs it redundantly."""
        while True:
            lv = self.levels(nloops)
            if lv[0] == "" or any("gang" in x for x in lv):
                return lv

    def launch_clauses(self):
        r, cl = self.r, []
        if r.random() < 0.3:
            cl.append("num_gangs(%s)" % r.choice(["1", "3", "17", "64",
                                                 "n0 / 8192", "200"]))
        if r.random() < 0.3:
            cl.append("num_workers(%d)" % r.choice([1, 2, 3, 4, 8]))
        if r.random() < 0.3:
            cl.append("vector_length(%d)" % r.choice([1, 32, 33, 64, 100, 128]))
        return " ".join(cl)

    def data_clauses(self, ins, outs):
        """copyin for inputs, copy for outputs; static arrays sometimes
        left to the implicit rules."""
        cl = []
        for kind, arrs in (("copyin", ins), ("copy", outs)):
            for a in arrs:
                if a.heap or self.r.random() < 0.5:
                    cl.append("%s(%s)" % (kind, a.sect()))
        return " ".join(cl)

    # ---------- loops ----------
    def loop_head(self, iv, d):
        """A for statement over D iterations (every index in 0..D-1 that
        it visits is in bounds), in one of several forms."""
        r = self.r
        t = r.choice(["int", "int", "long"])
        c = r.random()
        if c < 0.5 or d < 3:
            return "for (%s %s = 0; %s < %d; %s++)" % (t, iv, iv, d, iv)
        if c < 0.7:
            return "for (%s %s = %d - 1; %s >= 0; %s--)" % (t, iv, d, iv, iv)
        if c < 0.85:
            return "for (%s %s = 0; %s <= %d - 1; ++%s)" % (t, iv, iv, d, iv)
        return "for (%s %s = %d; %s < %d; %s += %d)" % (
            t, iv, r.randint(0, 2), iv, d, iv, r.randint(2, 3))

    def loop_nest(self, shape, levels, body_fn, collapse=False, tile=False,
                  extra=""):
        """Emits loops over SHAPE with LEVELS (the outer loop's clause is
        returned, for the construct); EXTRA goes on every inner loop
        directive; BODY_FN(ivs, ind) emits the innermost body."""
        ivs = [self.tmp("i") for _ in shape]
        n, outer = len(shape), ""
        for k, d in enumerate(shape):
            clause = levels[k] if k < len(levels) else ""
            if k == 0 and collapse and n > 1:
                clause += " collapse(%d)" % n
            if k == 0 and tile and n == 2:
                clause = "tile(%d, %d)" % (self.r.choice([2, 4, 32]),
                                          self.r.choice([2, 3, 8]))
            if k == 0:
                outer = clause
            elif not (collapse or tile):
                self.emit("#pragma acc loop %s %s" % (clause, extra), 1 + k)
            self.emit(self.loop_head(ivs[k], d) + " {", 1 + k)
        body_fn(ivs, 1 + n)
        for k in reversed(range(n)):
            self.emit("}", 1 + k)
        return outer

    # ---------- regions ----------
    def rich_body(self, ins, shape, ivs, out, inplace, ind):
        """The body of a map nest: a local value built through locals,
        control flow and a nested block, stored in OUT."""
        r, t = self.r, out.ctype
        v = self.tmp("v")
        self.emit("%s%s %s = %s;" % ("const " if r.random() < 0.2 else "", t, v,
                                    self.expr(ins, shape, ivs, t)), ind)
        w = self.tmp("w")
        self.emit("%s %s = %s;" % (t, w, v), ind)
        if r.random() < 0.4:
            self.emit("if ((long)%s %% 3 == 0) %s = %s; else %s = %s;" % (
                w, w, self.expr(ins, shape, ivs, t, 1), w,
                self.wrap(t, "%s + (%s)%d" % (w, t, r.randint(1, 9)))), ind)
        if r.random() < 0.3:
            arr = self.tmp("t")
            self.emit("%s %s[3] = {%s, %s, (%s)%d};" % (
                t, arr, w, self.expr(ins, shape, ivs, t, 1), t, r.randint(0, 9)), ind)
            self.emit("%s = %s[%s %% 3];" % (w, arr, ivs[0]), ind)
        if r.random() < 0.3:
            self.emit("switch (%s %% 3) {" % ivs[-1], ind)
            self.emit("case 0: %s = %s; break;" % (w, self.wrap(t, "%s * (%s)2" % (w, t))), ind + 1)
            self.emit("case 1: %s = %s; break;" % (w, self.wrap(t, "%s + (%s)%s" % (w, t, v))), ind + 1)
            self.emit("default: break;", ind + 1)
            self.emit("}", ind)
        if r.random() < 0.3:
            q = self.tmp("q")
            self.emit("{", ind)
            self.emit("const int %s = %d;" % (q, r.randint(1, 4)), ind + 1)
            self.emit("int %s = 0;" % v, ind + 1)   # shadows the outer v
            self.emit("while (%s < %s) { %s = %s; %s++; }" % (
                v, q, w, self.wrap(t, "%s + (%s)%s" % (w, t, v)), v), ind + 1)
            self.emit("}", ind)
        ref = out.ref(ivs)
        e = "%s + %s" % (w, ref) if inplace else w
        self.emit("%s = %s;" % (ref, self.wrap(t, e)), ind)

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
        outer = self.loop_nest(shape, levels, lambda ivs, ind: self.rich_body(
            ins, shape, ivs, out, inplace, ind), collapse, tile)
        dc = self.data_clauses(ins, [out])
        if kernels:
            self.body[start:start] = [
                "  #pragma acc kernels %s" % dc,
                "  #pragma acc loop %s" % (outer if outer.strip() else "independent")]
        else:
            self.body.insert(start, "  #pragma acc parallel loop %s %s %s" % (
                outer, self.launch_clauses(), dc))

    def scalar(self, ctype, init):
        name = self.tmp("s")
        self.emit("%s %s = %s;" % (ctype, name, init))
        self.scalars.append((name, ctype))
        return name

    def red_ops(self, ctype, small):
        ops = ["+", "+", "max", "min"] + (["*"] if small else [])
        if ctype not in FLOATS:
            ops += ["&", "|", "^", "&&", "||"]
        return ops

    @staticmethod
    def red_update(op, s, v):
        if op in ("max", "min"):
            cmp = ">" if op == "max" else "<"
            return "%s = (%s %s %s) ? %s : %s;" % (s, v, cmp, s, v, s)
        if op in ("&&", "||"):
            return "%s = %s %s (%s);" % (s, s, op, v)
        return "%s %s= %s;" % (s, op, v)

    def red_value(self, op, a, ref, ctype):
        whole = "(long)" + ref
        if op == "*":
            return "((%s) %% 5 == 1 ? (%s)2 : (%s)1)" % (whole, ctype, ctype)
        if op in ("&", "|", "^"):
            return "(%s)((%s) & 1023)" % (ctype, whole)
        if op in ("&&", "||"):
            return "(%s %% 7 != %d)" % (whole, 0 if op == "&&" else 3)
        return self.conv(a, ref, ctype)

    def region_scalarred(self):
        r = self.r
        shape = r.choice(self.shapes)
        size = 1
        for d in shape:
            size *= d
        a = self.arrays_of(shape, 1)[0]
        reds = []
        for _ in range(r.choice([1, 1, 2])):
            ctype = r.choice(RED_TYPES)
            op = r.choice(self.red_ops(ctype, size <= 30))
            init = {"*": "1", "&": "~0", "&&": "1", "max": "-5",
                    "min": "5000"}.get(op, "3")
            reds.append((op, self.scalar(ctype, init), ctype))
        rclause = " ".join("reduction(%s:%s)" % (op, s) for op, s, _ in reds)
        collapse = len(shape) > 1 and r.random() < 0.4

        def body(ivs, ind):
            ref = a.ref(ivs)
            for op, s, ctype in reds:
                self.emit(self.red_update(op, s, self.red_value(op, a, ref, ctype)), ind)
        start = len(self.body)
        outer = self.loop_nest(shape, self.shared_levels(len(shape)), body,
                               collapse, extra=rclause)
        dc = "copyin(%s)" % a.sect() if a.heap else ""
        self.body.insert(start, "  #pragma acc parallel loop %s %s %s %s" % (
            outer, rclause, self.launch_clauses(), dc))

    def region_rowred(self):
        r = self.r
        rows, cols = self.shapes[1]
        out = self.new_array((rows,))
        a = self.arrays_of(self.shapes[1], 1)[0]
        ctype = "double" if out.ctype in FLOATS else "long"
        outside = r.random() < 0.5
        i, k, s = self.tmp("i"), self.tmp("k"), self.tmp("sum")
        if outside:
            self.emit("%s %s = 0;" % (ctype, s))
        self.emit("#pragma acc parallel loop gang %s copyin(%s) copyout(%s)" % (
            self.launch_clauses(), a.sect(), out.sect()))
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (i, i, rows, i))
        self.emit("%s%s = %d;" % ("" if outside else ctype + " ", s, r.randint(0, 3)), 2)
        self.emit("#pragma acc loop %s reduction(+:%s)" % (
            r.choice(["vector", "worker", "worker vector", "seq", ""]), s), 2)
        self.emit("for (int %s = 0; %s < %d; %s++)" % (k, k, cols, k), 2)
        self.emit("%s += (%s)%s;" % (s, ctype, a.ref([i, k])), 3)
        self.emit("%s = %s;" % (out.ref([i]), self.store(out.ctype, self.wrap(ctype, s))), 2)
        self.emit("}")

    def region_seqinner(self):
        r = self.r
        n, m = self.shapes[0][0], self.shapes[1][0]
        out = self.arrays_of((n,), 1)[0]
        src = self.arrays_of((m,), 1, exclude=[out])[0]
        i, k, t = self.tmp("i"), self.tmp("k"), self.tmp("t")
        self.emit("#pragma acc parallel loop %s %s copyin(%s) copy(%s)" % (
            r.choice(["gang", "gang vector", "vector", ""]),
            self.launch_clauses(), src.sect(), out.sect()))
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (i, i, n, i))
        self.emit("long %s = %s;" % (t, i), 2)
        self.emit("#pragma acc loop seq", 2)
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (k, k, m, k), 2)
        self.emit("if ((long)%s %% 11 == 5) continue;" % src.ref([k]), 3)
        self.emit("%s = (%s * 3 + (long)%s + %s) %% 1000;" % (t, t, src.ref([k]), i), 3)
        self.emit("}", 2)
        self.emit("%s = %s;" % (out.ref([i]), self.store(out.ctype, t)), 2)
        self.emit("}")

    def region_atomic(self):
        r = self.r
        n = self.shapes[0][0]
        a = self.arrays_of(self.shapes[0], 1)[0]
        bins = r.choice([1, 4, 16, 100])
        h = self.new_array((bins,), r.choice(["int", "long", "double", "unsigned"]))
        key = "(unsigned long)((long)%s + 1000) %% %d" % (a.ref(["i"]), bins)
        capture = h.ctype != "double" and r.random() < 0.4
        s = self.scalar("long", "0") if capture else None
        self.emit("#pragma acc parallel loop %s %s copyin(%s) copy(%s) %s" % (
            r.choice(["gang", "gang vector", "gang worker", ""]),
            self.launch_clauses(), a.sect(), h.sect(),
            "reduction(+:%s)" % s if capture else ""))
        self.emit("for (int i = 0; i < %d; i++) {" % n)
        if capture:
            # The values captured differ by schedule, their sum does not:
            # each bin's counts 0, 1, 2, ...
            self.emit("long old;", 2)
            self.emit("#pragma acc atomic capture", 2)
            self.emit("{ old = %s[%s]; %s[%s] += 1; }" % (h.name, key, h.name, key), 2)
            self.emit("%s += old;" % s, 2)
        else:
            self.emit("#pragma acc atomic update", 2)
            self.emit("%s[%s] += (%s)(i %% 5 + 1);" % (h.name, key, h.ctype), 2)
        self.emit("}")

    def region_private(self):
        r = self.r
        n = self.shapes[0][0]
        out = self.arrays_of(self.shapes[0], 1)[0]
        a = self.arrays_of(self.shapes[0], 1, exclude=[out])[0]
        t, p, c = self.tmp("t"), self.tmp("p"), self.tmp("c")
        self.emit("{")
        self.emit("long %s; long %s[4];" % (t, p), 2)
        self.emit("long %s = %d;" % (c, r.randint(1, 9)), 2)
        self.emit("#pragma acc parallel loop %s private(%s, %s) firstprivate(%s) copyin(%s) copy(%s)" % (
            r.choice(["gang", "gang vector", "vector", "gang worker", ""]), t, p,
            c, a.sect(), out.sect()), 2)
        self.emit("for (int i = 0; i < %d; i++) {" % n, 2)
        self.emit("%s = (long)%s + %s;" % (t, a.ref(["i"]), c), 3)
        self.emit("for (int q = 0; q < 4; q++) %s[q] = %s * (q + 1);" % (p, t), 3)
        self.emit("%s = %s;" % (out.ref(["i"]), self.store(
            out.ctype, "(%s[0] + %s[3] - %s[1]) %% 1000" % (p, p, p))), 3)
        self.emit("}", 2)
        self.emit("}")

    def region_dataregion(self):
        r = self.r
        n = self.shapes[0][0]
        a, b, c = self.arrays_of(self.shapes[0], 3)
        A, B, C = (x.ref(["i"]) for x in (a, b, c))
        self.emit("#pragma acc data copyin(%s) copy(%s) create(%s)" % (
            a.sect(), b.sect(), c.sect()))
        self.emit("{")
        self.emit("#pragma acc parallel loop %s present(%s, %s)" % (
            r.choice(["gang", "gang vector", ""]), a.sect(), c.sect()), 2)
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, C, self.wrap(c.ctype, "%s * 2 + 1" % self.conv(a, A, c.ctype))), 2)
        lo = r.randint(0, n - 1)
        ln = r.randint(1, n - lo)
        self.emit("#pragma acc update self(%s[%d:%d])" % (c.name, lo, ln), 2)
        self.emit("for (int i = %d; i < %d; i++) %s = %s;" % (
            lo, lo + ln, A, self.wrap(a.ctype, "%s + 7" % self.conv(c, C, a.ctype))), 2)
        self.emit("#pragma acc update device(%s[%d:%d])" % (a.name, lo, ln), 2)
        self.emit("#pragma acc parallel loop %s default(present)" %
                  r.choice(["gang", "vector", ""]), 2)
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, B, self.wrap(b.ctype, " + ".join(
                self.conv(x, X, b.ctype) for x, X in ((a, A), (b, B), (c, C))))), 2)
        self.emit("#pragma acc update self(%s)" % c.sect(), 2)
        self.emit("}")

    def region_unstructured(self):
        """enter data, a function whose loop finds its arrays present
        through pointer parameters, exit data."""
        r = self.r
        n = self.shapes[0][0]
        x, y = self.arrays_of(self.shapes[0], 2)
        f = self.tmp("kf")
        t = y.ctype
        self.funcs += [
            "static void %s(int n, const %s *restrict x, %s *restrict y)" % (f, x.ctype, t),
            "{",
            "#pragma acc parallel loop %s present(x[0:n], y[0:n])" %
            r.choice(["gang", "gang vector", "", "worker"]),
            "  for (int i = 0; i < n; i++)",
            "    y[i] = %s;" % self.wrap(t, "%s * 2 + (%s)(i %% 7)" % (
                self.conv(x, "x[i]", t), t)),
            "}", ""]
        self.emit("#pragma acc enter data copyin(%s) create(%s)" % (
            x.sect(), y.sect()))
        self.emit("%s(%d, %s, %s);" % (f, n, x.name, y.name))
        self.emit("#pragma acc exit data copyout(%s) delete(%s)" % (
            y.sect(), x.sect()))

    def region_async(self):
        r = self.r
        n = self.shapes[0][0]
        a, b, c, d = self.arrays_of(self.shapes[0], 4)
        q1, q2 = r.sample([1, 2, 3, 7], 2)
        A, B, C, D = (x.ref(["i"]) for x in (a, b, c, d))
        self.emit("#pragma acc parallel loop async(%d) copyin(%s) copy(%s)" % (q1, a.sect(), b.sect()))
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, B, self.wrap(b.ctype, "%s * 3 + (%s)i" % (self.conv(a, A, b.ctype), b.ctype))))
        self.emit("#pragma acc parallel loop async(%d) copyin(%s) copy(%s)" % (q2, c.sect(), d.sect()))
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, D, self.wrap(d.ctype, "%s + %s" % (self.conv(c, C, d.ctype),
                                                  self.conv(d, D, d.ctype)))))
        self.emit(r.choice(["#pragma acc wait", "#pragma acc wait(%d, %d)" % (q1, q2)]))

    def region_routine(self):
        r = self.r
        n = self.shapes[0][0]
        out = self.arrays_of(self.shapes[0], 1)[0]
        a = self.arrays_of(self.shapes[0], 1, exclude=[out])[0]
        f = self.tmp("f")
        self.funcs += ["#pragma acc routine seq",
                       "static long %s(long x, int k)" % f, "{",
                       "  long t = 1;",
                       "  for (int q = 0; q < k % 5; q++) t = (t * x + q) % 997;",
                       "  return t;", "}", ""]
        self.emit("#pragma acc parallel loop %s copyin(%s) copy(%s)" % (
            r.choice(["gang", "gang vector", "vector", ""]), a.sect(), out.sect()))
        self.emit("for (int i = 0; i < %d; i++)" % n)
        self.emit("%s = %s;" % (out.ref(["i"]), self.store(
            out.ctype, "%s((long)%s, i)" % (f, a.ref(["i"])))), 2)

    def region_kernelsauto(self):
        """kernels with plain loops: an independent one and a running sum
        (a true dependence: it must stay sequential)."""
        n = self.shapes[0][0]
        a, b, c = self.arrays_of(self.shapes[0], 3)
        A, B, C = (x.ref(["i"]) for x in (a, b, c))
        self.emit("#pragma acc kernels copyin(%s) copy(%s, %s)" % (
            a.sect(), b.sect(), c.sect()))
        self.emit("{")
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, B, self.wrap(b.ctype, "%s + (%s)1" % (self.conv(a, A, b.ctype), b.ctype))), 2)
        self.emit("for (int i = 1; i < %d; i++) %s = %s;" % (
            n, C, self.wrap(c.ctype, "%s + %s" % (
                self.conv(c, c.ref(["i - 1"]), c.ctype), self.conv(b, B, c.ctype)))), 2)
        self.emit("}")

    def region_ifclause(self):
        n = self.shapes[0][0]
        out = self.arrays_of(self.shapes[0], 1)[0]
        a = self.arrays_of(self.shapes[0], 1, exclude=[out])[0]
        self.emit("#pragma acc parallel loop if(n0 < %d) copyin(%s) copy(%s)" % (
            self.r.choice([0, 5000]), a.sect(), out.sect()))
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, out.ref(["i"]), self.wrap(out.ctype, "%s + (%s)3" % (
                self.conv(a, a.ref(["i"]), out.ctype), out.ctype))))

    def region_multiloop(self):
        """A parallel region (not combined) holding independent gang loops
        on different arrays, and a gang reduction whose clause is on the
        loop only (its value is read on the host afterwards)."""
        r = self.r
        n = self.shapes[0][0]
        a, b, c, d = self.arrays_of(self.shapes[0], 4)
        s = self.scalar("long", str(r.randint(0, 5)))
        self.emit("#pragma acc parallel %s copyin(%s, %s) copy(%s, %s)" % (
            self.launch_clauses(), a.sect(), c.sect(), b.sect(), d.sect()))
        self.emit("{")
        for src, dst in ((a, b), (c, d)):
            self.emit("#pragma acc loop %s" % r.choice(["gang", "gang vector", "gang worker"]), 2)
            self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
                n, dst.ref(["i"]), self.wrap(dst.ctype, "%s + (%s)(i %% 9)" % (
                    self.conv(src, src.ref(["i"]), dst.ctype), dst.ctype))), 2)
        self.emit("#pragma acc loop %s reduction(+:%s)" % (
            r.choice(["gang", "gang vector", "gang worker vector"]), s), 2)
        self.emit("for (int i = 0; i < %d; i++) %s += (long)%s;" % (n, s, a.ref(["i"])), 2)
        self.emit("}")

    def region_twophase(self):
        """In each gang iteration, a vector loop fills a row that a second
        vector loop reads at other positions: the second must see all of
        the first (implementations synchronize a gang between loops)."""
        r = self.r
        rows, cols = self.shapes[1]
        a, t, out = self.arrays_of(self.shapes[1], 3)
        lv = r.choice(["vector", "worker", "worker vector"])
        self.emit("#pragma acc parallel loop gang %s copyin(%s) copyout(%s) copy(%s)" % (
            self.launch_clauses(), a.sect(), t.sect(), out.sect()))
        self.emit("for (int i = 0; i < %d; i++) {" % rows)
        self.emit("#pragma acc loop %s" % lv, 2)
        self.emit("for (int j = 0; j < %d; j++) %s = %s;" % (
            cols, t.ref(["i", "j"]), self.wrap(t.ctype, "%s * 2 + (%s)1" % (
                self.conv(a, a.ref(["i", "j"]), t.ctype), t.ctype))), 2)
        self.emit("#pragma acc loop %s" % lv, 2)
        self.emit("for (int j = 0; j < %d; j++) %s = %s;" % (
            cols, out.ref(["i", "j"]), self.wrap(out.ctype, "%s + %s" % (
                self.conv(t, t.ref(["i", "(j + 1) %% %d" % cols]), out.ctype),
                self.conv(t, t.ref(["i", "%d - 1 - j" % cols]), out.ctype)))), 2)
        self.emit("}")

    def region_kernelsred(self):
        """kernels with a plain loop that sums into a scalar (a reduction
        the compiler must find, or run the loop on one thread)."""
        n = self.shapes[0][0]
        a = self.arrays_of(self.shapes[0], 1)[0]
        ctype = self.r.choice(["long", "double", "int"])
        s = self.scalar(ctype, "1")
        m = self.scalar(ctype, "-100")
        self.emit("#pragma acc kernels copyin(%s)" % a.sect())
        self.emit("for (int i = 0; i < %d; i++) {" % n)
        self.emit("%s += (%s)%s;" % (s, ctype, self.conv(a, a.ref(["i"]), "long")), 2)
        self.emit("if ((%s)%s > %s) %s = (%s)%s;" % (
            ctype, self.conv(a, a.ref(["i"]), "long"), m, m, ctype,
            self.conv(a, a.ref(["i"]), "long")), 2)
        self.emit("}")

    def region_api(self):
        """The runtime API: acc_copyin / acc_create / acc_copyout around
        a construct that finds the data present, and acc_malloc'd memory
        used through deviceptr."""
        n = self.shapes[0][0]
        a, b = self.arrays_of(self.shapes[0], 2)
        self.need_openacc = True
        tb = b.ctype
        self.emit("{")
        self.emit("acc_copyin(%s, %d * sizeof(%s));" % (self.base(a), n, a.ctype), 2)
        self.emit("acc_create(%s, %d * sizeof(%s));" % (self.base(b), n, tb), 2)
        self.emit("long *dtmp = acc_malloc(%d * sizeof(long));" % n, 2)
        self.emit("#pragma acc parallel loop deviceptr(dtmp) present(%s)" % a.sect(), 2)
        self.emit("for (int i = 0; i < %d; i++) dtmp[i] = (long)%s * 3;" % (n, a.ref(["i"])), 2)
        self.emit("#pragma acc parallel loop deviceptr(dtmp) present(%s)" % b.sect(), 2)
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, b.ref(["i"]), self.store(tb, "(dtmp[%d - 1 - i] + i) %% 1000" % n)), 2)
        self.emit("acc_free(dtmp);", 2)
        self.emit("acc_copyout(%s, %d * sizeof(%s));" % (self.base(b), n, tb), 2)
        self.emit("acc_delete(%s, %d * sizeof(%s));" % (self.base(a), n, a.ctype), 2)
        self.emit("}")

    @staticmethod
    def base(a):
        return a.name if not a.md else "&" + a.name + "[0]" * len(a.shape)

    def region_asyncdata(self):
        """A pipeline on one queue: enter data, two dependent constructs,
        exit data, all async, then wait."""
        n = self.shapes[0][0]
        a, b = self.arrays_of(self.shapes[0], 2)
        q = self.r.choice([0, 1, 5])
        self.emit("#pragma acc enter data copyin(%s, %s) async(%d)" % (a.sect(), b.sect(), q))
        self.emit("#pragma acc parallel loop present(%s) async(%d)" % (a.sect(), q))
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, a.ref(["i"]), self.wrap(a.ctype, "%s + (%s)5" % (a.ref(["i"]), a.ctype))))
        self.emit("#pragma acc parallel loop present(%s, %s) async(%d)" % (a.sect(), b.sect(), q))
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, b.ref(["i"]), self.wrap(b.ctype, "%s + %s" % (
                self.conv(a, a.ref(["%d - 1 - i" % n]), b.ctype), self.conv(b, b.ref(["i"]), b.ctype)))))
        self.emit("#pragma acc exit data copyout(%s, %s) async(%d)" % (a.sect(), b.sect(), q))
        self.emit("#pragma acc wait(%d)" % q)

    def region_structs(self):
        """An array of structs (AoS) and a struct holding a pointer,
        mapped through a member section."""
        n = self.shapes[0][0]
        st = self.tmp("S")
        v = self.tmp("aos")
        h = self.tmp("hold")
        self.structs += ["struct %s { double x; int k; long pad[2]; };" % st]
        s = self.scalar("unsigned long", "0")
        self.emit("{")
        self.emit("struct %s *%s = malloc(%d * sizeof(struct %s));" % (st, v, n, st), 2)
        self.emit("struct { int n; long *p; } %s = { %d, malloc(%d * sizeof(long)) };" % (h, n, n), 2)
        self.emit("for (int i = 0; i < %d; i++) { %s[i].x = i %% 13; %s[i].k = i %% 5; %s.p[i] = 0; }" % (n, v, v, h), 2)
        self.emit("#pragma acc parallel loop copy(%s[0:%d]) copyin(%s) copy(%s.p[0:%s.n])" % (v, n, h, h, h), 2)
        self.emit("for (int i = 0; i < %s.n; i++) {" % h, 2)
        self.emit("%s[i].x = fmod(%s[i].x * 3 + %s[i].k, 1000);" % (v, v, v), 3)
        self.emit("%s.p[i] = (long)%s[i].x + %s[i].k;" % (h, v, v), 3)
        self.emit("}", 2)
        self.emit("for (int i = 0; i < %d; i++) %s = %s * 31 + (unsigned long)(%s[i].x + %s.p[i]);" % (n, s, s, v, h), 2)
        self.emit("free(%s); free(%s.p);" % (v, h), 2)
        self.emit("}")

    def region_gangprivate(self):
        """A gang-private row (private on the gang loop) that one vector
        loop fills and the next reads at other positions."""
        r = self.r
        rows, cols = self.shapes[1]
        a, out = self.arrays_of(self.shapes[1], 2)
        tmp = self.tmp("row")
        lv = r.choice(["vector", "worker", "worker vector"])
        self.emit("{")
        self.emit("double %s[%d];" % (tmp, cols), 2)
        self.emit("#pragma acc parallel loop gang private(%s) %s copyin(%s) copy(%s)" % (
            tmp, self.launch_clauses(), a.sect(), out.sect()), 2)
        self.emit("for (int i = 0; i < %d; i++) {" % rows, 2)
        self.emit("#pragma acc loop %s" % lv, 3)
        self.emit("for (int j = 0; j < %d; j++) %s[j] = (double)%s * 2 + i;" % (
            cols, tmp, self.conv(a, a.ref(["i", "j"]), "long")), 3)
        self.emit("#pragma acc loop %s" % lv, 3)
        self.emit("for (int j = 0; j < %d; j++) %s = %s;" % (
            cols, out.ref(["i", "j"]), self.store(out.ctype, "fmod(%s[(j + 1) %% %d] - %s[%d - 1 - j], 1000)" % (
                tmp, cols, tmp, cols))), 3)
        self.emit("}", 2)
        self.emit("}")

    def region_arrayred(self):
        """A histogram as a reduction on an array section (OpenACC 2.7)."""
        r = self.r
        n = self.shapes[0][0]
        a = self.arrays_of(self.shapes[0], 1)[0]
        bins = r.choice([1, 3, 8, 32])
        h = self.new_array((bins,), r.choice(["int", "long", "double"]))
        key = "(unsigned long)((long)%s + 1000) %% %d" % (a.ref(["i"]), bins)
        self.emit("#pragma acc parallel loop %s reduction(+:%s[0:%d]) copyin(%s)" % (
            r.choice(["gang", "gang vector", ""]), h.name, bins, a.sect()))
        self.emit("for (int i = 0; i < %d; i++) %s[%s] += (%s)(i %% 3 + 1);" % (
            n, h.name, key, h.ctype))

    def region_serial(self):
        """A serial construct computing a running sum on the device."""
        n = self.shapes[0][0]
        a, b = self.arrays_of(self.shapes[0], 2)
        self.emit("#pragma acc serial copyin(%s) copy(%s)" % (a.sect(), b.sect()))
        self.emit("for (int i = 1; i < %d; i++) %s = %s;" % (
            n, b.ref(["i"]), self.wrap(b.ctype, "%s + %s" % (
                self.conv(b, b.ref(["i - 1"]), b.ctype), self.conv(a, a.ref(["i"]), b.ctype)))))

    def region_waitclause(self):
        """Two queues ordered by a wait clause: the second construct reads
        what the first wrote."""
        n = self.shapes[0][0]
        a, b, c = self.arrays_of(self.shapes[0], 3)
        q1, q2 = self.r.sample([1, 2, 4, 9], 2)
        self.emit("#pragma acc data copyin(%s) copy(%s, %s)" % (a.sect(), b.sect(), c.sect()))
        self.emit("{")
        self.emit("#pragma acc parallel loop async(%d)" % q1, 2)
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, b.ref(["i"]), self.wrap(b.ctype, "%s + (%s)2" % (
                self.conv(a, a.ref(["i"]), b.ctype), b.ctype))), 2)
        self.emit("#pragma acc parallel loop async(%d) wait(%d)" % (q2, q1), 2)
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, c.ref(["i"]), self.wrap(c.ctype, "%s * (%s)3" % (
                self.conv(b, b.ref(["%d - 1 - i" % n]), c.ctype), c.ctype))), 2)
        self.emit("#pragma acc update self(%s) async(%d)" % (c.sect(), q2), 2)
        self.emit("#pragma acc wait(%d)" % q2, 2)
        self.emit("}")

    def region_kernelsclauses(self):
        """PGI-style kernels loops with sizes, a cache directive, and
        default(none) with every variable named."""
        r = self.r
        n = self.shapes[0][0]
        a, b = self.arrays_of(self.shapes[0], 2)
        self.emit("#pragma acc kernels loop gang(%d) vector(%d) copyin(%s) copy(%s)" % (
            r.choice([1, 16, 64]), r.choice([32, 64, 128]), a.sect(), b.sect()))
        self.emit("for (int i = 0; i < %d; i++) {" % n)
        if a.heap or not a.md:
            self.emit("#pragma acc cache(%s[i:1])" % a.name, 2)
        self.emit("%s = %s;" % (b.ref(["i"]), self.wrap(b.ctype, "%s + (%s)4" % (
            self.conv(a, a.ref(["i"]), b.ctype), b.ctype))), 2)
        self.emit("}")
        c = self.arrays_of(self.shapes[0], 1, exclude=[a, b])[0]
        self.emit("#pragma acc parallel loop gang(static:%d) default(none) copyin(%s) copy(%s)" % (
            r.choice([1, 2, 4]), b.sect(), c.sect()))
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, c.ref(["i"]), self.wrap(c.ctype, "%s + (%s)1" % (
                self.conv(b, b.ref(["i"]), c.ctype), c.ctype))))

    REGIONS = [("map", 6), ("scalarred", 3), ("rowred", 2), ("seqinner", 1),
               ("atomic", 1), ("private", 1), ("dataregion", 1),
               ("unstructured", 1), ("async", 1), ("routine", 1),
               ("kernelsauto", 1), ("ifclause", 1), ("multiloop", 1),
               ("twophase", 1), ("kernelsred", 1), ("api", 1),
               ("asyncdata", 1), ("structs", 1), ("gangprivate", 1),
               ("arrayred", 1), ("serial", 1), ("waitclause", 1),
               ("kernelsclauses", 1)]

    def program(self):
        kinds = [k for k, w in self.REGIONS for _ in range(w)]
        for _ in range(self.r.randint(3, 8)):
            getattr(self, "region_" + self.r.choice(kinds))()
        return self.render()

    # ---------- output ----------
    @staticmethod
    def over(a, line_fn):
        """Loops over every element of A (nested for declared arrays)."""
        ivs = ["j%d" % k for k in range(len(a.shape))]
        if not a.md:
            ivs, shape = ["j0"], (a.size(),)
            ref = "%s[j0]" % a.name
        else:
            shape, ref = a.shape, a.ref(ivs)
        head = " ".join("for (int %s = 0; %s < %d; %s++)" % (iv, iv, d, iv)
                        for iv, d in zip(ivs, shape))
        flat = ivs[0]
        for d, iv in zip(shape[1:], ivs[1:]):
            flat = "(%s) * %d + %s" % (flat, d, iv)
        return "  %s %s" % (head, line_fn(ref, flat))

    def render(self):
        L = ["/* accfuzz seed %d (tests/accfuzz/gen.py) */" % self.seed,
             "#include <math.h>", "#include <stdio.h>", "#include <stdlib.h>",
             ""]
        if self.need_openacc:   # the serial build has the API from a stub
            L += ["#ifdef _OPENACC", "#include <openacc.h>", "#else",
                  "#include <string.h>",
                  "static void *acc_malloc(size_t n) { return malloc(n); }",
                  "static void acc_free(void *p) { free(p); }",
                  "static void acc_copyin(void *p, size_t n) { (void)p; (void)n; }",
                  "#define acc_create acc_copyin",
                  "#define acc_copyout acc_copyin",
                  "#define acc_delete acc_copyin", "#endif", ""]
        L += ["int n0 = %d;" % self.shapes[0][0], ""] + self.structs + [""]
        L += [a.decl() for a in self.arrays if not a.heap]
        L += ["", "static unsigned long hash_add(unsigned long h, long v)",
              "{", "  return (h ^ (unsigned long)v) * 1099511628211ul;", "}", ""]
        L += self.funcs
        L += ["int main(void)", "{"]
        L += [a.decl() for a in self.arrays if a.heap]
        for k, a in enumerate(self.arrays):
            L.append(self.over(a, lambda ref, flat: "%s = (%s)((%s * %d + %d) %% 17) - (%s)%d;" % (
                ref, a.ctype, flat, 7 + 2 * k, k, a.ctype,
                0 if a.ctype in UNSIGNED else 8)))
        L += self.body
        L.append("  unsigned long h;")
        for a in self.arrays:
            L.append("  h = 14695981039346656037ul;")
            L.append(self.over(a, lambda ref, flat: "h = hash_add(h, (long)%s);" % ref))
            L.append('  printf("%s %%lx\\n", h);' % a.name)
        for s, t in self.scalars:
            L.append('  printf("%s %%ld\\n", (long)%s);' % (s, s))
        L += ["  return 0;", "}"]
        return "\n".join(L) + "\n"


if __name__ == "__main__":
    sys.stdout.write(Gen(int(sys.argv[1])).program())
