/* test_profile_write.c — how ACCGPU_PROFILE's file is written
 * (runtime/profile.c): through a new file renamed over the old one, so a
 * write that fails leaves the old profile whole and no stray file, with
 * an error naming ACCGPU_PROFILE and the path; a symbolic link keeps
 * pointing at the new profile; a path of PATH_MAX bytes or more is
 * refused rather than cut short (it would name another file).
 *
 * The failing write is a real one: a child process whose file size limit
 * (RLIMIT_FSIZE, with SIGXFSZ ignored) is below the profile's size gets
 * EFBIG from write(2), as a full disk gives ENOSPC. */
#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fake_device.h" /* run_child, expect_fatal */
#include "suite.h"

static char dir[256];

static int init_suite(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/accgpu-profw-XXXXXX",
           tmp && *tmp ? tmp : "/tmp");
  return mkdtemp(dir) ? 0 : -1;
}

/* Removes every file of DIR, then DIR. */
static int clean_suite(void) {
  accgpu_profile_stop();
  DIR *d = opendir(dir);
  for (struct dirent *e; d && (e = readdir(d));) {
    char p[600];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      unlink(p);
  }
  if (d)
    closedir(d);
  return rmdir(dir);
}

/* Writes TEXT to DIR/NAME; its path goes to PATH. */
static void put(const char *name, const char *text, char *path, size_t n) {
  snprintf(path, n, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(f);
  fputs(text, f);
  fclose(f);
}

/* The first N-1 bytes of file PATH in BUF ("" when unreadable). */
static void slurp(const char *path, char *buf, size_t n) {
  FILE *f = fopen(path, "r");
  size_t got = f ? fread(buf, 1, n - 1, f) : 0;
  buf[got] = 0;
  if (f)
    fclose(f);
}

/* Files in DIR. */
static int count_files(void) {
  int n = 0;
  DIR *d = opendir(dir);
  for (struct dirent *e; d && (e = readdir(d));)
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  if (d)
    closedir(d);
  return n;
}

/* Child (run_child): writes the profile with a file size limit below its
   size; its stderr is a pipe, which the limit does not hit.  Exits 3 when
   the write reported failure. */
static void write_limited(void) {
  struct rlimit rl = {16, 16}; /* bytes: the header alone is more */
  signal(SIGXFSZ, SIG_IGN);
  if (setrlimit(RLIMIT_FSIZE, &rl))
    _exit(2);
  _exit(accgpu_profile_write() == -1 ? 3 : 0);
}

/* A write that fails (EFBIG) keeps the old profile, leaves no temporary
   file, and says why naming the variable and the path. */
static void test_failed_write_keeps_old_profile(void) {
  char path[512], buf[512], err[1024], want[600];
  put("prof.yaml", "old profile\n", path, sizeof path);
  CU_ASSERT_EQUAL_FATAL(accgpu_profile_start(path), 0);
  CU_ASSERT_EQUAL(run_child(write_limited, err, sizeof err), 3);
  slurp(path, buf, sizeof buf);
  CU_ASSERT_STRING_EQUAL(buf, "old profile\n");
  CU_ASSERT_EQUAL(count_files(), 1);
  snprintf(want, sizeof want, "accgpu: error: ACCGPU_PROFILE=%s: cannot "
           "write the profile: File too large\n", path);
  CU_ASSERT_STRING_EQUAL(err, want);
  /* Without the limit the same call replaces it. */
  CU_ASSERT_EQUAL(accgpu_profile_write(), 0);
  slurp(path, buf, sizeof buf);
  CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\nkernels:\n"));
  CU_ASSERT_EQUAL(count_files(), 1);
  accgpu_profile_stop();
  unlink(path);
}

/* ACCGPU_PROFILE naming a symbolic link: the link stays, its target gets
   the profile. */
static void test_link_target_replaced(void) {
  char real[512], link[512], buf[512];
  put("real.yaml", "old\n", real, sizeof real);
  snprintf(link, sizeof link, "%s/link.yaml", dir);
  CU_ASSERT_EQUAL_FATAL(symlink("real.yaml", link), 0);
  CU_ASSERT_EQUAL_FATAL(accgpu_profile_start(link), 0);
  CU_ASSERT_EQUAL(accgpu_profile_write(), 0);
  struct stat st;
  CU_ASSERT(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
  slurp(real, buf, sizeof buf);
  CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\nkernels:\n"));
  CU_ASSERT_EQUAL(count_files(), 2);
  accgpu_profile_stop();
  unlink(link);
  unlink(real);
}

static char longp[PATH_MAX + 16];

/* Child (expect_fatal): the runtime's start-up with ACCGPU_PROFILE=LONGP. */
static void init_long(void) {
  if (setenv("ACCGPU_PROFILE", longp, 1))
    _exit(2);
  accgpu_profile_init();
}

/* A path as long as PATH_MAX is refused: by accgpu_profile_start, and by
   the start-up reading ACCGPU_PROFILE, which stops the program. */
static void test_path_longer_than_path_max(void) {
  static const char *const want[] = {"ACCGPU_PROFILE=",
                                     "longer than PATH_MAX", NULL};
  snprintf(longp, sizeof longp, "%s/", dir);
  size_t n = strlen(longp);
  memset(longp + n, 'a', PATH_MAX - n);
  memcpy(longp + PATH_MAX - 5, ".yaml", 6); /* PATH_MAX bytes in all */
  CU_ASSERT_EQUAL(accgpu_profile_start(longp), -1);
  CU_ASSERT_EQUAL(__atomic_load_n(&accgpu_profiling, __ATOMIC_RELAXED), 0);
  expect_fatal(init_long, want);
  CU_ASSERT_EQUAL(count_files(), 0);
}

ACCGPU_SUITE(profile_write, init_suite, clean_suite,
             ACCGPU_TEST(test_failed_write_keeps_old_profile),
             ACCGPU_TEST(test_link_target_replaced),
             ACCGPU_TEST(test_path_longer_than_path_max));
