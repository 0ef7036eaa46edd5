"""``python -m tabletop``."""

from tabletop.app import main

raise SystemExit(main())
