#!/usr/bin/env python3
"""gen.py SEED: prints a random OpenACC C program, race-free by construction.

The program prints a hash of every array and scalar it computed, so its
serial build (pragmas ignored) is the reference: every device must print
the same.  Values stay small integers (in float and double too), so sums
and products are exact in any order and with or without fma contraction;
integer expressions are wrapped modulo 1000 after each product, floating
ones after every operation.

A program is 3-8 regions, each one of (weights in REGIONS; the code is in
core.py, compute.py, reductions.py, data.py, atomics.py, shapes.py):
  map         loop nests in parallel or kernels with any gang/worker/vector
              levels, collapse, tile, down-counting, strided and `<=` loops,
              bodies with locals (const, arrays, nested blocks), if/else,
              switch, while; 1-3 dimensional arrays, flat or declared so
  scalarred   one or two scalar reductions (+ * max min & | ^ && ||) over
              a nest, at gang, worker, vector or combined levels
  rowred      the sparse-row shape: gang loop, inner reduction into a
              scalar declared outside or inside the region
  seqinner    a loop seq inside a partitioned loop, reading a whole input
  atomic      histograms with atomic update, atomic capture summed by a
              reduction
  private     private scalar and array, firstprivate scalar
  dataregion  a data region with present, default(present), update
              self/device and host work between two constructs
  unstructured enter/exit data around a function whose loop says present
  async       two constructs on different queues, then wait
  routine     a routine seq function called from a loop
  kernelsauto kernels with plain loops, one of them carrying a dependence
              (it must stay sequential)
  ifclause    a construct whose if clause is false at run time
  multiloop   a parallel region of independent gang loops and a gang
              reduction with its clause on the loop only
  twophase, gangprivate  two vector loops in a gang iteration, the second
              reading what the first wrote (a shared or gang-private row)
  kernelsred  kernels with a plain loop that reduces (found or serial)
  api         acc_copyin/acc_create/acc_copyout/acc_delete, acc_malloc
              memory through deviceptr
  asyncdata   async enter data, constructs and exit data on one queue
  structs     arrays of structs, a member section of a struct
  arrayred    a reduction on an array section
  serial      a serial construct with a running sum
  waitclause  two queues ordered by a wait clause
  kernelsclauses  kernels loop gang(n) vector(m), cache, default(none),
              gang(static:k)
  allred      reductions of every operator on every C integer and floating
              type: on a gang loop and its worker/vector loop, into a
              per-row variable, on the parallel construct itself
  atomicforms atomic read, write and capture ({v = x; x op= e;},
              {x op= e; v = x;}, v = x++, v = ++x, v = x += e)
  atomicops   atomic update of + - * & | ^ ++ -- in every form, char to
              double
  hostdata    host_data use_device: acc_memcpy_device/_to_device/
              _from_device and a function whose loop says deviceptr
  nesteddata  nested data regions mapping part of an array, partial
              update self/device, if_present on mapped and absent arrays
  declare     a global under declare create/copyin, update, read by a
              routine seq
  asyncwaits  wait(q1, q2) async(q3), acc_wait_all or acc_async_test
  kernelsnests kernels with two nests and scalar code between them
  devbounds   loop bounds read from a device array (serial, parallel)
  structpriv  private array of structs, firstprivate struct
  routinepar  routine worker/vector with its own loop, from a gang loop
  defaultnone default(none) with every variable named
  selfif      self or if clauses, true or false at run time
  routinered  routine worker/vector whose loop reduces into what it returns
  vecprivate  a private array on a worker/vector loop in a gang loop
  rowsections copy and update self/device of whole rows of 2-D arrays
Loops (core.py) take index types from char to unsigned long long, offset
and negative-step bounds (collapsed too), `!=` when no directive is on
them (GCC refuses it under one), auto/independent, tile(*, N); launch
sizes may be run-time expressions, 1 among them.  ACCGPU_FUZZ_KINDS=a,b
limits a program to those region kinds.
"""
import os
import sys

from atomics import Atomics
from compute import Compute
from core import Core
from data import Data
from reductions import Reductions
from shapes import Shapes


class Gen(Core, Compute, Reductions, Data, Atomics, Shapes):
    REGIONS = [("map", 6), ("scalarred", 3), ("rowred", 2), ("seqinner", 1),
               ("atomic", 1), ("private", 1), ("dataregion", 1),
               ("unstructured", 1), ("async", 1), ("routine", 1),
               ("kernelsauto", 1), ("ifclause", 1), ("multiloop", 1),
               ("twophase", 1), ("kernelsred", 1), ("api", 1),
               ("asyncdata", 1), ("structs", 1), ("gangprivate", 1),
               ("arrayred", 1), ("serial", 1), ("waitclause", 1),
               ("kernelsclauses", 1), ("allred", 3),
               ("atomicforms", 1), ("atomicops", 1),
               ("hostdata", 1),
               ("nesteddata", 1), ("declare", 1), ("asyncwaits", 1),
               ("kernelsnests", 1), ("devbounds", 1), ("structpriv", 1),
               ("routinepar", 1), ("defaultnone", 1), ("selfif", 1),
               ("routinered", 1), ("vecprivate", 1), ("rowsections", 1)]

    def program(self):
        only = os.environ.get("ACCGPU_FUZZ_KINDS", "").split(",")
        kinds = [k for k, w in self.REGIONS for _ in range(w)
                 if only == [""] or k in only]
        for _ in range(self.r.randint(3, 8)):
            getattr(self, "region_" + self.r.choice(kinds))()
        return self.render()


if __name__ == "__main__":
    sys.stdout.write(Gen(int(sys.argv[1])).program())
