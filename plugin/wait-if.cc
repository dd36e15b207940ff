/* wait-if.cc — the `if` clause of the wait directive (`#pragma acc
 * wait(1, 2) if(on_device)`), which GCC 12's parser rejects ("'if' is not
 * valid for 'wait'").  The queue list is parsed before the clause is
 * lexed, so the condition travels in the one clause GCC takes there:
 *
 *   if(c)  ->  async(__accgpu_wait_if(c))
 *
 * __accgpu_wait_if returns acc_async_sync when c holds (a plain wait) and
 * ACCGPU_WAIT_SKIP when not, which __accgpu_wait takes as "do nothing".
 * `if` is a conditional macro on wait lines only (clause-mods.cc turns it
 * on and off per line, as it does `wait` on data lines); a wait with both
 * `if` and `async` is a located error.                                  */
#include "gcc-common.h"
#include "passes/data-internal.h"

#define MAX_TOKS 256

static cpp_hashnode *if_node;
static bool async_seen; /* an async clause on the wait line so far */

void accgpu_wait_if_define(cpp_reader *pfile)
{
  accgpu_cpp_define(pfile, "if=", true);
  if_node = cpp_lookup(pfile, (const unsigned char *)"if", 2);
  if_node->type = NT_VOID;
}

void accgpu_wait_if_line(int pragma)
{
  async_seen = false;
  if (if_node)
    if_node->type = pragma == PRAGMA_OACC_WAIT ? NT_USER_MACRO : NT_VOID;
}

void accgpu_wait_if_async_word(void)
{
  async_seen = true;
}

cpp_hashnode *accgpu_wait_if_clause(cpp_reader *pfile, const cpp_token *word)
{
  static cpp_token in[MAX_TOKS], out[MAX_TOKS + 8];
  int n, nout = 0;
  location_t loc = word->src_loc;
  if (accgpu_pp_peek(pfile, 0)->type != CPP_OPEN_PAREN ||
      (n = accgpu_pp_read_group(pfile, in, MAX_TOKS)) < 0)
    return NULL;
  if (async_seen || accgpu_pp_word_follows(pfile, n, "async")) {
    error_at(loc, "accgpu: %<if%> and %<async%> on one %<wait%> directive: "
             "put the wait in an %<if%> statement");
    return NULL;
  }
  accgpu_pp_emit_name(pfile, out, &nout, MAX_TOKS + 8, "async", loc);
  accgpu_pp_emit_punct(out, &nout, MAX_TOKS + 8, CPP_OPEN_PAREN, loc);
  accgpu_pp_emit_name(pfile, out, &nout, MAX_TOKS + 8, "__accgpu_wait_if",
                      loc);
  for (int i = 0; i < n; i++)
    accgpu_pp_emit(out, &nout, MAX_TOKS + 8, &in[i]);
  accgpu_pp_emit_punct(out, &nout, MAX_TOKS + 8, CPP_CLOSE_PAREN, loc);
  accgpu_pp_take(pfile, n);
  return accgpu_pp_inject(pfile, out, nout, loc);
}

/* int __accgpu_wait_if(int), at file scope (the first line). */
void accgpu_wait_if_declare(void)
{
  tree fn = build_decl(BUILTINS_LOCATION, FUNCTION_DECL,
                       get_identifier("__accgpu_wait_if"),
                       build_function_type_list(integer_type_node,
                                                integer_type_node, NULL_TREE));
  DECL_EXTERNAL(fn) = 1;
  TREE_PUBLIC(fn) = 1;
  DECL_ARTIFICIAL(fn) = 1;
  pushdecl(fn);
}
