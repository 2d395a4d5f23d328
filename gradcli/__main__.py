"""`python -m gradcli` runs the command-line tool."""
from gradcli.app.cli import main

main()
