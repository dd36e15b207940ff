# benchmarks/npb: rules come with the part itself.
