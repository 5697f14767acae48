// @ts-check
// Small DOM helpers shared by the widget's modules. Text is always set with
// textContent: nothing from a record, a link or the engine's messages is
// ever parsed as HTML here.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** An element with attributes (false or null: left out; true: present) and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {string | null} [text] @returns {HTMLElementTagNameMap[K]} */
export const el = (tag, attrs = {}, text) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v == null) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  if (text != null) node.textContent = text;
  return node;
};

/** The element around an event's target that matches ``selector``, if any.
 * @template {HTMLElement} [T=HTMLElement] @param {Event} e @param {string} selector @returns {T | null} */
export function closest(e, selector) {
  const t = e.target;
  return t instanceof Element ? /** @type {T | null} */ (t.closest(selector)) : null;
}

/** Is ``node`` shown, and on the screen or within a screen's height of it? */
/** @param {Element} node */
export function nearScreen(node) {
  const r = node.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.bottom > -innerHeight && r.top < 2 * innerHeight;
}

/** The text with a capital first letter. @type {(s: string) => string} */
export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
/** The text ending as a sentence ends. @type {(s: string) => string} */
export const sentence = (s) => (s && !/[.!?]$/.test(s) ? `${s}.` : s);

/** The engine's markup for one element (sharah_web/markup.py) put on ``box``:
 *  its attributes and children; ``box`` stays, with its listeners.
 * @param {Element} box @param {string} html */
export function adopt(box, html) {
  const t = document.createElement("template");
  t.innerHTML = html;
  const fresh = t.content.firstElementChild;
  if (!fresh) { box.replaceChildren(); return; }
  for (const a of [...box.attributes]) if (!fresh.hasAttribute(a.name)) box.removeAttribute(a.name);
  for (const a of fresh.attributes) box.setAttribute(a.name, a.value);
  box.replaceChildren(...fresh.childNodes);
}

/** The element an address's fragment names (``#id``, percent-escaped as
 *  links write it), or null: none, no such element, or a malformed escape.
 * @param {string} hash @param {Pick<Document, "getElementById">} [doc] @returns {HTMLElement | null} */
export function fragmentTarget(hash, doc = document) {
  if (hash.length < 2) return null;
  try {
    return doc.getElementById(decodeURIComponent(hash.slice(1)));
  } catch (err) {
    return null;      // a malformed escape (URIError): no target
  }
}
