/* config.c — the emulator's checking settings, read once from the
 * environment.  A value that is not one of those documented is a fatal
 * error naming the variable: a typo must not silently turn a check off.
 *
 *   ACCGPU_EMU_MEMCHECK=1|0        memcheck (default 1)
 *   ACCGPU_EMU_RACECHECK=0|1       racecheck (default 0)
 *   ACCGPU_EMU_INITCHECK=0|1       reads of unwritten memory (default 0)
 *   ACCGPU_EMU_SCHEDULE=lockstep|inorder|reverse|random[:SEED]
 *                                  thread/block order (default lockstep)
 *   ACCGPU_EMU_ASYNC=deferred|eager  when async queues run (queue.c;
 *                                  default deferred)
 * and the numbers the other emulator variables give (accgpu_emu_env_long;
 * sizes: accgpu_env_size, runtime/env.c). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "emu.h"

static accgpu_emu_config cfg;
static pthread_once_t cfg_once = PTHREAD_ONCE_INIT;

/* 0 or 1 from variable NAME, DEF when unset or empty. */
static int env_bool(const char *name, int def) {
  const char *e = getenv(name);
  if (!e || !*e)
    return def;
  if (!strcmp(e, "0") || !strcmp(e, "1"))
    return *e == '1';
  accgpu_fatal(NULL, "%s=%s: expected 0 or 1", name, e);
}

static void parse_schedule(const char *e) {
  const char *what = "ACCGPU_EMU_SCHEDULE";
  cfg.seed = 1;
  if (!e || !*e || !strcmp(e, "lockstep")) {
    cfg.order = EMU_ORDER_LOCKSTEP;
  } else if (!strcmp(e, "inorder")) {
    cfg.order = EMU_ORDER_INORDER;
  } else if (!strcmp(e, "reverse")) {
    cfg.order = EMU_ORDER_REVERSE;
  } else if (!strncmp(e, "random", 6) && (e[6] == '\0' || e[6] == ':')) {
    cfg.order = EMU_ORDER_RANDOM;
    if (e[6] == ':') {
      char *end;
      errno = 0;
      unsigned long long v = strtoull(e + 7, &end, 10);
      if (!e[7] || *end || errno || e[7] == '-')
        accgpu_fatal(NULL, "%s=%s: the seed must be a decimal number below "
                     "2^64", what, e);
      cfg.seed = v;
    }
  } else {
    accgpu_fatal(NULL, "%s=%s: expected lockstep, inorder, reverse or "
                 "random[:SEED]",
                 what, e);
  }
}

static void parse_async(const char *e) {
  if (!e || !*e || !strcmp(e, "deferred"))
    cfg.deferred = 1;
  else if (!strcmp(e, "eager"))
    cfg.deferred = 0;
  else
    accgpu_fatal(NULL, "ACCGPU_EMU_ASYNC=%s: expected deferred or eager", e);
}

static void config_read(void) {
  cfg.memcheck = env_bool("ACCGPU_EMU_MEMCHECK", 1);
  cfg.racecheck = env_bool("ACCGPU_EMU_RACECHECK", 0);
  cfg.initcheck = env_bool("ACCGPU_EMU_INITCHECK", 0);
  parse_schedule(getenv("ACCGPU_EMU_SCHEDULE"));
  parse_async(getenv("ACCGPU_EMU_ASYNC"));
}

const accgpu_emu_config *accgpu_emu_config_get(void) {
  pthread_once(&cfg_once, config_read);
  return &cfg;
}

long accgpu_emu_env_long(const char *name, long def, long min, long max) {
  const char *e = getenv(name);
  char *end;
  if (!e || !*e)
    return def;
  errno = 0;
  long v = strtol(e, &end, 10);
  if (*end || errno || v < min || v > max || (*e != '-' && !isdigit(*e)))
    accgpu_fatal(NULL, "%s=%s: expected a whole number from %ld to %ld", name,
                 e, min, max);
  return v;
}
