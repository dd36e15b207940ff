"""Compute regions: loop nests, private data, routines, atomics, serial and kernels shapes."""


class Compute:
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

    def region_serial(self):
        """A serial construct computing a running sum on the device."""
        n = self.shapes[0][0]
        a, b = self.arrays_of(self.shapes[0], 2)
        self.emit("#pragma acc serial copyin(%s) copy(%s)" % (a.sect(), b.sect()))
        self.emit("for (int i = 1; i < %d; i++) %s = %s;" % (
            n, b.ref(["i"]), self.wrap(b.ctype, "%s + %s" % (
                self.conv(b, b.ref(["i - 1"]), b.ctype), self.conv(a, a.ref(["i"]), b.ctype)))))

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
