# plugin: rules come with the part itself.
