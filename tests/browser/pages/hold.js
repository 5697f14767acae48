// tests/browser/pages/parse-test.md loads this script; the tests hold it back.
window.sharahHeldScript = true;
