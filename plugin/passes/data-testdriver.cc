/* data-testdriver.cc — a private plugin_init + pass for testing the data
 * side before the real pass driver exists.  Built only by hand:
 *   g++ -DACCGPU_DATA_TESTDRIVER ... -o build/accgpu-data.so
 * It lowers data constructs and leaves compute constructs to GCC.      */
#ifdef ACCGPU_DATA_TESTDRIVER
#include "gcc-common.h"
#include "passes/lower-data.h"

int plugin_is_GPL_compatible;

static void walk_seq(gimple_seq *seq);

static void walk_stmt_bodies(gimple *stmt)
{
  switch (gimple_code(stmt)) {
  case GIMPLE_BIND:
    walk_seq(gimple_bind_body_ptr(as_a<gbind *>(stmt)));
    break;
  case GIMPLE_TRY:
    walk_seq(gimple_try_eval_ptr(stmt));
    walk_seq(gimple_try_cleanup_ptr(stmt));
    break;
  case GIMPLE_CATCH:
    walk_seq(gimple_catch_handler_ptr(as_a<gcatch *>(stmt)));
    break;
  case GIMPLE_EH_FILTER:
    walk_seq(gimple_eh_filter_failure_ptr(stmt));
    break;
  case GIMPLE_OMP_TARGET: {
    tree c = gimple_omp_target_clauses(stmt);
    accgpu_take_deviceid(&c);
    gimple_omp_target_set_clauses(as_a<gomp_target *>(stmt), c);
  }
    /* fall through */
  case GIMPLE_OMP_FOR:
  case GIMPLE_OMP_PARALLEL:
    walk_seq(gimple_omp_body_ptr(stmt));
    break;
  default:
    break;
  }
}

static void walk_seq(gimple_seq *seq)
{
  for (gimple_stmt_iterator gsi = gsi_start(*seq); !gsi_end_p(gsi);) {
    if (accgpu_lower_data_construct(&gsi))
      continue;
    walk_stmt_bodies(gsi_stmt(gsi));
    gsi_next(&gsi);
  }
}

static const pass_data data_pass_data = {
  GIMPLE_PASS, "accgpu_data_test", OPTGROUP_NONE, TV_NONE, PROP_gimple_any,
  0, 0, 0, 0};

struct data_pass : gimple_opt_pass {
  data_pass(gcc::context *ctx) : gimple_opt_pass(data_pass_data, ctx) {}
  unsigned int execute(function *fn) final override
  {
    gimple_seq body = gimple_body(fn->decl);
    walk_seq(&body);
    gimple_set_body(fn->decl, body);
    return 0;
  }
};

int plugin_init(struct plugin_name_args *info,
                struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check(version, &gcc_version))
    return 1;
  global_options.x_flag_openacc = 1;
  accgpu_deviceid_init(info->base_name);
  struct register_pass_info p;
  p.pass = new data_pass(g);
  p.reference_pass_name = "omplower";
  p.ref_pass_instance_number = 1;
  p.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &p);
  return 0;
}
#endif
