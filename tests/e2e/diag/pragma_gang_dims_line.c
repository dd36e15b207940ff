/* gang(dim:) in _Pragma directives (plugin/gang-dims.cc): GCC's parser
 * gives a _Pragma's clauses the `_Pragma` token's location, so two uses of
 * one macro's _Pragma on the same line cannot be told apart: an error when
 * their gang dimensions differ. */
/* accgpu-expect: error: 15: gang\(dim:1\).*_Pragma.*on the line of another */
/* accgpu-expect: error: 20: gang\(dim:2\).*_Pragma.*on the line of another */
#define ACC(x) _Pragma(#x)
#define NEST(a) ACC(acc loop gang(dim:2)) for (int i = 0; i < 4; i++) \
                ACC(acc loop gang) for (int j = 0; j < 4; j++) a[i * 4 + j] = 1;
#define NEST_FLIPPED(a) ACC(acc loop gang) for (int i = 0; i < 4; i++) \
                ACC(acc loop gang(dim:2)) for (int j = 0; j < 4; j++) a[i * 4 + j] = 1;

void f(int *a) {
#pragma acc parallel num_gangs(2, 2) copy(a[0:16])
  NEST(a)
}

void g(int *a) {
#pragma acc parallel num_gangs(2, 2) copy(a[0:16])
  NEST_FLIPPED(a)
}
