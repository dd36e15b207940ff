/* struct-members.h — sections of struct members on compute constructs
 * (struct-members.cc).                                                   */
#ifndef ACCGPU_STRUCT_MEMBERS_H
#define ACCGPU_STRUCT_MEMBERS_H 1

#include "accgpu-plugin.h"

/* `parallel loop copy(v.x[0:v.n])` with a struct variable v: the member
   pointer becomes a pointer variable the kernel gets like any mapped
   pointer, and v itself goes by value (firstprivate). */
void accgpu_struct_member_maps(gimple_stmt_iterator *gsi, gomp_target *t);

/* The same through a pointer (`copyin(p->x[0:p->n])`): *p is copied into
   a struct variable before the construct, which goes by value, when the
   region only reads *p's members. */
void accgpu_pointee_member_maps(gimple_stmt_iterator *gsi, gomp_target *t);

/* A whole struct and its members' sections on one compute construct
   (`parallel copyin(s) copy(s.a[0:n])`): the construct becomes a data
   construct of those maps around itself with present(s); true when it
   did (GSI is then at the data construct). */
bool accgpu_struct_data_wrap(gimple_stmt_iterator *gsi, gomp_target *t);

/* struct-values.cc: members of a struct variable, or of what a pointer
   points to, that are not pointer sections (`present(t.s)`, `copy(s.a,
   s.b)`, `copy(s.arr[8:32])`, `copy(p->arr[0:n])`) become sections through
   pointers set before the construct, so the kernel does not take the
   struct's host address nor index past the section from p. */
void accgpu_struct_value_maps(gimple_stmt_iterator *gsi, gomp_target *t);

#endif
