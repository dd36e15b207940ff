"""Regions with reductions: scalar, per-row, array-section and found in kernels."""
from core import FLOATS, RED_TYPES


class Reductions:
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
