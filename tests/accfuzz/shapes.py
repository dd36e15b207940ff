"""Compute regions of other shapes: kernels with several nests, bounds
read on the device, structs in private clauses, routine worker/vector,
default(none), self and if clauses."""


class Shapes:
    def region_kernelsnests(self):
        """A kernels region: two nests and scalar code between them (the
        scalar lives on the device, copied back at the end)."""
        r = self.r
        rows, cols = self.shapes[1]
        a, b, c = self.arrays_of(self.shapes[1], 3)
        s = self.scalar("long", "0")
        self.emit("#pragma acc kernels copyin(%s) copy(%s, %s)" % (a.sect(), b.sect(), c.sect()))
        self.emit("{")
        self.emit("for (int i = 0; i < %d; i++)" % rows, 2)
        self.emit("for (int j = 0; j < %d; j++) %s = %s;" % (cols, b.ref(["i", "j"]), self.wrap(
            b.ctype, "%s * (%s)2 + (%s)1" % (self.conv(a, a.ref(["i", "j"]), b.ctype),
                                         b.ctype, b.ctype))), 3)
        self.emit("%s = (long)%s + %d;" % (s, b.ref(["0", "%d - 1" % cols]), r.randint(0, 9)), 2)
        self.emit("long k = %s %% 5;" % s, 2)
        self.emit("for (int i = 0; i < %d; i++)" % rows, 2)
        self.emit("%sfor (int j = 0; j < %d; j++) %s = %s;" % (
            "#pragma acc loop independent\n    " if r.random() < 0.5 else "", cols,
            c.ref(["i", "j"]), self.wrap(c.ctype, "%s + (%s)k" % (
                self.conv(b, b.ref(["%d - 1 - i" % rows, "j"]), c.ctype), c.ctype))), 3)
        self.emit("%s += (long)%s;" % (s, c.ref(["%d - 1" % rows, "0"])), 2)
        self.emit("}")

    def region_devbounds(self):
        """Loop bounds that only the device knows: read from a device
        array in a serial region and in a parallel one."""
        r = self.r
        n = self.shapes[0][0]
        a, b = self.arrays_of(self.shapes[0], 2)
        lo = r.randint(0, n - 1)
        hi = r.randint(lo + 1, n)
        lim = self.tmp("lim")
        self.emit("{")
        self.emit("int %s[2] = {%d, %d};" % (lim, lo, hi), 2)
        self.emit("#pragma acc data copyin(%s, %s) copy(%s)" % (lim, a.sect(), b.sect()), 2)
        self.emit("{", 2)
        self.emit("#pragma acc serial", 3)
        self.emit("{", 3)
        self.emit("int lo = %s[0], hi = %s[1];" % (lim, lim), 4)
        self.emit("for (int i = lo; i < hi; i++) %s = %s;" % (b.ref(["i"]), self.wrap(
            b.ctype, "%s + (%s)(i %% 4)" % (self.conv(a, a.ref(["i"]), b.ctype), b.ctype))), 4)
        self.emit("}", 3)
        self.emit("#pragma acc parallel %s" % self.launch_clauses(), 3)
        self.emit("{", 3)
        # An update in place: a gang loop (a worker one alone would run
        # in every gang).
        self.emit("#pragma acc loop %s" % r.choice(["gang", "gang vector", "gang worker", ""]), 4)
        self.emit("for (int i = %s[0]; i < %s[1]; i++) %s = %s;" % (lim, lim, b.ref(["i"]), self.wrap(
            b.ctype, "%s * (%s)3" % (b.ref(["i"]), b.ctype))), 4)
        self.emit("}", 3)
        self.emit("}", 2)
        self.emit("}")

    def region_structpriv(self):
        """private of an array of structs, firstprivate of a struct."""
        r = self.r
        n = self.shapes[0][0]
        a, out = self.arrays_of(self.shapes[0], 2)
        st = self.tmp("P")
        self.structs.append("struct %s { long a; double b; int c[3]; };" % st)
        fp, pa = self.tmp("fp"), self.tmp("pa")
        self.emit("{")
        self.emit("struct %s %s = { %d, %d.0, { %d, %d, %d } };" % (
            (st, fp) + tuple(r.randint(0, 9) for _ in range(5))), 2)
        self.emit("struct %s %s[3];" % (st, pa), 2)
        self.emit("#pragma acc parallel loop %s private(%s) firstprivate(%s) %s copyin(%s) copy(%s)" % (
            r.choice(["gang", "gang vector", "vector", "gang worker", ""]), pa, fp,
            self.launch_clauses(), a.sect(), out.sect()), 2)
        self.emit("for (int i = 0; i < %d; i++) {" % n, 2)
        self.emit("for (int q = 0; q < 3; q++) {", 3)
        self.emit("%s[q].a = (long)%s + q * %s.c[q];" % (pa, a.ref(["i"]), fp), 4)
        self.emit("%s[q].b = %s.b + q;" % (pa, fp), 4)
        self.emit("%s[q].c[q] = (int)%s.a;" % (pa, fp), 4)
        self.emit("}", 3)
        self.emit("%s = %s;" % (out.ref(["i"]), self.store(out.ctype, "(%s[0].a + %s[2].a - (long)%s[1].b + %s[1].c[1]) %% 1000" % (
            pa, pa, pa, pa))), 3)
        self.emit("}", 2)
        self.emit("}")

    def region_routinepar(self):
        """A routine worker or vector with its own partitioned loop, called
        from a gang loop for each row."""
        r = self.r
        rows, cols = self.shapes[1]
        a, out = self.arrays_of(self.shapes[1], 2)
        lv = r.choice(["worker", "vector"])
        inner = r.choice(["vector"] if lv == "vector" else ["worker", "vector", "worker vector"])
        f = self.tmp("rowfn")
        self.funcs += [
            "#pragma acc routine %s" % lv,
            "static void %s(int m, int i, const %s *x, %s *y)" % (f, a.ctype, out.ctype), "{",
            "#pragma acc loop %s" % inner,
            "  for (int j = 0; j < m; j++)",
            "    y[j] = %s;" % self.store(out.ctype, "((long)x[(j + i) % m] * 2 + j) % 1000"),
            "}", ""]
        self.emit("#pragma acc parallel loop gang %s copyin(%s) copy(%s)" % (
            self.launch_clauses(), a.sect(), out.sect()))
        self.emit("for (int i = 0; i < %d; i++)" % rows)
        self.emit("%s(%d, i, &%s, &%s);" % (f, cols, a.ref(["i", "0"]), out.ref(["i", "0"])), 2)

    def region_defaultnone(self):
        """default(none) with every array and scalar named."""
        r = self.r
        n = self.shapes[0][0]
        a, b = self.arrays_of(self.shapes[0], 2)
        k = self.tmp("k")
        self.emit("{")
        self.emit("int %s = %d;" % (k, r.randint(1, 9)), 2)
        self.emit("#pragma acc parallel loop %s default(none) copyin(%s) copy(%s) firstprivate(%s)" % (
            r.choice(["gang", "gang vector", ""]), a.sect(), b.sect(), k), 2)
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (n, b.ref(["i"]), self.wrap(
            b.ctype, "%s + (%s)(%s * (i %% 3))" % (self.conv(a, a.ref(["i"]), b.ctype), b.ctype, k))), 2)
        self.emit("}")

    def region_selfif(self):
        """self and if clauses on compute constructs, true or false at run
        time: the construct runs on the host or the device."""
        r = self.r
        n = self.shapes[0][0]
        a, b = self.arrays_of(self.shapes[0], 2)
        cond = "n0 %s %d" % (r.choice(["<", ">"]), r.choice([0, 5000]))
        # Not both: accgpu refuses self with if (tests/diag/compute_self_and_if).
        cl = r.choice(["self(%s)" % cond, "if(%s)" % cond])
        cons = r.choice(["parallel loop", "kernels loop", "serial loop"])
        self.emit("#pragma acc %s %s copyin(%s) copy(%s)" % (cons, cl, a.sect(), b.sect()))
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (n, b.ref(["i"]), self.wrap(
            b.ctype, "%s * (%s)2 + %s" % (self.conv(a, a.ref(["i"]), b.ctype), b.ctype,
                                       self.conv(b, b.ref(["i"]), b.ctype)))))

    def region_routinered(self):
        """A routine vector or worker whose loop reduces into a local it
        returns, called per row from a gang loop."""
        r = self.r
        rows, cols = self.shapes[1]
        a = self.arrays_of(self.shapes[1], 1)[0]
        out = self.arrays_of((rows,), 1)[0]
        lv = r.choice(["worker", "vector"])
        inner = r.choice(["vector"] if lv == "vector" else ["worker", "vector", "worker vector"])
        op, init = r.choice([("+", "0"), ("max", "-1000"), ("^", "0")])
        f = self.tmp("rowred")
        upd = self.red_update(op, "s", "(long)x[j] %s" % ("& 255" if op == "^" else ""))
        self.funcs += [
            "#pragma acc routine %s" % lv,
            "static long %s(int m, const %s *x)" % (f, a.ctype), "{",
            "  long s = %s;" % init,
            "#pragma acc loop %s reduction(%s:s)" % (inner, op),
            "  for (int j = 0; j < m; j++)",
            "    " + upd,
            "  return s;", "}", ""]
        self.emit("#pragma acc parallel loop gang %s copyin(%s) copy(%s)" % (
            self.launch_clauses(), a.sect(), out.sect()))
        self.emit("for (int i = 0; i < %d; i++)" % rows)
        self.emit("%s = %s;" % (out.ref(["i"]), self.store(
            out.ctype, "%s(%d, &%s) %% 1000" % (f, cols, a.ref(["i", "0"])))), 2)

    def region_vecprivate(self):
        """A private array on a vector loop inside a gang loop: each
        vector iteration fills and reads its own copy."""
        r = self.r
        rows, cols = self.shapes[1]
        a, out = self.arrays_of(self.shapes[1], 2)
        p = self.tmp("vp")
        self.emit("{")
        self.emit("long %s[4];" % p, 2)
        self.emit("#pragma acc parallel loop gang %s copyin(%s) copy(%s)" % (
            self.launch_clauses(), a.sect(), out.sect()), 2)
        self.emit("for (int i = 0; i < %d; i++) {" % rows, 2)
        self.emit("#pragma acc loop %s private(%s)" % (
            r.choice(["vector", "worker", "worker vector"]), p), 3)
        self.emit("for (int j = 0; j < %d; j++) {" % cols, 3)
        self.emit("for (int q = 0; q < 4; q++) %s[q] = (long)%s * (q + 1) + i;" % (
            p, a.ref(["i", "j"])), 4)
        self.emit("%s = %s;" % (out.ref(["i", "j"]), self.store(
            out.ctype, "(%s[3] - %s[1] + %s[0]) %% 1000" % (p, p, p))), 4)
        self.emit("}", 3)
        self.emit("}", 2)
        self.emit("}")
