"""``python -m tracelint ...`` runs the CLI, as the ``tracelint`` script does."""

from tracelint._cli import main

main()
