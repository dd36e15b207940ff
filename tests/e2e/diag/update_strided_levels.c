/* Sections with more than one strided level are taken on `update` only
   (each contiguous run moved on its own: tests/e2e/update_strided_levels.c;
   before session 24 these update lines were the error "only one level may
   be strided"). A data or enter data clause maps one block, and a device
   copy of such a section would need a layout of its own: there they stay
   GCC's error, at the item. */
/* accgpu-expect: error: 15: array section is not contiguous */
/* accgpu-expect: error: 16: array section is not contiguous */
#define K 4
#define J 5
#define I 6
static double u[K][J][I][5], w[K][J][I];
void f(void)
{
#pragma acc enter data copyin(u[0:K][1][0:I][1:3])
#pragma acc data copy(w[0:K][0:J - 1][2])
  ;
#pragma acc update host(u[0:K][1][0:I][1:3])
#pragma acc update device(w[0:K][0:J - 1][2])
}
