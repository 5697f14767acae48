// Small DOM helpers shared by the widget's modules. Text is always set with
// textContent: nothing from a record, a link or the engine's messages is
// ever parsed as HTML here.

export const SVG_NS = "http://www.w3.org/2000/svg";

export const el = (tag, attrs = {}, text) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v == null) continue;
    node.setAttribute(k, v === true ? "" : v);
  }
  if (text != null) node.textContent = text;
  return node;
};

export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
export const sentence = (s) => (s && !/[.!?]$/.test(s) ? `${s}.` : s);
