import sys

from papyrus.cli import main

sys.exit(main())
