"""The sandbox: a Python-subset interpreter that knows no torch and is handed its names."""
