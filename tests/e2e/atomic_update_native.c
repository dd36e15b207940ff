/* atomic update and capture that CUDA has an atomic for are one native
 * atomic (atomicAdd, atomicAnd/Or/Xor; x - e adds -e),
 * every other form keeps the CAS loop (kernel-gen-stmt.cc).  Histograms,
 * sums, differences and bit masks of int, unsigned, long long, unsigned long
 * long, float and double; `e + x` and `x - e` orders (C has no atomic
 * min/max form); captures of the old
 * (x++) and new (++x) value, which must hand out every count exactly once;
 * a short and a float updated with a double (CAS loop).  All against the
 * serial results. */
/* accgpu-test: env ACCGPU_EMU_INITCHECK=1 */
#include <stdio.h>
#include <string.h>

#define N 4096
#define B 16

struct res {
  int hi[B], sub;
  unsigned hu[B], andu, oru, xoru;
  long long hl[B], ll;
  unsigned long long hul[B], orul;
  float hf[B];
  double hd[B];
  short hs[B];
  float fd;
  int seen[N], seen2[N];
};

static void run(struct res *r, int dev) {
  static int k[N];
  for (int i = 0; i < N; i++)
    k[i] = (i * 2654435761u >> 7) % B;
  memset(r, 0, sizeof *r);
  r->andu = ~0u;
  int cnt = 0, cnt2 = 0;
#pragma acc parallel loop copyin(k) copy(r[0:1], cnt, cnt2) if(dev)
  for (int i = 0; i < N; i++) {
    int b = k[i], v = (i * 37) % 1001 - 500;
#pragma acc atomic update
    r->hi[b] += 3;
#pragma acc atomic
    r->hu[b] = 2u + r->hu[b];
#pragma acc atomic update
    r->hl[b] += (long long)i << 20;
#pragma acc atomic update
    r->hul[b] += 1ull << 40;
#pragma acc atomic update
    r->hf[b] += 0.5f;
#pragma acc atomic update
    r->hd[b] -= 0.25;
#pragma acc atomic update
    r->sub = r->sub - v;
#pragma acc atomic update
    r->ll -= (long long)v * 1000000007LL;
#pragma acc atomic update
    r->andu &= ~(1u << (i % 29));
#pragma acc atomic update
    r->oru |= 1u << (i % 31);
#pragma acc atomic update
    r->xoru ^= (unsigned)i * 2654435761u;
#pragma acc atomic update
    r->orul |= 1ull << (i % 63);
#pragma acc atomic update
    r->hs[b] += 1;
#pragma acc atomic update
    r->fd += 1.0;
    int old, now;
#pragma acc atomic capture
    old = cnt++;
    r->seen[old] = i + 1;
#pragma acc atomic capture
    now = ++cnt2;
    r->seen2[now - 1] = i + 1;
  }
}

int main(void) {
  static struct res dev, ser;
  run(&dev, 1);
  run(&ser, 0);
  /* The captures hand out each count once: the slots are a permutation. */
  static char hit[N + 1];
  int bad = 0;
  for (int i = 0; i < N; i++) {
    bad += dev.seen[i] < 1 || dev.seen[i] > N || hit[dev.seen[i]]++;
    ser.seen[i] = dev.seen[i];
  }
  memset(hit, 0, sizeof hit);
  for (int i = 0; i < N; i++) {
    bad += dev.seen2[i] < 1 || dev.seen2[i] > N || hit[dev.seen2[i]]++;
    ser.seen2[i] = dev.seen2[i];
  }
  if (bad || memcmp(&dev, &ser, sizeof dev)) {
    fprintf(stderr, "differs from the serial run (%d bad captures; hi[0] "
            "%d/%d sub %d/%d ll %lld/%lld xoru %x/%x hf[0] %g/%g)\n", bad,
            dev.hi[0], ser.hi[0], dev.sub, ser.sub, dev.ll, ser.ll, dev.xoru,
            ser.xoru, dev.hf[0], ser.hf[0]);
    return 1;
  }
  printf("ok %d %u %lld\n", dev.hi[0], dev.oru, dev.ll);
  return 0;
}
