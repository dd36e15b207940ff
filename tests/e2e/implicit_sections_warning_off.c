/* implicit_sections_warning_off.c — the warning for a pointer whose
 * section cannot be inferred is off, even with -Wall, when
 * -fplugin-arg-accgpu-Wno-implicit-section is given: the program of
 * implicit_sections_warning_flags.c (on there without -Wall) compiles
 * without a warning (-Werror: any warning, in either file, fails it). */
/* accgpu-test: cflags -Wall -Werror -fplugin-arg-accgpu-Wno-implicit-section */
/* accgpu-test: no-warnings */
#include "implicit_sections_warning_flags.c"
