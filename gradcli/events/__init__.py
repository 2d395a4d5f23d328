"""The event model: plain data the core emits and the renderers read (imports only the engine)."""
