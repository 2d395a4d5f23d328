"""The application layer: runs scripts, sessions and the CLI over the core and renderers."""
