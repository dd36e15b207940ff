/* Members of *p in data clauses of a compute construct that the compiler
   does not take: several members when the region also uses p itself
   (their device copies may be apart, and p can point at only one of
   them), and one member in two clauses (the region's uses of it would go
   through one section's pointer). */
/* accgpu-expect: error: 14: .p->n.: the region .*uses .p. other than through the members */
/* accgpu-expect: error: 18: .p->arr\[0:8\].: member .arr. is in another data clause */
/* accgpu-test: accgpu-only */
struct S { int n; double arr[64]; int guard; };

void f(struct S *p)
{
  /* p itself is used: one member could be reached through it, not two */
#pragma acc parallel loop copy(p->arr[0:16]) copyin(p->n)
  for (int i = 0; i < 16; i++)
    if (p)
      p->arr[i] += p->n;
#pragma acc parallel loop copy(p->arr[0:8]) copyin(p->arr[8:8])
  for (int i = 0; i < 16; i++)
    p->arr[i] += 1;
}
