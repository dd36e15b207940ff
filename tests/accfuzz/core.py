"""The generator's machinery: arrays, expressions, clauses, loop nests and
the rendering of a program (tests/accfuzz/gen.py)."""
import random

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
        self.declared = None   # "create" or "copyin" for a declare'd global

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


class Core:
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
        have = [a for a in self.arrays if a.shape == shape and
                a not in exclude and not a.declared]
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
        """num_gangs, num_workers, vector_length: constants or run-time
        expressions (rt1 is a global 1), 1 among them."""
        r, cl = self.r, []
        if r.random() < 0.3:
            cl.append("num_gangs(%s)" % r.choice(["1", "3", "17", "64", "n0 / 8192",
                                                 "200", "rt1", "rt1 * 5", "n0 % 7 + 1"]))
        if r.random() < 0.3:
            cl.append("num_workers(%s)" % r.choice(["1", "2", "3", "4", "8", "rt1",
                                                   "rt1 + 1", "n0 % 3 + 1"]))
        if r.random() < 0.3:
            cl.append("vector_length(%s)" % r.choice(["1", "32", "33", "64", "100", "128",
                                                     "rt1", "rt1 * 32", "n0 % 5 + 1"]))
        return " ".join(cl)

    def data_clauses(self, ins, outs):
        """copyin for inputs, copy for outputs; static arrays sometimes
        left to the implicit rules.  Pointers always have a clause:
        accgpu infers no section through a subscript `(i + k) % d` or a
        plain loop over a char index (docs/compiler.md)."""
        cl = []
        for kind, arrs in (("copyin", ins), ("copy", outs)):
            for a in arrs:
                if a.heap or self.r.random() < 0.5:
                    cl.append("%s(%s)" % (kind, a.sect()))
        return " ".join(cl)

    def loop_head(self, iv, d, plain=False):
        """A for statement over D iterations and the index (0..D-1) of
        each, in one of several forms: index types from char to unsigned
        long long, offsets, negative steps, strides; `!=` only on a PLAIN
        loop (GCC refuses it under a loop directive)."""
        r = self.r
        t = r.choice(["int", "int", "long", "unsigned", "long long",
                      "unsigned long long"] + (["signed char", "char", "unsigned char"]
                                              if d < 110 else []))
        signed = not t.startswith("unsigned") and t != "char"
        idx = iv if t in ("int", "long") else "(int)%s" % iv
        c, k = r.random(), r.randint(1, 5)
        if c < 0.35 or d < 3:
            return "for (%s %s = 0; %s < %d; %s++)" % (t, iv, iv, d, iv), idx
        if c < 0.45 and plain:
            return "for (%s %s = 0; %s != %d; %s++)" % (t, iv, iv, d, iv), idx
        if c < 0.55:
            if signed:
                return "for (%s %s = %d - 1; %s >= 0; %s--)" % (t, iv, d, iv, iv), idx
            return "for (%s %s = %d; %s > 0; %s--)" % (t, iv, d, iv, iv), "(int)(%s - 1)" % iv
        if c < 0.65:
            return "for (%s %s = 0; %s <= %d - 1; ++%s)" % (t, iv, iv, d, iv), idx
        if c < 0.75:   # offset bounds, negative ones for signed types
            k = -k if signed and r.random() < 0.5 else k
            return "for (%s %s = %d; %s < %d; %s++)" % (t, iv, k, iv, d + k, iv), \
                "(int)(%s - %d)" % (iv, k) if k > 0 else "(int)(%s + %d)" % (iv, -k)
        if c < 0.85:   # offset and a negative step
            return "for (%s %s = %d; %s >= %d; %s -= 1)" % (t, iv, d + k - 1, iv, k, iv), \
                "(int)(%s - %d)" % (iv, k)
        return "for (%s %s = %d; %s < %d; %s += %d)" % (
            t, iv, r.randint(0, 2), iv, d, iv, r.randint(2, 3)), idx

    def loop_clause(self, k, levels, collapse, tile, n):
        """The directive clause of loop K of a nest of N."""
        r = self.r
        clause = levels[k] if k < len(levels) else ""
        if k == 0 and collapse and n > 1:
            clause += " collapse(%d)" % n
        if k == 0 and tile and n == 2:
            clause = "tile(%s, %s)" % (r.choice(["2", "4", "32", "*"]),
                                       r.choice(["2", "3", "8", "*"]))
        # Not auto on the outer loop: an auto loop may run sequentially
        # (as GCC's do), then gang-redundantly, and a reduction on the
        # construct would count every gang's run.
        if not clause.strip() and r.random() < 0.3:
            clause = r.choice(["auto", "independent"] if k else ["independent"])
        return clause

    def loop_nest(self, shape, levels, body_fn, collapse=False, tile=False,
                  extra=""):
        """Emits loops over SHAPE with LEVELS (the outer loop's clause is
        returned, for the construct); EXTRA goes on every inner loop
        directive; BODY_FN(idx, ind) emits the innermost body, IDX the
        index expression of each loop."""
        n, outer, idx = len(shape), "", []
        for k, d in enumerate(shape):
            clause = self.loop_clause(k, levels, collapse, tile, n)
            plain = False
            if k == 0:
                outer = clause
            elif not (collapse or tile):
                # A loop with no clause may go without a directive.
                plain = not (clause.strip() or extra) and self.r.random() < 0.5
                if not plain:
                    self.emit("#pragma acc loop %s %s" % (clause, extra), 1 + k)
            head, ix = self.loop_head(self.tmp("i"), d, plain)
            idx.append(ix)
            self.emit(head + " {", 1 + k)
        body_fn(idx, 1 + n)
        for k in reversed(range(n)):
            self.emit("}", 1 + k)
        return outer

    def scalar(self, ctype, init):
        name = self.tmp("s")
        self.emit("%s %s = %s;" % (ctype, name, init))
        self.scalars.append((name, ctype))
        return name

    @staticmethod
    def base(a):
        return a.name if not a.md else "&" + a.name + "[0]" * len(a.shape)

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
                  "#define acc_delete acc_copyin",
                  "#define acc_memcpy_device memmove",
                  "#define acc_memcpy_to_device memmove",
                  "#define acc_memcpy_from_device memmove",
                  "static int acc_async_test(int q) { (void)q; return 1; }",
                  "static void acc_wait_all(void) { }", "#endif", ""]
        L += ["int n0 = %d;" % self.shapes[0][0],
              "int rt1 = 1;   /* launch sizes only known at run time */", ""]
        L += self.structs + [""]
        for a in self.arrays:
            if not a.heap:
                L.append(a.decl())
            if a.declared:
                L.append("#pragma acc declare %s(%s)" % (a.declared, a.name))
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
