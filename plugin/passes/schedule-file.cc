/* schedule-file.cc — -fplugin-arg-accgpu-schedule=FILE: reads acc-tune's
 * schedule file with schedule-parse.c (the format is described there and
 * in docs/tuning.md), reports its errors as GCC diagnostics at
 * FILE:LINE:COLUMN, and looks schedules up per compute construct. */
#include "accgpu-plugin.h"
#include "passes/schedule-file.h"

const char *accgpu_schedule_path;

/* The file's entries, kept to the end of the compilation. */
static struct accgpu_sched_list scheds;

void accgpu_schedule_load(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    error("accgpu: cannot read the schedule file %qs: %m", path);
    return;
  }
  if (accgpu_schedule_parse(f, &scheds))
    error("accgpu: %s:%d:%d: %s in the schedule file", path,
          scheds.err.line, scheds.err.col, scheds.err.msg);
  for (int i = 0; i < scheds.nwarn; i++)
    warning(0, "accgpu: %s:%d:%d: %s", path, scheds.warn[i].line,
            scheds.warn[i].col, scheds.warn[i].msg);
  fclose(f);
}

static const char *base_name(const char *p)
{
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

/* Does ID ("file:line:func") name FILE:LINE:FUNC, the file compared by
   base name when EXACT is false? */
static bool id_matches(const char *id, const char *file, int line,
                       const char *func, bool exact)
{
  char tail[512];
  snprintf(tail, sizeof tail, ":%d:%s", line, func);
  size_t il = strlen(id), tl = strlen(tail);
  if (il <= tl || strcmp(id + il - tl, tail) != 0)
    return false;
  char *idfile = xstrndup(id, il - tl);
  bool ok = exact ? !strcmp(idfile, file)
                  : !strcmp(base_name(idfile), base_name(file));
  free(idfile);
  return ok;
}

const struct accgpu_schedule *accgpu_schedule_find(const char *file, int line,
                                                   const char *func)
{
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < scheds.n; i++)
      if (id_matches(scheds.s[i].id, file, line, func, pass == 0))
        return &scheds.s[i];
  return NULL;
}
