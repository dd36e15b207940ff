# autotune: rules come with the part itself.
