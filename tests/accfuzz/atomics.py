"""Atomic regions beyond update: read, write and the capture forms, each
with a result that no schedule changes."""


class Atomics:
    CAPTURES = [  # (statement or block, captures the value before?)
        ("{ %(v)s = %(x)s; %(x)s += %(c)s; }", True),
        ("{ %(v)s = %(x)s; %(x)s = %(x)s + %(c)s; }", True),
        ("{ %(x)s += %(c)s; %(v)s = %(x)s; }", False),
        ("{ %(x)s = %(c)s + %(x)s; %(v)s = %(x)s; }", False),
        ("%(v)s = %(x)s += %(c)s;", False),
    ]
    CAPTURES_ONE = [  # the same with an increment of 1
        ("{ %(v)s = %(x)s; %(x)s++; }", True),
        ("{ ++%(x)s; %(v)s = %(x)s; }", False),
        ("%(v)s = %(x)s++;", True),
        ("%(v)s = ++%(x)s;", False),
    ]

    def region_atomicforms(self):
        """Each iteration adds C to a bin with an atomic capture: the
        values a bin hands out are C*0, C*1, ... (before) or C*1, C*2, ...
        (after) in some order, so their sum is fixed.  An atomic write
        stores a value that depends on the bin only; an atomic read
        reads an input."""
        r = self.r
        n = self.shapes[0][0]
        a = self.arrays_of(self.shapes[0], 1)[0]
        bins = r.choice([1, 3, 16, 64])
        t = r.choice(["int", "long", "unsigned", "long long", "double", "float"])
        h = self.new_array((bins,), t)
        f = self.new_array((bins,), r.choice(["int", "long", "short"]))
        s = self.scalar("long", "0")
        c = r.choice([1, 1, 2, 3])
        form, _ = r.choice(self.CAPTURES + (self.CAPTURES_ONE if c == 1 else []))
        key = "(unsigned long)((long)%s + 1000) %% %d" % (a.ref(["i"]), bins)
        self.emit("#pragma acc parallel loop %s %s copyin(%s) copy(%s, %s) reduction(+:%s)" % (
            r.choice(["gang", "gang vector", "gang worker", "gang worker vector", ""]),
            self.launch_clauses(), a.sect(), h.sect(), f.sect(), s))
        self.emit("for (int i = 0; i < %d; i++) {" % n)
        self.emit("long k = %s;" % key, 2)
        self.emit("%s v; %s in;" % (t, a.ctype), 2)
        self.emit("#pragma acc atomic read", 2)
        self.emit("in = %s;" % a.ref(["i"]), 2)
        self.emit("#pragma acc atomic capture", 2)
        self.emit(form % {"v": "v", "x": "%s[k]" % h.name, "c": "(%s)%d" % (t, c)}, 2)
        self.emit("%s += (long)v + in - (long)%s;" % (s, a.ref(["i"])), 2)
        self.emit("#pragma acc atomic write", 2)
        self.emit("%s[k] = (%s)(k * 3 + 1);" % (f.name, f.ctype), 2)
        self.emit("}")

    def region_atomicops(self):
        """atomic update of every operator and form on types from char to
        double: each bin's result is the same in any order (integer
        operators commute; floating values stay small integers)."""
        r = self.r
        n = self.shapes[0][0]
        a = self.arrays_of(self.shapes[0], 1)[0]
        t = r.choice(["signed char", "unsigned char", "short", "unsigned short", "int",
                      "unsigned", "long", "unsigned long long", "float", "double"])
        ops = ["+=", "-=", "inc", "dec"]
        if t not in ("float", "double"):
            ops += ["&=", "|=", "^="] + (["*="] if t.startswith("unsigned") else [])
        op = r.choice(ops)
        bins = r.choice([1, 2, 7, 32])
        h = self.new_array((bins,), t)
        x = "%s[k]" % h.name
        e = {"&=": "(%s)(~(1 << (i %% 5)))", "|=": "(%s)(1 << (i %% 6))",
             "^=": "(%s)(i %% 64)", "*=": "(%s)(i %% 3 == 0 ? 3 : 1)"}.get(op, "(%s)(i %% 3)") % t
        if op == "inc":
            stmt = r.choice(["%s++;", "++%s;"]) % x
        elif op == "dec":
            stmt = r.choice(["%s--;", "--%s;"]) % x
        elif op in ("*=", "&=", "|=", "^=", "+=") and r.random() < 0.5:
            stmt = r.choice(["%s = %s %s %s;" % (x, x, op[0], e), "%s = %s %s %s;" % (x, e, op[0], x)])
        elif op == "-=" and r.random() < 0.5:
            stmt = "%s = %s - %s;" % (x, x, e)
        else:
            stmt = "%s %s %s;" % (x, op, e)
        self.emit("#pragma acc parallel loop %s %s copyin(%s) copy(%s)" % (
            r.choice(["gang", "gang vector", "gang worker vector", ""]),
            self.launch_clauses(), a.sect(), h.sect()))
        self.emit("for (int i = 0; i < %d; i++) {" % n)
        self.emit("int k = (int)(((long)%s + 1000) %% %d);" % (a.ref(["i"]), bins), 2)
        self.emit("#pragma acc atomic%s" % r.choice(["", " update"]), 2)
        self.emit(stmt, 2)
        self.emit("}")
