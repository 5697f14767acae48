"""What the scripts (bench, arrival, make_images) and the tests share:

- ``chromium.py``: the one Chromium finder (``SHARAH_CHROMIUM``, else
  Debian's ``/usr/bin/chromium``);
- ``site.py``: the site built into a folder (``mkdocs build --strict`` from
  a config inheriting mkdocs.yml, for a server on a given port), and a free
  port for that server;
- ``boards.py``: every board of the site's pages (the fences of docs/).
"""
