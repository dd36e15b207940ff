/* test_declare.c — globals with `declare` on every device as it opens
 * (runtime/declare.c).  A list registered before the emulator opens is
 * mapped when it opens, again after each acc_shutdown + acc_init, with the
 * bytes it held when registered (the image's value on a GPU), not the
 * host's at that moment; one registered while the device is
 * open is mapped at once; an unregistered one is gone and stays gone.
 * Under make test-tsan two threads register and unregister lists while a
 * third shuts the device down and opens it again. */
#include <pthread.h>
#include <stdlib.h>

#include "core.h"
#include "suite.h"

#define DN 64

static const __accgpu_loc DLOC = {"declare.c", "unit", "declare", 3, 1};
static double g1[DN], g2[DN], g3[2][DN];
static __accgpu_map l1[] = {{g1, sizeof g1, ACCGPU_MAP_COPYIN,
                             ACCGPU_MAPF_DECLARE, "g1"}};
static __accgpu_map l2[] = {{g2, sizeof g2, ACCGPU_MAP_CREATE,
                             ACCGPU_MAPF_DECLARE, "g2"}};
static __accgpu_map l3[2][1] = {
    {{g3[0], sizeof g3[0], ACCGPU_MAP_COPYIN, ACCGPU_MAPF_DECLARE, "g3a"}},
    {{g3[1], sizeof g3[1], ACCGPU_MAP_COPYIN, ACCGPU_MAPF_DECLARE, "g3b"}}};

static int dc_init(void) {
  unsetenv("ACCGPU_EMU_DEVICES");
  accgpu_core_set_backend(acc_device_emulator, NULL);
  acc_shutdown(acc_device_emulator);
  acc_set_device_type(acc_device_emulator);
  return 0;
}

static int dc_clean(void) {
  acc_set_device_type(acc_device_host);
  return 0;
}

/* The device copy of G1[7]. */
static double dev_g1_7(void) {
  double v = -1;
  acc_memcpy_from_device(&v, (double *)acc_deviceptr(g1) + 7, sizeof v);
  return v;
}

static void test_declare_mapped_on_open(void) {
  for (int i = 0; i < DN; i++)
    g1[i] = i;
  __accgpu_declare_map(&DLOC, 1, l1); /* device closed: nothing yet */
  acc_init(acc_device_emulator);
  CU_ASSERT_TRUE(acc_is_present(g1, sizeof g1));
  CU_ASSERT_EQUAL(dev_g1_7(), 7.0);
  __accgpu_declare_map(&DLOC, 1, l2); /* device open: mapped now */
  CU_ASSERT_TRUE(acc_is_present(g2, sizeof g2));
  acc_shutdown(acc_device_emulator);
  g1[7] = 70;
  acc_init(acc_device_emulator);
  CU_ASSERT_TRUE(acc_is_present(g1, sizeof g1));
  CU_ASSERT_TRUE(acc_is_present(g2, sizeof g2));
  CU_ASSERT_EQUAL(dev_g1_7(), 7.0); /* as registered, not the host's now */
  g1[7] = 7;
  __accgpu_declare_unmap(&DLOC, 1, l2);
  CU_ASSERT_FALSE(acc_is_present(g2, sizeof g2));
  acc_shutdown(acc_device_emulator);
  acc_init(acc_device_emulator);
  CU_ASSERT_FALSE(acc_is_present(g2, sizeof g2)); /* unregistered */
  CU_ASSERT_TRUE(acc_is_present(g1, sizeof g1));
  __accgpu_declare_unmap(&DLOC, 1, l1);
}

static int stop;

static void *registrar(void *arg) {
  int k = (int)(intptr_t)arg;
  while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
    __accgpu_declare_map(&DLOC, 1, l3[k]);
    __accgpu_declare_unmap(&DLOC, 1, l3[k]);
  }
  __accgpu_declare_map(&DLOC, 1, l3[k]); /* registered at the end */
  return NULL;
}

static void test_declare_concurrent(void) {
  pthread_t th[2];
  for (int k = 0; k < 2; k++)
    pthread_create(&th[k], NULL, registrar, (void *)(intptr_t)k);
  for (int r = 0; r < 20; r++) {
    acc_shutdown(acc_device_emulator);
    acc_init(acc_device_emulator);
    CU_ASSERT_TRUE(acc_is_present(g1, 1) == 0); /* unmapped above */
  }
  __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
  for (int k = 0; k < 2; k++)
    pthread_join(th[k], NULL);
  CU_ASSERT_TRUE(acc_is_present(g3[0], sizeof g3[0]));
  CU_ASSERT_TRUE(acc_is_present(g3[1], sizeof g3[1]));
  acc_shutdown(acc_device_emulator);
  acc_init(acc_device_emulator);
  CU_ASSERT_TRUE(acc_is_present(g3[0], sizeof g3[0]));
  for (int k = 0; k < 2; k++)
    __accgpu_declare_unmap(&DLOC, 1, l3[k]);
  CU_ASSERT_FALSE(acc_is_present(g3[1], sizeof g3[1]));
}

ACCGPU_SUITE(declare, dc_init, dc_clean,
             ACCGPU_TEST(test_declare_mapped_on_open),
             ACCGPU_TEST(test_declare_concurrent));
