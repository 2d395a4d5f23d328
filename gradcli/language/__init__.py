"""gradcli's language layer."""
