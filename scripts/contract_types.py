"""Write site_assets/js/contract.d.ts, the widget's side of the contract
with the engine (``devkit.contract_types``):

    python scripts/contract_types.py           # write it
    python scripts/contract_types.py --check   # exit 1 when it is stale
"""

import sys

from devkit.contract_types import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
