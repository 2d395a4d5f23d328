"""`python -m gradcli` runs the command-line tool."""
from gradcli.cli import main

main()
