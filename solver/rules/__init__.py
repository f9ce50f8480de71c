"""One module per rules area; each adds variables and constraints to a CastProblem."""
