"""The site build: MkDocs hooks for the playable boards, one module a job.

``hooks.py`` is the file mkdocs.yml names (``hooks:``); it holds only
MkDocs' events and hands each job the build's ``BuildContext``
(``context.py``), which declares everything the jobs share:

- ``proofs.py``: every stored puzzle's certificate checked again (a
  puzzle whose win no longer holds fails the build, naming it);
- ``fence.py``: the ```sharah fence (a static board; a bad fence fails the
  build, naming the page and the line);
- ``stage.py``: the widget, the site's own Pyodide runtime, the engine zip
  and the lean standard library as site files;
- ``head.py``: what a page with boards starts from its head (the engine's
  worker, the widget's modules);
- ``policy.py``: the Content-Security-Policy of every page;
- ``early.py``: the early answers and each page's first board (play before
  the runtime is up);
- ``offline.py``: the web app manifest and the service worker.
"""
