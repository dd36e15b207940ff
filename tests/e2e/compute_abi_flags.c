/* compute_abi_flags.c — built with -fpack-struct=2 -fshort-enums: the
 * records the plugin builds for the runtime (construct locations, maps,
 * the module's tables) were laid out packed too, where libaccgpu reads
 * them with natural alignment (a crash on the emulator and multicore:
 * plugin.cc, accgpu_layout_natural), the user's packed struct must be read
 * at GCC's offsets (kernel-gen-layout.cc), and openacc.h's enums stay ints
 * (the library's ABI; GCC warned that acc_on_device's declaration clashed
 * with its built-in).  Against serial loops. */
/* accgpu-test: cflags -fpack-struct=2 -fshort-enums */
/* accgpu-test: no-warnings */
#include "e2e.h"

enum color { RED, GREEN, BLUE };
typedef struct { char c; enum color k; short s; double w; } item;

enum { N = 500 };

int main(void)
{
  static item it[N];
  static int out[N];
  for (int i = 0; i < N; i++)
    it[i] = (item){(char)(i * 37), (enum color)(i % 3), (short)(i * 101),
                   i * 0.5};
#pragma acc parallel loop copy(it) copyout(out)
  for (int i = 0; i < N; i++) {
    out[i] = it[i].c + (it[i].k == BLUE ? 1000 : 0) + it[i].s
             + (int)it[i].w + (int)sizeof(item);
    it[i].w += 1;
  }
#pragma acc data copyin(it[0:N / 2])
  {
#pragma acc update self(it[0:N / 2])
  }
  for (int i = 0; i < N; i++) {
    char c = (char)(i * 37);
    CHECK_INT("out", out[i], c + (i % 3 == BLUE ? 1000 : 0) + (short)(i * 101)
                                 + (int)(i * 0.5) + (int)sizeof(item));
    CHECK_REAL("it.w", it[i].w, i * 0.5 + 1, 0);
  }
  CHECK_INT("sizeof(item)", sizeof(item), 12);
#ifdef _OPENACC
  CHECK_INT("sizeof(acc_device_t)", sizeof(acc_device_t), sizeof(int));
  acc_device_t t = acc_get_device_type();
  CHECK_INT("a device type", t >= acc_device_host && t < 16, 1);
#endif
  return e2e_done();
}
