"""Regions with reductions: scalar, per-row, array-section and found in kernels."""
from core import FLOATS, RED_TYPES

# Every C integer and floating type, for the reductions of region_allred.
ALL_TYPES = ["_Bool", "char", "signed char", "unsigned char", "short",
             "unsigned short", "int", "unsigned", "long", "unsigned long",
             "long long", "unsigned long long", "float", "double",
             "long double"]


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

    def small_red(self, a, ref, op, ctype):
        """A value of CTYPE from element REF of A for OP: below 100 in
        magnitude (so sums of a char wrap the same in any order), 0/1 for
        && and ||, 0..63 for the bit operators."""
        base = "((long)%s %% 100 + 100) %% 100" % ref
        if op in ("&&", "||"):
            return "((long)%s %% 7 != %d)" % (ref, 0 if op == "&&" else 3)
        if op in ("&", "|", "^"):
            return "(%s)((%s) & 63)" % (ctype, base)
        if ctype.startswith("unsigned"):
            return "(%s)(%s)" % (ctype, base)
        return "(%s)((%s) - 50)" % (ctype, base)

    @staticmethod
    def red_init(op, ctype):
        """A start value for OP on CTYPE (the identity, or a value that
        OP may combine with more than once)."""
        return {"&": "(%s)~0" % ctype, "&&": "1", "||": "0", "+": "0", "|": "0", "^": "0",
                "max": "0" if ctype.startswith("unsigned") else "-100",
                "min": "120"}[op]

    def allred_vars(self, k):
        """K reductions (op, scalar, type) on any type, initialized."""
        reds = []
        for _ in range(k):
            ctype = self.r.choice(ALL_TYPES)
            ops = ["+", "max", "min", "&&", "||"]
            if ctype not in FLOATS + ("long double",):
                ops += ["&", "|", "^"]
            op = self.r.choice(ops)
            reds.append((op, self.scalar(ctype, self.red_init(op, ctype)), ctype))
        return reds

    def region_allred(self):
        """Reductions of every operator on every type: on a gang loop and
        the worker/vector loop inside it, into a per-row variable, or on
        the parallel construct itself."""
        r = self.r
        rows, cols = self.shapes[1]
        a = self.arrays_of(self.shapes[1], 1)[0]
        reds = self.allred_vars(r.choice([1, 2, 3]))
        clause = lambda names: " ".join("reduction(%s:%s)" % (op, s) for op, s, _ in names)
        lv = r.choice(["worker", "vector", "worker vector"])
        form = r.choice(["nested", "rowlocal", "onparallel", "onparallel"])
        i = self.tmp("i")
        jhead, j = self.loop_head(self.tmp("j"), cols, form == "onparallel")
        val = lambda op, ctype: self.small_red(a, a.ref([i, j]), op, ctype)
        if form == "onparallel":
            self.emit("#pragma acc parallel %s %s copyin(%s)" % (
                clause(reds), self.launch_clauses(), a.sect()))
            self.emit("{")
            inner = r.choice(["gang", "gang vector", "gang worker"])
            self.emit("#pragma acc loop %s %s" % (inner, "" if inner == "gang" else clause(reds)), 2)
            self.emit("for (int %s = 0; %s < %d; %s++)" % (i, i, rows, i), 2)
            self.emit(jhead + " {", 3)
            for op, s, ctype in reds:
                self.emit(self.red_update(op, s, val(op, ctype)), 4)
            self.emit("}", 3)
            self.emit("}")
            return
        cons = r.choice(["parallel loop gang %s" % self.launch_clauses(),
                         "kernels loop gang", "serial loop"])
        self.emit("#pragma acc %s %s copyin(%s)" % (cons, clause(reds), a.sect()))
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (i, i, rows, i))
        if form == "nested":
            self.emit("#pragma acc loop %s %s" % (lv, clause(reds)), 2)
            self.emit(jhead + " {", 2)
            for op, s, ctype in reds:
                self.emit(self.red_update(op, s, val(op, ctype)), 3)
            self.emit("}", 2)
        else:
            rowv = [(op, self.tmp("r"), ctype) for op, _, ctype in reds]
            for (op, rv, ctype), (_, s, _) in zip(rowv, reds):
                self.emit("%s %s = %s;" % (ctype, rv, self.red_init(op, ctype)), 2)
            self.emit("#pragma acc loop %s %s" % (lv, clause(rowv)), 2)
            self.emit(jhead + " {", 2)
            for op, rv, ctype in rowv:
                self.emit(self.red_update(op, rv, val(op, ctype)), 3)
            self.emit("}", 2)
            for (op, rv, ctype), (_, s, _) in zip(rowv, reds):
                self.emit(self.red_update(op, s, rv), 2)
        self.emit("}")
