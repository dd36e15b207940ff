"""Regions that move data: data regions, enter/exit data, the data API, async queues."""


class Data:
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

    def region_hostdata(self):
        """host_data use_device: device addresses handed to the
        acc_memcpy_* routines and to a function whose loop says
        deviceptr."""
        r = self.r
        n = self.shapes[0][0]
        a = self.arrays_of(self.shapes[0], 1)[0]
        t = a.ctype
        b = self.new_array((n,), t)
        f = self.tmp("kdp")
        self.need_openacc = True
        self.funcs += [
            "static void %s(int n, %s *p)" % (f, t), "{",
            "#pragma acc parallel loop %s deviceptr(p)" % r.choice(["gang", "gang vector", ""]),
            "  for (int i = 0; i < n; i++)",
            "    p[i] = %s;" % self.wrap(t, "p[i] * (%s)2 + (%s)(i %% 3)" % (t, t)),
            "}", ""]
        lo = r.randint(0, n - 1)
        ln = r.randint(1, n - lo)
        tmp = self.tmp("h")
        s = self.scalar("long", "0")
        self.emit("{")
        self.emit("%s %s[%d];" % (t, tmp, ln), 2)
        self.emit("for (int i = 0; i < %d; i++) %s[i] = (%s)(i %% 7);" % (ln, tmp, t), 2)
        self.emit("#pragma acc data copyin(%s) copy(%s)" % (a.sect(), b.sect()), 2)
        self.emit("{", 2)
        self.emit("#pragma acc host_data use_device(%s, %s)" % (a.name, b.name), 3)
        self.emit("acc_memcpy_device(%s, %s, %d * sizeof(%s));" % (b.name, a.name, n, t), 3)
        self.emit("#pragma acc host_data use_device(%s)" % b.name, 3)
        self.emit("{", 3)
        self.emit("%s(%d, %s);" % (f, n, b.name), 4)
        if r.random() < 0.7:
            self.emit("acc_memcpy_to_device(%s + %d, %s, sizeof %s);" % (b.name, lo, tmp, tmp), 4)
        if r.random() < 0.5:
            self.emit("acc_memcpy_from_device(%s, %s + %d, sizeof %s);" % (tmp, b.name, lo, tmp), 4)
        self.emit("}", 3)
        self.emit("}", 2)
        self.emit("for (int i = 0; i < %d; i++) %s = %s * 7 + (long)%s[i];" % (ln, s, s, tmp), 2)
        self.emit("}")

    def region_nesteddata(self):
        """Nested data regions: the inner one maps part of an array;
        partial updates both ways between constructs, and if_present
        updates of an array that is mapped and one that is not."""
        r = self.r
        n = self.shapes[0][0]
        a, b, c = self.arrays_of(self.shapes[0], 3)
        lo = r.randint(0, n - 1)
        ln = r.randint(1, n - lo)
        lo2 = r.randint(lo, lo + ln - 1)
        ln2 = r.randint(1, lo + ln - lo2)
        A, B = a.ref(["i"]), b.ref(["i"])
        self.emit("#pragma acc data copyin(%s)" % a.sect())
        self.emit("{")
        self.emit("#pragma acc data %s copy(%s[%d:%d])" % (
            r.choice(["", "present(%s)" % a.sect()]), b.name, lo, ln), 2)
        self.emit("{", 2)
        self.emit("#pragma acc parallel loop %s present(%s[%d:%d])" % (
            r.choice(["gang", "gang vector", ""]), b.name, lo, ln), 3)
        self.emit("for (int i = %d; i < %d; i++) %s = %s;" % (lo, lo + ln, B, self.wrap(
            b.ctype, "%s + %s" % (self.conv(a, A, b.ctype), self.conv(b, B, b.ctype)))), 3)
        self.emit("#pragma acc update self(%s[%d:%d])" % (b.name, lo2, ln2), 3)
        self.emit("for (int i = %d; i < %d; i++) %s = %s;" % (
            lo2, lo2 + ln2, B, self.wrap(b.ctype, "%s + (%s)3" % (B, b.ctype))), 3)
        self.emit("#pragma acc update device(%s[%d:%d])" % (b.name, lo2, ln2), 3)
        self.emit("for (int i = %d; i < %d; i++) %s = %s;" % (
            lo, lo + ln, A, self.wrap(a.ctype, "%s + (%s)1" % (A, a.ctype))), 3)
        self.emit("#pragma acc update device(%s[%d:%d]) if_present" % (a.name, lo, ln), 3)
        self.emit("#pragma acc update self(%s) if_present" % c.sect(), 3)
        self.emit("#pragma acc update device(%s) if_present" % c.sect(), 3)
        # b's base address is not mapped (only a part is): a clause must
        # name that part (an implicit pointer would be looked up at b).
        self.emit("#pragma acc parallel loop %s present(%s[%d:%d])" % (
            r.choice(["gang", "vector", ""]), b.name, lo, ln), 3)
        self.emit("for (int i = %d; i < %d; i++) %s = %s;" % (lo, lo + ln, B, self.wrap(
            b.ctype, "%s * (%s)2 + %s" % (B, b.ctype, self.conv(a, A, b.ctype)))), 3)
        self.emit("}", 2)
        self.emit("}")

    def region_declare(self):
        """A global under declare create or copyin: updated to the device,
        changed in part by a loop (and read by a routine), the part
        updated back."""
        r = self.r
        n = self.shapes[0][0]
        a = self.arrays_of(self.shapes[0], 1)[0]
        g = self.new_array((n,), r.choice(["int", "long", "double", "float"]))
        g.heap, g.declared = False, r.choice(["create", "copyin"])
        lo = r.randint(0, n - 1)
        ln = r.randint(1, n - lo)
        G = g.ref(["i"])
        read = G
        if r.random() < 0.5:
            f = self.tmp("gf")
            self.funcs += ["#pragma acc routine seq",
                           "static long %s(int i)" % f, "{",
                           "  return (long)%s * 2 + 1;" % g.ref(["i"]), "}", ""]
            read = "%s(i)" % f
        self.emit("#pragma acc update device(%s)" % g.sect())
        self.emit("#pragma acc parallel loop %s %s copyin(%s)" % (
            r.choice(["gang", "gang vector", ""]),
            r.choice(["", "present(%s)" % g.sect()]), a.sect()))
        self.emit("for (int i = %d; i < %d; i++) %s = %s;" % (lo, lo + ln, G, self.wrap(
            g.ctype, "(%s)%s + %s" % (g.ctype, read, self.conv(a, a.ref(["i"]), g.ctype)))))
        self.emit("#pragma acc update self(%s[%d:%d])" % (g.name, lo, ln))

    def region_asyncwaits(self):
        """Three queues: the third waits for the other two in its wait
        clause; the host waits with acc_wait_all or acc_async_test."""
        r = self.r
        n = self.shapes[0][0]
        a, b, c, d = self.arrays_of(self.shapes[0], 4)
        q1, q2, q3 = r.sample([1, 2, 3, 5, 8], 3)
        self.need_openacc = True
        s = self.scalar("long", "0")
        self.emit("#pragma acc data copyin(%s) copy(%s, %s, %s)" % (
            a.sect(), b.sect(), c.sect(), d.sect()))
        self.emit("{")
        for q, dst, src in ((q1, b, "i"), (q2, c, "%d - 1 - i" % n)):
            self.emit("#pragma acc parallel loop async(%d)" % q, 2)
            self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
                n, dst.ref(["i"]), self.wrap(dst.ctype, "%s + (%s)%d" % (
                    self.conv(a, a.ref([src]), dst.ctype), dst.ctype, q))), 2)
        self.emit("#pragma acc parallel loop async(%d) wait(%d, %d)" % (q3, q1, q2), 2)
        self.emit("for (int i = 0; i < %d; i++) %s = %s;" % (
            n, d.ref(["i"]), self.wrap(d.ctype, "%s + %s" % (
                self.conv(b, b.ref(["i"]), d.ctype),
                self.conv(c, c.ref(["%d - 1 - i" % n]), d.ctype)))), 2)
        self.emit("#pragma acc update self(%s) async(%d)" % (d.sect(), q3), 2)
        self.emit(r.choice(["acc_wait_all();", "while (!acc_async_test(%d)) { }" % q3]), 2)
        self.emit("for (int i = 0; i < %d; i++) %s = (%s * 31 + (long)%s) %% 1000003;" % (
            n, s, s, d.ref(["i"])), 2)
        self.emit("}")

    def rows_sect(self, a, lo, ln):
        """Rows LO..LO+LN-1 of the 2-D array A as a section."""
        cols = a.shape[1]
        if a.md:
            return "%s[%d:%d][0:%d]" % (a.name, lo, ln, cols)
        return "%s[%d:%d]" % (a.name, lo * cols, ln * cols)

    def region_rowsections(self):
        """Sections of whole rows of 2-D arrays: copy of some rows, then
        update self/device of fewer rows between constructs."""
        r = self.r
        rows, cols = self.shapes[1]
        a, b = self.arrays_of(self.shapes[1], 2)
        lo = r.randint(0, rows - 1)
        ln = r.randint(1, rows - lo)
        lo2 = r.randint(lo, lo + ln - 1)
        ln2 = r.randint(1, lo + ln - lo2)
        B = b.ref(["i", "j"])
        self.emit("#pragma acc data copyin(%s) copy(%s)" % (a.sect(), self.rows_sect(b, lo, ln)))
        self.emit("{")
        self.emit("#pragma acc parallel loop %s present(%s)" % (
            r.choice(["gang", "collapse(2)", ""]), self.rows_sect(b, lo, ln)), 2)
        self.emit("for (int i = %d; i < %d; i++)" % (lo, lo + ln), 2)
        self.emit("for (int j = 0; j < %d; j++) %s = %s;" % (cols, B, self.wrap(
            b.ctype, "%s + %s" % (self.conv(a, a.ref(["i", "j"]), b.ctype), B))), 3)
        self.emit("#pragma acc update self(%s)" % self.rows_sect(b, lo2, ln2), 2)
        self.emit("for (int i = %d; i < %d; i++)" % (lo2, lo2 + ln2), 2)
        self.emit("for (int j = 0; j < %d; j++) %s = %s;" % (cols, B, self.wrap(
            b.ctype, "%s * (%s)2" % (B, b.ctype))), 3)
        self.emit("#pragma acc update device(%s)" % self.rows_sect(b, lo2, ln2), 2)
        self.emit("#pragma acc parallel loop %s present(%s)" % (
            r.choice(["gang", "collapse(2)", ""]), self.rows_sect(b, lo, ln)), 2)
        self.emit("for (int i = %d; i < %d; i++)" % (lo, lo + ln), 2)
        self.emit("for (int j = 0; j < %d; j++) %s = %s;" % (cols, B, self.wrap(
            b.ctype, "%s + (%s)(i %% 3)" % (B, b.ctype))), 3)
        self.emit("}")
