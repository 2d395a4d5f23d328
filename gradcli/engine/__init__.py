"""gradcli's engine layer."""
