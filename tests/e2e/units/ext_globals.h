/* Globals of ext_def.c, declared for every file of xfile_extern_declare.c
 * with their `declare` directives. */
#define EXT_N 128
extern double ext_g[EXT_N];          /* declare create in ext_def.c too */
#pragma acc declare create(ext_g)
extern double ext_h[EXT_N];          /* no directive in ext_def.c */
#pragma acc declare create(ext_h)
extern double ext_coef[4];           /* initialised in ext_def.c */
#pragma acc declare copyin(ext_coef)
extern double *ext_p;                /* a global pointer */
#pragma acc declare create(ext_p)

void ext_init(void);
void ext_add(double v);
