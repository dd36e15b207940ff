/* compute_struct_layouts.c — structs laid out by `#pragma pack`, the packed
 * and aligned attributes: host and device share the bytes of mapped data,
 * so the kernel's struct puts each member where GCC put it (packed with
 * explicit padding and the struct's own alignment:
 * plugin/passes/kernel-gen-layout.cc).  Before, the natural layout read a
 * `#pragma pack(1)` record's double 7 bytes off (the emulator's memcheck:
 * past the array's end; multicore: wrong values) and an aligned(32)
 * member 24 bytes off.  Members read, written and copied whole, nested,
 * in a union, by value in a routine; against serial loops. */
#include <stddef.h>
#include "e2e.h"

enum { N = 37 };

#pragma pack(push, 1)
typedef struct { char tag; double w; short s; } rec1; /* 11 bytes */
#pragma pack(pop)
#pragma pack(push, 2)
typedef struct { char tag; double w; int k; } rec2;   /* 2-aligned */
#pragma pack(pop)
typedef struct __attribute__((packed)) { unsigned char a; int b; } pk;
typedef struct { char c; double d __attribute__((aligned(32))); } al;
typedef struct { pk p; rec1 r; al x; } nest;
typedef union __attribute__((aligned(16))) { int i; float f; } un;

#pragma acc routine seq
static double weigh(rec1 r) { return r.w * r.tag + r.s; }

int main(void)
{
  static rec1 r1[N];
  static rec2 r2[N];
  static pk p[N];
  static al a[N];
  static nest ns[N];
  static un u[N];
  static double out[N], want[N];
  for (int i = 0; i < N; i++) {
    r1[i] = (rec1){(char)i, i * 1.5, (short)-i};
    r2[i] = (rec2){(char)(i + 1), i * 0.25, 3 * i};
    p[i] = (pk){(unsigned char)(200 + i % 50), -7 * i};
    a[i] = (al){(char)(i % 9), i * 2.0};
    ns[i] = (nest){p[i], r1[i], a[i]};
    u[i].i = i;
  }
#pragma acc parallel loop copy(r1, r2, p, a, ns, u) copyout(out)
  for (int i = 0; i < N; i++) {
    out[i] = weigh(r1[i]) + r2[i].w * r2[i].k + p[i].a + p[i].b
             + a[i].d * a[i].c + ns[i].r.w + ns[i].x.d + ns[i].p.b;
    r1[i].w += 1;
    r2[i].k -= 2;
    p[i].b *= 3;
    a[i].d = -a[i].d;
    ns[i].x = a[i]; /* a whole struct copied */
    u[i].i += 5;
  }
  for (int i = 0; i < N; i++) {
    rec1 r = {(char)i, i * 1.5, (short)-i};
    want[i] = r.w * r.tag + r.s + (i * 0.25) * (3 * i) + (200 + i % 50)
              + (-7 * i) + (i * 2.0) * (i % 9) + i * 1.5 + i * 2.0 - 7 * i;
    CHECK_REAL("out", out[i], want[i], 1e-15);
    CHECK_REAL("r1.w", r1[i].w, i * 1.5 + 1, 0);
    CHECK_INT("r1.s", r1[i].s, -i);
    CHECK_INT("r2.k", r2[i].k, 3 * i - 2);
    CHECK_INT("p.b", p[i].b, -21 * i);
    CHECK_INT("p.a", p[i].a, 200 + i % 50);
    CHECK_REAL("a.d", a[i].d, -2.0 * i, 0);
    CHECK_REAL("ns.x.d", ns[i].x.d, -2.0 * i, 0);
    CHECK_INT("ns.x.c", ns[i].x.c, i % 9);
    CHECK_INT("u.i", u[i].i, i + 5);
  }
  CHECK_INT("sizeof(rec1)", sizeof(rec1), 11);
  CHECK_INT("offsetof(al, d)", offsetof(al, d), 32);
  return e2e_done();
}
