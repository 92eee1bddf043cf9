"""The frozen app's entry point: the same ``main`` as ``python -m tftmanager``.

With no arguments (a double-click) or a campaign file it opens the window;
with a command it is the command line, so one binary serves both.
"""

import sys

from tftmanager.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
