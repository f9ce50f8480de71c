"""The CSP of a cast: problem, rules modules, backends, public API and CLI."""
