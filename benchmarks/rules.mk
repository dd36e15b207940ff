# benchmarks: rules come with the part itself.
