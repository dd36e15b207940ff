/* Strided update sections of deeper arrays take one strided level: each
   row's part must be contiguous (the ranges after its range cover whole
   dimensions). Two strided levels are an error naming the array, at the
   item, instead of GCC's "array section is not contiguous" followed by
   "must contain at least one 'device' or 'host' or 'self' clause".
   One level works (tests/e2e/real5_update_planes.c). */
/* accgpu-expect: error: 15: strided .update. of .u.: only one level may be strided */
/* accgpu-expect: error: 16: strided .update. of .w.: only one level may be strided */
#define K 4
#define J 5
#define I 6
static double u[K][J][I][5], w[K][J][I];
void f(void)
{
#pragma acc update host(u[0:K][1][0:I][1:3])
#pragma acc update device(w[0:K][0:J - 1][2])
}
