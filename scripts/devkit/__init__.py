"""What the scripts (bench, arrival, make_images) and the tests share:

- ``chromium.py``: the one Chromium finder and its launch switches
  (``SHARAH_CHROMIUM``, else Debian's headless shell for the tests and
  its full ``/usr/bin/chromium`` for the benchmarks);
- ``site.py``: the site built into a folder (``mkdocs build --strict`` from
  a config inheriting mkdocs.yml, for a server on a given port), and a free
  port for that server;
- ``server.py``: the one static server for the built site (MIME types,
  ETag/304, HTTP/1.1; on demand gzip, a Cache-Control header, a shaped
  link, a cut network, a folder switched while serving, requests held or
  answered otherwise by a test's rules);
- ``boards.py``: every board of the site's pages (the fences of docs/);
- ``hangs.py``: the tests' plugin that fails a test that hangs, by name
  (pytest.ini).
"""
