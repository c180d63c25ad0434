"""``python -m command``: the ``lexnli`` command where its console script is not on the PATH."""
import sys

from .main import main

sys.exit(main())
