/* `if` and `async` on one wait directive: the if clause travels in the
   directive's async argument (plugin/wait-if.cc), so both at once are a
   located error (the first of the two lines gets it before GCC's own). */
/* accgpu-expect: error: 7: .if. and .async. on one .wait. directive */
/* accgpu-test: accgpu-only */
void f(int c) {
#pragma acc wait(1) if(c) async(2)
}
