"""gradcli's report layer."""
