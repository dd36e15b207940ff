/* Malformed multi-GPU extension syntax: each mistake is a GCC error at the
 * directive's line naming the word, never an internal compiler error. */
/* accgpu-expect: error: 11: deviceid.*parenthesized argument */
/* accgpu-expect: error: 12: deviceid.*needs an expression */
/* accgpu-expect: error: 13: update peer.*to_device */
/* accgpu-expect: error: 14: device */
/* accgpu-expect: error: 15: deviceid.*not valid on this directive */
/* accgpu-expect: error: 19: too many .deviceid. clauses */
void f(int n, double *a)
{
#pragma acc enter data copyin(a[0:n]) deviceid
#pragma acc enter data copyin(a[0:n]) deviceid()
#pragma acc update peer to(a[0:n]) from(a[0:n]) from_device(0)
#pragma acc wait device
#pragma acc host_data use_device(a) deviceid(1)
  {
    a[0] = 1;
  }
#pragma acc enter data copyin(a[0:n]) deviceid(0) deviceid(1)
}
