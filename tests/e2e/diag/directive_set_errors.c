/* Malformed init/shutdown/set directives: each mistake is a GCC error at
 * the directive's line naming the clause, never an ICE nor a directive
 * silently ignored. */
/* accgpu-expect: error: 22: set.*needs a .default_async., .device_num. or .device_type. clause */
/* accgpu-expect: error: 23: set.*needs a .default_async., .device_num. or .device_type. clause */
/* accgpu-expect: error: 24: .async. is not valid for .#pragma acc set. */
/* accgpu-expect: error: 25: .default_async. is not valid for .#pragma acc init. */
/* accgpu-expect: error: 26: .foo. is not valid for .#pragma acc shutdown. */
/* accgpu-expect: error: 27: unknown device type .gpu. */
/* accgpu-expect: error: 28: .#pragma acc set. takes one device type */
/* accgpu-expect: error: 29: too many .device_num. clauses */
/* accgpu-expect: error: 30: .device_num. needs a parenthesized argument */
/* accgpu-expect: error: 31: .device_num. needs an argument */
/* accgpu-expect: error: 32: .device_type. needs an argument */
/* accgpu-expect: error: 33: .copyin. is not valid for .#pragma acc shutdown. */
/* accgpu-expect: error: 34: unknown device type .radeon. */
/* accgpu-expect: error: 35: too many .dtype. clauses */
/* accgpu-expect: error: 36: .#pragma acc init. is only recognized written out on a .#pragma. line */
#include <openacc.h>
void f(int n, int *a)
{
#pragma acc set
#pragma acc set if(n)
#pragma acc set device_num(1) async(2)
#pragma acc init default_async(1)
#pragma acc shutdown foo(3)
#pragma acc set device_type(gpu)
#pragma acc set device_type(host, nvidia)
#pragma acc init device_num(1) device_num(n)
#pragma acc set device_num
#pragma acc set device_num()
#pragma acc init device_type()
#pragma acc shutdown copyin(a[0:n])
#pragma acc init device_type(host, radeon)
#pragma acc set device_type(host) dtype(nvidia)
  _Pragma("acc init")
}
