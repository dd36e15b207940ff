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
